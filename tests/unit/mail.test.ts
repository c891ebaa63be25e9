import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../bff/config.ts'
import type { Mailer } from '../../bff/lib/deps.ts'
import { smtpMailer } from '../../bff/lib/smtp-mailer.ts'
import { DEMO_ADMIN, DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { signUpInput, testBff } from '../shared/bff.ts'
import { officeOf, sentQuote } from '../shared/sent-documents.ts'
import { mailServer } from '../shared/smtp.ts'
import { memoryAdapter } from '../../storage/drivers/memory.ts'
import { StorageUnavailableError } from '../../storage/errors.ts'
import { createStore } from '../../storage/store.ts'

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

  it('sends an invitation again by e-mail and says so: the office is answered no link, the mailed one works', async () => {
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
    const resent = await call<{ url: string | null; emailed: boolean }>(
      `/ac_usuarios/${made.Dados.id}/resend-invitation`,
      { method: 'POST' },
    )
    expect(resent.Dados).toEqual({ url: null, emailed: true })
    expect(resent.Msg).toBe('Invitation sent')
    const mails = smtp.received.filter((m) => m.to.includes(email))
    const mailed = /\/reset-password\?token=([\w-]+)&invited=1/.exec(mails.at(-1)!.text)![1]
    expect((await bff.call('/auth/reset-link', { method: 'POST', json: { token: mailed } })).status).toBe(200)
    // in the company's language, which the invitation took (Acme's: Portuguese)
    expect(mails.at(-1)?.subject).toBe('Acme Field Services convidou você para o Fieldwise')
    expect(mails.at(-1)?.text).toContain('Olá, Nina Reis.')
  })
})

describe('no secret link in a production log', () => {
  /** The BFF as a production start configures it (the tests' cheap hashing aside): its log is what an operator reads. */
  const production = (mailer: Mailer | null, store?: ReturnType<typeof createStore>) =>
    testBff({
      mailer,
      ...(store ? { store } : {}),
      config: {
        ...loadConfig({
          NODE_ENV: 'test',
          PASSWORD_HASH_ITERATIONS: '1000',
          JWT_SECRET: 'a-production-secret-long-enough-0123',
        }),
        env: 'production',
        production: true,
        publicUrl: 'https://app.example.com',
        signUpOpen: true,
      },
    })
  const LINKS = /token=|confirm-email|reset-password|\/q\/|\/i\/|https:\/\/app\.example\.com/

  it('logs that a reset, an invitation, a sign-up or a client link was not sent, never the link itself', async () => {
    const bff = await production(null)
    expect(
      (await bff.call('/auth/forgot-password', { method: 'POST', json: { email: DEMO_ADMIN.email } })).status,
    ).toBe(200)
    const person = { name: 'Ana Alves', email: 'ana@alves.example', password: 'Blue-Harbor-Lantern-47' }
    const signUp = await bff.call('/auth/sign-up', { method: 'POST', json: signUpInput(person) })
    expect(signUp.status).toBe(200)
    expect(signUp.headers.get('confirmation-link')).toBeNull()
    const office = await officeOf((path, init) => bff.api.request(path, init))
    await office('/ac_usuarios', {
      method: 'POST',
      json: { name: 'Nina Reis', email: 'nina@acme.example', role: 'technician', filial: 2 },
    })
    await sentQuote(office)
    expect(bff.logs).toEqual(
      expect.arrayContaining([
        `password reset link for ${DEMO_ADMIN.email}: not sent, there is no mail server (SMTP_URL)`,
        `sign-up confirmation link for ${person.email}: not sent, there is no mail server (SMTP_URL)`,
        'invitation to Acme Field Services (choose a password) for nina@acme.example: not sent, there is no mail server (SMTP_URL)',
        expect.stringMatching(/^quote \S+ for \S+: not sent, there is no mail server \(SMTP_URL\)$/),
      ]),
    )
    expect(bff.logs.filter((line) => LINKS.test(line))).toEqual([])
  })

  it('logs a mail server’s refusal without the link', async () => {
    const bff = await production(async () => {
      throw new Error('550 mailbox unavailable')
    })
    expect(
      (await bff.call('/auth/forgot-password', { method: 'POST', json: { email: DEMO_ADMIN.email } })).status,
    ).toBe(200)
    await expect
      .poll(() => bff.logs.find((line) => line.startsWith('password reset link for')))
      .toBe(`password reset link for ${DEMO_ADMIN.email} could not be sent by e-mail Error: 550 mailbox unavailable`)
    expect(bff.logs.filter((line) => LINKS.test(line))).toEqual([])
  })

  it('logs a failed request on a client’s link without the link’s token', async () => {
    const memory = memoryAdapter()
    let down = false
    const store = createStore({
      ...memory,
      read: (key) => (down ? Promise.reject(new StorageUnavailableError('connection refused')) : memory.read(key)),
    })
    const bff = await production(null, store)
    const { token } = await sentQuote(await officeOf((path, init) => bff.api.request(path, init)))
    down = true
    expect((await bff.api.request(`/public/quotes/${token}`)).status).toBe(503)
    expect(bff.logs).toContain(
      'GET /public/quotes/…: storage unavailable The storage is not answering: connection refused',
    )
    expect(bff.logs.filter((line) => line.includes(token))).toEqual([])
  })
})
