import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../bff/config.ts'
import type { MailMessage } from '../../bff/lib/deps.ts'
import { createPerson, signUpInput, signUpLink, testBff, type TestBff } from '../shared/bff.ts'

type Refusal = { code?: string; fields?: Record<string, string[]>; codes?: Record<string, string> }
type Session = { accessToken: string; user: { id: string; culture: string } }

const ana = { name: 'Ana Alves', email: 'ana@alves.example', password: 'Blue-Harbor-Lantern-47' }

const confirm = (bff: TestBff, token: string) => bff.call('/auth/confirm-sign-up', { method: 'POST', json: { token } })

const companyNamed = async (bff: TestBff, name: string) =>
  (await bff.deps.repos.companies.list()).filter((c) => c.NOME_EMPRESA === name)

// issue 31 §1: sign-up founds a company, confirmed by a link to the e-mail
describe('sign-up founds a company', () => {
  it('creates nothing until the e-mail is confirmed; the link then founds the company, its main branch and its admin, signed in', async () => {
    const bff = await testBff()
    const token = await signUpLink(bff, signUpInput(ana))
    // before the link: no account, no company
    expect((await bff.call('/auth/sign-in', { method: 'POST', json: ana })).status).toBe(404)
    expect(await companyNamed(bff, 'Alves Climatização')).toEqual([])
    // the link says what it will found, in the language chosen for it
    const facts = await bff.call('/auth/sign-up-link', { method: 'POST', json: { token } })
    expect(await facts.json()).toEqual({ company: 'Alves Climatização', culture: 'pt' })

    const res = await confirm(bff, token)
    expect(res.status).toBe(200)
    const session = (await res.json()) as Session
    expect(session.user.culture).toBe('pt')
    const [company] = await companyNamed(bff, 'Alves Climatização')
    expect(company).toMatchObject({
      COUNTRY: 'BR',
      CURRENCY: 'BRL',
      CULTURE: 'pt',
      TIME_ZONE: 'America/Sao_Paulo',
      CNPJ: '',
      // no legal name given: its documents print its name
      RAZAO_SOCIAL: 'Alves Climatização',
      ACTIVE: true,
    })
    const branches = await bff.deps.repos.companies.branches(company.COD_EMPRESA)
    expect(branches.map((b) => [b.NOM_FILIAL, b.FLG_PRINCIPAL])).toEqual([['Matriz', 'S']])
    // she works there at once, as its admin, and signs in with her password
    const headers = { 'x-empresa': String(company.COD_EMPRESA), 'x-filial': String(branches[0].COD_FILIAL) }
    const users = await bff.call('/ac_usuarios', { token: session.accessToken, headers })
    expect(users.status).toBe(200)
    const rows = ((await users.json()) as { Dados: { items: Array<{ email: string; role: string }> } }).Dados.items
    expect(rows.map((u) => [u.email, u.role])).toEqual([[ana.email, 'admin']])
    expect((await bff.call('/auth/sign-in', { method: 'POST', json: ana })).status).toBe(200)
  })

  it('founds the company with the legal name given (its RAZAO_SOCIAL, which its documents print)', async () => {
    const bff = await testBff()
    const token = await signUpLink(bff, signUpInput(ana, { legalName: 'Alves Climatização e Serviços Ltda.' }))
    expect((await confirm(bff, token)).status).toBe(200)
    const [company] = await companyNamed(bff, 'Alves Climatização')
    expect(company.RAZAO_SOCIAL).toBe('Alves Climatização e Serviços Ltda.')
  })

  it('founds one company and one account when the link is confirmed twice, or five times at once', async () => {
    const bff = await testBff()
    const token = await signUpLink(bff, signUpInput(ana))
    const answers = await Promise.all(Array.from({ length: 5 }, () => confirm(bff, token)))
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200])
    const again = await confirm(bff, token)
    expect(again.status).toBe(200)
    const ids = new Set(await Promise.all([...answers, again].map(async (r) => ((await r.json()) as Session).user.id)))
    expect(ids.size).toBe(1)
    expect(await companyNamed(bff, 'Alves Climatização')).toHaveLength(1)
  })

  it('is no lasting key: answered again after ten minutes, it says to sign in', async () => {
    let now = Date.now()
    const bff = await testBff({ now: () => now })
    const token = await signUpLink(bff, signUpInput(ana))
    const first = await confirm(bff, token)
    expect(first.status).toBe(200)
    // answered again at once (a lost answer): the same account
    expect((await confirm(bff, token)).status).toBe(200)
    // its page no longer offers to create the company
    const facts = await bff.call('/auth/sign-up-link', { method: 'POST', json: { token } })
    expect(facts.status).toBe(400)
    expect(((await facts.json()) as Refusal).code).toBe('sign_up_link_used')
    now += 11 * 60 * 1000
    const later = await confirm(bff, token)
    expect(later.status).toBe(400)
    expect(((await later.json()) as Refusal).code).toBe('sign_up_link_used')
    expect(await companyNamed(bff, 'Alves Climatização')).toHaveLength(1)
  })

  it('opens no session once the person signed out: the used link, opened again, says to sign in', async () => {
    const bff = await testBff()
    const token = await signUpLink(bff, signUpInput(ana))
    const first = (await (await confirm(bff, token)).json()) as Session
    // a lost answer: sent again at once, the same session
    const again = (await (await confirm(bff, token)).json()) as Session
    expect((await bff.call('/common/user', { token: again.accessToken })).status).toBe(200)
    expect((await bff.call('/auth/sign-out', { method: 'POST', token: first.accessToken })).status).toBe(200)
    expect((await bff.call('/common/user', { token: again.accessToken })).status).toBe(401)
    // on a shared computer, the next person finds the link in the history: no session
    const after = await confirm(bff, token)
    expect(after.status).toBe(400)
    expect(((await after.json()) as Refusal).code).toBe('sign_up_link_used')
    expect(await companyNamed(bff, 'Alves Climatização')).toHaveLength(1)
  })

  it('says to sign in, within the ten minutes too, once the password changed', async () => {
    const bff = await testBff()
    const token = await signUpLink(bff, signUpInput(ana))
    const session = (await (await confirm(bff, token)).json()) as Session
    const changed = await bff.call('/common/user/password', {
      method: 'POST',
      token: session.accessToken,
      json: { currentPassword: ana.password, newPassword: 'Another-Harbor-Lantern-48' },
    })
    expect(changed.status).toBe(200)
    const again = await confirm(bff, token)
    expect(again.status).toBe(400)
    expect(((await again.json()) as Refusal).code).toBe('sign_up_link_used')
  })

  it('founds one company when two sign-ups of one address are confirmed at once: the other is refused, leaving nothing', async () => {
    const bff = await testBff()
    const first = await signUpLink(bff, signUpInput(ana, { company: 'Alves Um' }))
    const second = await signUpLink(bff, signUpInput(ana, { company: 'Alves Dois' }))
    const answers = await Promise.all([confirm(bff, first), confirm(bff, second)])
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409])
    const companies = [...(await companyNamed(bff, 'Alves Um')), ...(await companyNamed(bff, 'Alves Dois'))]
    expect(companies).toHaveLength(1)
  })

  it('founds nothing from a link once sign-up is closed', async () => {
    const open = await testBff()
    const token = await signUpLink(open, signUpInput(ana))
    const closed = await testBff({ store: open.store, seed: false, env: { SIGNUP: 'closed' } })
    const res = await confirm(closed, token)
    expect(res.status).toBe(403)
    expect(((await res.json()) as Refusal).code).toBe('sign_up_closed')
    expect(await companyNamed(closed, 'Alves Climatização')).toEqual([])
  })

  it('refuses an unknown or expired link and creates nothing', async () => {
    let now = Date.now()
    const bff = await testBff({ now: () => now })
    const token = await signUpLink(bff, signUpInput(ana))
    const unknown = await confirm(bff, 'x'.repeat(43))
    expect(unknown.status).toBe(400)
    expect(((await unknown.json()) as Refusal).code).toBe('sign_up_link_invalid')
    now += 3 * 24 * 60 * 60 * 1000
    const expired = await confirm(bff, token)
    expect(expired.status).toBe(400)
    expect(((await expired.json()) as Refusal).code).toBe('sign_up_link_invalid')
    expect(await companyNamed(bff, 'Alves Climatização')).toEqual([])
  })

  it('does not tell whether an e-mail is taken, and never changes that account', async () => {
    const mails: MailMessage[] = []
    const bff = await testBff({ mailer: async (mail) => void mails.push(mail) })
    await createPerson(bff, ana)
    const signUp = (email: string) =>
      bff.call('/auth/sign-up', {
        method: 'POST',
        json: signUpInput({ ...ana, email, password: 'Another-Password-2026' }),
      })
    const [taken, free] = await Promise.all([signUp(ana.email), signUp('someone.new@alves.example')])
    // the same answer, headers and all; only the free address gets a link, the taken one is told it has an account
    for (const res of [taken, free]) {
      expect(res.status).toBe(200)
      expect(await res.json()).toBe(true)
      expect(res.headers.get('confirmation-link')).toBeNull()
    }
    expect(mails.map((m) => m.to).sort()).toEqual([ana.email, 'someone.new@alves.example'])
    const told = mails.find((m) => m.to === ana.email)!
    expect(told.subject).toBe('You already have a Fieldwise account')
    expect(told.text).not.toMatch(/confirm-email/)
    expect((await bff.call('/auth/sign-in', { method: 'POST', json: ana })).status).toBe(200)
    expect(await companyNamed(bff, 'Alves Climatização')).toEqual([])
  })

  it('refuses a link whose e-mail got an account meanwhile (409), founding nothing', async () => {
    const bff = await testBff()
    const token = await signUpLink(bff, signUpInput(ana))
    await createPerson(bff, ana)
    const res = await confirm(bff, token)
    expect(res.status).toBe(409)
    expect(((await res.json()) as Refusal).code).toBe('email_registered')
    expect(await companyNamed(bff, 'Alves Climatização')).toEqual([])
  })

  it('asks for the company with field errors: its name, a country, a time zone', async () => {
    const bff = await testBff()
    const res = await bff.call('/auth/sign-up', {
      method: 'POST',
      json: signUpInput(ana, { company: ' ', country: 'ZZ', timeZone: 'Mars/Olympus' }),
    })
    expect(res.status).toBe(400)
    const body = (await res.json()) as Refusal
    expect(body.codes).toMatchObject({
      company: 'field_required',
      country: 'invalid_country',
      timeZone: 'invalid_time_zone',
    })
  })

  it('refuses a sign-up without the agreements next to the field, and sends no link', async () => {
    const bff = await testBff()
    for (const agreements of [false, undefined]) {
      const res = await bff.call('/auth/sign-up', { method: 'POST', json: { ...signUpInput(ana), agreements } })
      expect(res.status).toBe(400)
      const body = (await res.json()) as Refusal
      expect(body.fields?.agreements).toEqual([
        'Accept the terms of service and the privacy policy to create your company',
      ])
      expect(res.headers.get('confirmation-link')).toBeNull()
    }
    expect(bff.logs.some((l) => l.includes(ana.email))).toBe(false)
    const res = await bff.call('/auth/sign-up', { method: 'POST', json: { ...signUpInput(ana), agreements: false } })
    expect(((await res.json()) as Refusal).codes).toEqual({ agreements: 'agreements_required' })
  })

  it('e-mails the link in the company’s language and never hands it back then', async () => {
    const mails: MailMessage[] = []
    const bff = await testBff({ mailer: async (mail) => void mails.push(mail) })
    const res = await bff.call('/auth/sign-up', {
      method: 'POST',
      json: signUpInput(ana, { culture: 'es', company: 'Alves Clima', country: 'MX', currency: 'MXN' }),
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('confirmation-link')).toBeNull()
    expect(mails).toHaveLength(1)
    expect(mails[0].to).toBe(ana.email)
    expect(mails[0].subject).toBe('Confirma tu correo para crear Alves Clima')
    const token = /\/confirm-email\?token=([\w-]+)/.exec(mails[0].text)![1]
    expect((await confirm(bff, token)).status).toBe(200)
    expect((await companyNamed(bff, 'Alves Clima'))[0]).toMatchObject({ COUNTRY: 'MX', CURRENCY: 'MXN', CULTURE: 'es' })
  })

  it('is closed where SIGNUP=closed, and in production unless SIGNUP=open with a mail server', async () => {
    const bff = await testBff({ env: { SIGNUP: 'closed' } })
    const res = await bff.call('/auth/sign-up', { method: 'POST', json: signUpInput(ana) })
    expect(res.status).toBe(403)
    expect(((await res.json()) as Refusal).code).toBe('sign_up_closed')
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'a-production-secret-that-is-long-enough-0123',
      PUBLIC_URL: 'https://app.example.com',
    }
    expect(loadConfig(production).signUpOpen).toBe(false)
    // open in production only with a mail server: the links are never logged there
    expect(() => loadConfig({ ...production, SIGNUP: 'open' })).toThrow(
      'Invalid setting SIGNUP: cannot be open in production without a mail server (SMTP_URL)',
    )
    expect(loadConfig({ ...production, SIGNUP: 'open', SMTP_URL: 'smtp://mail.example:587' }).signUpOpen).toBe(true)
    expect(loadConfig({ NODE_ENV: 'development' }).signUpOpen).toBe(true)
  })
})
