import { afterAll, describe, expect, it } from 'vitest'
import { smtpMailer } from '../../bff/lib/smtp-mailer.ts'
import { DEMO_ADMIN, DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { testBff } from '../shared/bff.ts'
import { mailServer } from '../shared/smtp.ts'

const smtp = await mailServer()
afterAll(() => smtp.close())

type Answer<T> = { Dados: T }

describe('e-mail through SMTP_URL', () => {
  it("sends a quote's link to the client in the quote's language; the link opens the quote", async () => {
    const bff = await testBff({
      mailer: smtpMailer(smtp.url, 'Acme <quotes@acme.example>'),
      env: { PUBLIC_URL: 'https://app.acme.example' },
    })
    const token = await bff.signIn(DEMO_ADMIN)
    const headers = { 'x-empresa': '1', 'x-filial': '1' }
    const call = async <T>(path: string, init: { method?: string; json?: unknown } = {}) =>
      (await (await bff.call(path, { ...init, token, headers })).json()) as Answer<T>
    const client = (
      await call<{ id: string }>('/cd_cliente', {
        method: 'POST',
        json: { kind: 'person', name: 'Marina Costa', contacts: [{ kind: 'email', value: 'marina@client.example' }] },
      })
    ).Dados
    const quote = (
      await call<{ id: string; number: string }>('/cd_cotacao', {
        method: 'POST',
        json: {
          clientId: client.id,
          culture: 'pt',
          lines: [{ description: 'Instalação', quantity: 1, unitPrice: 123456 }],
        },
      })
    ).Dados
    const sent = await call<{ delivery: unknown }>(`/cd_cotacao/${quote.id}/send`, { method: 'POST' })
    // the answer says the e-mail carried it
    expect(sent.Dados.delivery).toEqual({ by: 'email', to: 'marina@client.example' })

    const mail = smtp.received.find((m) => m.to.includes('marina@client.example'))
    expect(mail).toBeDefined()
    expect(mail!.from).toBe('"Acme" <quotes@acme.example>')
    expect(mail!.subject).toBe(`Orçamento ${quote.number} de Acme Field Services`)
    expect(mail!.text).toContain('Olá, Marina Costa.')
    expect(mail!.text).toMatch(/total R\$\s1\.234,56/)
    const link = mail!.text.match(/https:\/\/app\.acme\.example\/q\/(\S+)/)
    expect(link).not.toBeNull()
    const opened = (await (await bff.call(`/public/quotes/${link![1]}`)).json()) as Answer<{
      number: string
      state: string
    }>
    expect(opened.Dados).toMatchObject({ number: quote.number, state: 'sent' })
    expect(bff.logs).toContain(`quote ${quote.number} sent by e-mail to marina@client.example`)
  })

  it('sends password reset links by e-mail; a refusing mail server is logged with the link and the answer stays the same', async () => {
    const bff = await testBff({ mailer: smtpMailer(smtp.url, 'Fieldwise <no-reply@acme.example>') })
    const res = await bff.call('/auth/forgot-password', { method: 'POST', json: { email: DEMO_ADMIN.email } })
    expect(res.status).toBe(200)
    await expect
      .poll(() => smtp.received.some((m) => m.to.includes(DEMO_ADMIN.email) && /\/reset-password\?token=/.test(m.text)))
      .toBe(true)

    // the technician's mailbox is refused: the same answer, the link in the log for an operator
    const refused = await bff.call('/auth/forgot-password', { method: 'POST', json: { email: DEMO_TECHNICIAN.email } })
    expect(refused.status).toBe(200)
    expect(await refused.json()).toEqual(
      await (
        await bff.call('/auth/forgot-password', { method: 'POST', json: { email: 'nobody@nowhere.example' } })
      ).json(),
    )
    await expect
      .poll(() =>
        bff.logs.some((line) =>
          line.startsWith(
            `password reset link for ${DEMO_TECHNICIAN.email} could not be sent by e-mail (the link: http`,
          ),
        ),
      )
      .toBe(true)
  })

  it('sends an invitation again by e-mail and says so; the mailed link is the one the office is answered', async () => {
    const bff = await testBff({ mailer: smtpMailer(smtp.url, 'Fieldwise <no-reply@acme.example>') })
    const token = await bff.signIn(DEMO_ADMIN)
    const headers = { 'x-empresa': '1', 'x-filial': '2' }
    const call = async <T>(path: string, init: { method?: string; json?: unknown } = {}) =>
      (await (await bff.call(path, { ...init, token, headers })).json()) as Answer<T> & { Msg: string }
    const email = 'nina@acme.example'
    const made = await call<{ id: string }>('/ac_usuarios', {
      method: 'POST',
      json: { name: 'Nina Reis', email, role: 'technician', filial: 2 },
    })
    const resent = await call<{ url: string; emailed: boolean }>(`/ac_usuarios/${made.Dados.id}/resend-invitation`, {
      method: 'POST',
    })
    expect(resent.Dados.emailed).toBe(true)
    expect(resent.Msg).toBe('Invitation sent')
    const mails = smtp.received.filter((m) => m.to.includes(email))
    expect(mails.at(-1)?.text).toContain(resent.Dados.url)
    // in the company's language, which the invitation took (Acme's: Portuguese)
    expect(mails.at(-1)?.subject).toBe('Acme Field Services convidou você para o Fieldwise')
    expect(mails.at(-1)?.text).toContain('Olá, Nina Reis.')
  })
})
