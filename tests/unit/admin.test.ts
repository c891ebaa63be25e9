import { describe, expect, it } from 'vitest'
import { DEMO_ADMIN, DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { createPerson, testBff, type TestBff } from '../shared/bff.ts'
import { DEFAULT_PAGES, presetLevel } from '../../domain/modules/index.ts'

const acme = { 'x-empresa': '1', 'x-filial': '2' }
type Answer<T = unknown> = { IsSuccess: boolean; Dados: T; Msg: string; fields?: Record<string, string[]> }
const json = async <T>(res: Response) => (await res.json()) as Answer<T>
const VALID_CNPJ = '11.222.333/0001-81'

async function admin(bff: TestBff) {
  const token = await bff.signIn(DEMO_ADMIN)
  return (
    path: string,
    init: Omit<RequestInit, 'headers'> & { json?: unknown; headers?: Record<string, string> } = {},
  ) => bff.call(path, { ...init, token, headers: { ...acme, ...init.headers } })
}

describe('ac_empresas', () => {
  it('lists, creates (CNPJ checked), edits with If-Match and deactivates companies; a technician is refused', async () => {
    const bff = await testBff()
    const call = await admin(bff)
    const list = await json<{ items: Array<{ NOME_EMPRESA: string }> }>(await call('/ac_empresas?sort=NOME_EMPRESA'))
    expect(list.Dados.items.map((c) => c.NOME_EMPRESA)).toEqual(['Acme Field Services', 'Northwind Home Services'])
    const tech = await bff.signIn(DEMO_TECHNICIAN)
    expect((await bff.call('/ac_empresas', { token: tech })).status).toBe(403)

    const company = {
      NOME_EMPRESA: 'Globex',
      RAZAO_SOCIAL: 'Globex Serviços Ltda',
      CNPJ: '11222333000182',
      CURRENCY: 'BRL',
      CULTURE: 'pt',
      TIME_ZONE: 'America/Sao_Paulo',
    }
    const bad = await call('/ac_empresas', { method: 'POST', json: company })
    expect(bad.status).toBe(400)
    const badBody = await json(bad)
    expect(badBody.IsSuccess).toBe(false)
    expect(badBody.fields).toEqual({ CNPJ: ['Enter a valid CNPJ (14 digits with correct check digits)'] })
    const created = await json<{ COD_EMPRESA: number; CNPJ: string }>(
      await call('/ac_empresas', { method: 'POST', json: { ...company, CNPJ: '11222333000181' } }),
    )
    expect(created.IsSuccess).toBe(true)
    expect(created.Dados.CNPJ).toBe(VALID_CNPJ)
    const id = created.Dados.COD_EMPRESA
    // the creator works in it at once: its main branch is in the switcher
    const branches = await json<Array<{ COD_EMPRESA: number; FLG_PRINCIPAL: string }>>(
      await call('/cd_filial/user-branches'),
    )
    expect(branches.Dados.filter((b) => b.COD_EMPRESA === id)).toEqual([
      expect.objectContaining({ FLG_PRINCIPAL: 'S' }),
    ])

    const one = await call(`/ac_empresas/${id}`)
    const etag = one.headers.get('etag')!
    const saved = await call(`/ac_empresas/${id}`, {
      method: 'PUT',
      json: { ...company, CNPJ: VALID_CNPJ, NOME_EMPRESA: 'Globex Brasil' },
      headers: { 'if-match': etag },
    })
    expect(saved.status).toBe(200)
    // someone else saved meanwhile: the stale version is refused and changes nothing
    const stale = await call(`/ac_empresas/${id}`, {
      method: 'PUT',
      json: { ...company, CNPJ: VALID_CNPJ, NOME_EMPRESA: 'Overwritten' },
      headers: { 'if-match': etag },
    })
    expect(stale.status).toBe(412)
    expect((await json(stale)).Msg).toBe('This record was changed by someone else. Reload it and try again.')
    expect((await json<{ NOME_EMPRESA: string }>(await call(`/ac_empresas/${id}`))).Dados.NOME_EMPRESA).toBe(
      'Globex Brasil',
    )

    const csv = await call('/ac_empresas/export.csv?sort=COD_EMPRESA')
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    // a UTF-8 byte order mark first, for spreadsheets (text() reads past it)
    expect([...new Uint8Array(await csv.clone().arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = (await csv.text()).trim().split('\r\n')
    expect(lines[0]).toBe('COD_EMPRESA,NOME_EMPRESA,RAZAO_SOCIAL,CNPJ,EMAIL,TELEFONE,CURRENCY,CULTURE,TIME_ZONE,ACTIVE')
    expect(lines).toHaveLength(4)

    expect((await call(`/ac_empresas/${id}`, { method: 'DELETE' })).status).toBe(200)
    expect((await json<{ items: unknown[] }>(await call('/ac_empresas'))).Dados.items).toHaveLength(2)
    expect((await json<{ items: unknown[] }>(await call('/ac_empresas?all=1'))).Dados.items).toHaveLength(3)
    // a company the caller does not hold does not exist for them
    expect((await bff.call('/ac_empresas/1', { token: tech })).status).toBe(403)
    expect((await call('/ac_empresas/999')).status).toBe(404)
  })
})

describe('cd_filial', () => {
  it('keeps exactly one main branch per company', async () => {
    const bff = await testBff()
    const call = await admin(bff)
    const branch = { NOM_FILIAL: 'Santos', FLG_PRINCIPAL: 'N', TIME_ZONE: 'America/Sao_Paulo', PREFIX: 'SAN' }
    const bad = await json(
      await call('/cd_filial', { method: 'POST', json: { ...branch, PREFIX: 'san-1', CNPJ: '123' } }),
    )
    expect(Object.keys(bad.fields!).sort()).toEqual(['CNPJ', 'PREFIX'])
    // a prefix typed in small letters is kept in capitals; one with another sign is refused at its field
    const santos = await json<{ COD_FILIAL: number; PREFIX: string }>(
      await call('/cd_filial', { method: 'POST', json: { ...branch, NOM_FILIAL: 'Vila Mariana', PREFIX: ' vm ' } }),
    )
    expect(santos.Dados.PREFIX).toBe('VM')
    expect((bad as { codes?: Record<string, string> }).codes).toMatchObject({ PREFIX: 'invalid_prefix' })
    const created = await json<{ COD_FILIAL: number }>(await call('/cd_filial', { method: 'POST', json: branch }))
    const id = created.Dados.COD_FILIAL
    const mains = async (filial = '2') =>
      (
        await json<{ items: Array<{ COD_FILIAL: number; FLG_PRINCIPAL: string }> }>(
          await call('/cd_filial?all=1&size=100', { headers: { 'x-filial': filial } }),
        )
      ).Dados.items
        .filter((b) => b.FLG_PRINCIPAL === 'S')
        .map((b) => b.COD_FILIAL)
    expect(await mains()).toEqual([2])
    expect((await call(`/cd_filial/${id}`, { method: 'PUT', json: { ...branch, FLG_PRINCIPAL: 'S' } })).status).toBe(
      200,
    )
    expect(await mains()).toEqual([id])
    const unmark = await call(`/cd_filial/${id}`, { method: 'PUT', json: { ...branch, FLG_PRINCIPAL: 'N' } })
    expect(unmark.status).toBe(400)
    expect((await json(unmark)).fields).toEqual({
      FLG_PRINCIPAL: ['A company needs a main branch: mark another branch as main instead'],
    })
    expect((await call(`/cd_filial/${id}`, { method: 'DELETE' })).status).toBe(400)
    expect((await call('/cd_filial/2', { method: 'DELETE' })).status).toBe(200)
    // the branch the caller was working in is gone for them: the next call with it is refused
    expect((await call('/cd_filial')).status).toBe(403)
    expect(await mains(String(id))).toEqual([id])
    // another company's branch is not found from this one
    expect((await call('/cd_filial/4', { headers: { 'x-filial': String(id) } })).status).toBe(404)
  })
})

describe('deactivating a branch', () => {
  it('names the people whose only branch it is, and tells them exactly that once it is inactive', async () => {
    const bff = await testBff()
    const call = await admin(bff)
    const created = await json<{ COD_FILIAL: number }>(
      await call('/cd_filial', {
        method: 'POST',
        json: { NOM_FILIAL: 'Santos', FLG_PRINCIPAL: 'N', TIME_ZONE: 'America/Sao_Paulo', PREFIX: 'SAN' },
      }),
    )
    const id = created.Dados.COD_FILIAL
    const sole = async () =>
      (await json<Array<{ name: string; email: string }>>(await call(`/cd_filial/${id}/sole-users`))).Dados
    expect(await sole()).toEqual([])
    const person = { name: 'Lia Santos', email: 'lia@acme.example', role: 'technician', filial: id, culture: 'en' }
    const lia = await inviteNew(bff, call, person, 'lia-password-2026')
    // the admin (all branches) is not among them
    expect(await sole()).toEqual([{ id: lia.id, name: 'Lia Santos', email: 'lia@acme.example' }])
    expect((await call('/cd_filial/9999/sole-users')).status).toBe(404)
    // only who may deactivate the branch sees whom it concerns
    const tech = await bff.signIn(DEMO_TECHNICIAN)
    expect(
      (await bff.call(`/cd_filial/${id}/sole-users`, { token: tech, headers: { 'x-empresa': '1', 'x-filial': '2' } }))
        .status,
    ).toBe(403)
    expect((await call(`/cd_filial/${id}`, { method: 'DELETE' })).status).toBe(200)
    const shell = (await (await bff.call('/common/shell', { token: lia.token })).json()) as {
      branches: unknown[]
      inactiveBranches: string[]
    }
    expect(shell.branches).toEqual([])
    expect(shell.inactiveBranches).toEqual(['Acme Field Services — Santos'])
  })
})

/** The link of the last message sent to `email` (there is no mail server: the log holds it). */
const lastLink = (bff: TestBff, email: string) =>
  new URL(
    bff.logs
      .findLast((l) => l.includes(` for ${email}: `))!
      .split(': ')
      .pop()!,
  )

/** Invites a new address to Acme and follows the invitation's link: a first password, and the person is in. */
async function inviteNew(
  bff: TestBff,
  call: Awaited<ReturnType<typeof admin>>,
  person: { name: string; email: string; role: string; filial: number | 'all'; culture: string },
  password: string,
) {
  const invited = await call('/ac_usuarios', { method: 'POST', json: person })
  expect(invited.status).toBe(200)
  const token = lastLink(bff, person.email).searchParams.get('token')!
  const accepted = await bff.call('/auth/reset-password', { method: 'POST', json: { token, password } })
  // the account's e-mail, for its sign-in
  expect([accepted.status, await accepted.json()]).toEqual([200, { email: person.email.toLowerCase() }])
  return {
    id: (await json<{ id: string }>(invited)).Dados.id,
    token: await bff.signIn({ email: person.email, password }),
  }
}

describe('ac_usuarios and ac_usuariospaginas', () => {
  it('invites a new address (a link to choose a password, which accepts), adjusts their pages, and disabling refuses this company at once', async () => {
    const bff = await testBff()
    const call = await admin(bff)
    const user = { name: 'Rita Lima', email: 'rita@acme.example', role: 'technician', filial: 1, culture: 'pt' }
    const member = await json(
      await call('/ac_usuarios', { method: 'POST', json: { ...user, email: DEMO_TECHNICIAN.email } }),
    )
    expect(member.fields).toEqual({ email: ['This person already works in this company'] })
    expect((await json(await call('/ac_usuarios', { method: 'POST', json: { ...user, filial: 4 } }))).fields).toEqual({
      filial: ['Choose a branch of this company'],
    })
    // no password is chosen for them: until they follow the link, nobody signs in as them
    const invited = await json<Record<string, unknown>>(await call('/ac_usuarios', { method: 'POST', json: user }))
    expect(invited.Dados).toMatchObject({
      name: 'Rita Lima',
      email: user.email,
      role: 'technician',
      filial: 1,
      active: true,
      invited: true,
    })
    const id = invited.Dados.id as string
    // her page access can be set before she accepts
    expect((await call(`/ac_usuariospaginas?userId=${id}`)).status).toBe(200)
    expect(lastLink(bff, user.email).href).toMatch(
      /^http:\/\/localhost:3000\/reset-password\?token=[\w-]{40,}&invited=1$/,
    )
    expect(bff.logs.findLast((l) => l.includes(user.email))).toContain(
      'invitation to Acme Field Services (choose a password)',
    )
    expect(
      (await bff.call('/auth/sign-in', { method: 'POST', json: { email: user.email, password: '' } })).status,
    ).toBe(400)
    expect(
      (
        await bff.call('/auth/reset-password', {
          method: 'POST',
          json: { token: lastLink(bff, user.email).searchParams.get('token'), password: 'rita-password-2026' },
        })
      ).status,
    ).toBe(200)
    const rita = await bff.signIn({ email: user.email, password: 'rita-password-2026' })
    const asRita = (path: string, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}) =>
      bff.call(path, { ...init, token: rita })
    expect(await (await asRita('/common/invitations')).json()).toEqual([])
    expect((await json<Record<string, unknown>>(await call(`/ac_usuarios/${id}`))).Dados).toMatchObject({
      invited: false,
    })
    const nav = async () =>
      (await (await asRita('/common/shell')).json()) as { pages: Array<{ module: string; level: string }> }
    // the technician's role preset, in the registry's order (every module declares its presets)
    const technicianPages = DEFAULT_PAGES.filter((p) => presetLevel('technician', p.module) !== 'none').map(
      (p) => p.module,
    )
    expect(technicianPages).toEqual(expect.arrayContaining(['cd_cliente', 'cd_job', 'cd_techorders']))
    expect(technicianPages).not.toContain('cd_filial')
    expect((await nav()).pages.map((p) => p.module)).toEqual(technicianPages)
    expect((await asRita('/cd_filial')).status).toBe(403)

    // the matrix: view on branches, taken away from clients
    const matrix = await call(`/ac_usuariospaginas?userId=${id}`)
    expect(
      (await json<Array<{ module: string; preset: string }>>(matrix)).Dados.find((r) => r.module === 'cd_cliente')
        ?.preset,
    ).toBe('view')
    const put = await call('/ac_usuariospaginas', {
      method: 'PUT',
      json: { userId: id, levels: { cd_filial: 'view', cd_cliente: 'none' } },
      headers: { 'if-match': matrix.headers.get('etag')! },
    })
    expect(put.status).toBe(200)
    expect((await asRita('/cd_filial')).status).toBe(200)
    expect(
      (await asRita('/cd_filial', { method: 'POST', json: { NOM_FILIAL: 'X', TIME_ZONE: 'UTC', PREFIX: 'X' } })).status,
    ).toBe(403)
    expect((await nav()).pages.map((p) => p.module)).toEqual([
      ...technicianPages.filter((m) => m !== 'cd_cliente'),
      'cd_filial',
    ])
    expect(
      (await call('/ac_usuariospaginas', { method: 'PUT', json: { userId: id, levels: { nope_page: 'view' } } }))
        .status,
    ).toBe(400)
    // a technician cannot change their own access
    expect(
      (await asRita('/ac_usuariospaginas', { method: 'PUT', json: { userId: id, levels: { ac_usuarios: 'delete' } } }))
        .status,
    ).toBe(403)

    expect((await asRita('/common/shell', { headers: { 'x-empresa': '1' } })).status).toBe(200)
    // Northwind invites her too, and she accepts
    const northwind = { 'x-empresa': '2', 'x-filial': '4' }
    expect(
      (await call('/ac_usuarios', { method: 'POST', json: { ...user, filial: 4 }, headers: northwind })).status,
    ).toBe(200)
    expect(await (await asRita('/common/invitations')).json()).toMatchObject([
      { empresa: 2, company: 'Northwind Home Services', role: 'technician' },
    ])
    expect((await asRita('/common/invitations/2/accept', { method: 'POST' })).status).toBe(200)

    // the company manages her access there, not her name or language (fields it may not set are dropped)
    const one = await call(`/ac_usuarios/${id}`)
    const row = (await json<Record<string, unknown>>(one)).Dados
    expect(
      (
        await call(`/ac_usuarios/${id}`, {
          method: 'PUT',
          json: { ...row, name: 'Someone Else', culture: 'es', active: false },
          headers: { 'if-match': one.headers.get('etag')! },
        })
      ).status,
    ).toBe(200)
    // disabled at Acme: the very next request there is refused; she is still signed in, and still works at Northwind
    expect((await asRita('/common/shell', { headers: { 'x-empresa': '1' } })).status).toBe(403)
    expect((await asRita('/common/shell', { headers: northwind })).status).toBe(200)
    expect(await (await asRita('/common/user')).json()).toMatchObject({ name: 'Rita Lima', culture: 'pt' })
    expect(
      (await json<{ items: Array<{ email: string }> }>(await call('/ac_usuarios'))).Dados.items.map((u) => u.email),
    ).not.toContain(user.email)
    expect((await call(`/ac_usuarios/${id}?restore=1`, { method: 'DELETE' })).status).toBe(200)
    expect((await asRita('/common/shell', { headers: { 'x-empresa': '1' } })).status).toBe(200)
    // nobody disables themselves
    const me = (await json<Array<{ id: string; email: string }>>(
      await call('/ac_usuarios?size=100'),
    )) as unknown as Answer<{ items: Array<{ id: string; email: string }> }>
    const self = me.Dados.items.find((u) => u.email === DEMO_ADMIN.email)!
    expect((await call(`/ac_usuarios/${self.id}`, { method: 'DELETE' })).status).toBe(400)
  })

  it('answers an invitation the same whether or not the address has an account; the person sees it and accepts or declines', async () => {
    const bff = await testBff()
    const call = await admin(bff)
    // Zoé has an account of her own (signed up, no company); Yan has none
    await createPerson(bff, { name: 'Zoé Martins', email: 'zoe@example.com', password: 'zoe-password-2026' })
    const invite = async (email: string) => {
      const res = await call('/ac_usuarios', {
        method: 'POST',
        json: { name: 'New Technician', email, role: 'technician', filial: 'all', culture: 'es' },
      })
      const body = (await res.json()) as Answer<Record<string, unknown>>
      return {
        status: res.status,
        etag: /^"\d+"$/.test(res.headers.get('etag') ?? ''),
        ...body,
        Dados: { ...body.Dados, id: typeof body.Dados.id, email: 'the address' },
      }
    }
    const existing = await invite('zoe@example.com')
    const fresh = await invite('yan@example.com')
    expect(existing).toEqual(fresh)
    expect(existing).toMatchObject({
      status: 200,
      IsSuccess: true,
      Dados: { name: 'New Technician', culture: 'es', invited: true },
    })

    // until she accepts, Acme is not hers
    const zoe = await bff.signIn({ email: 'zoe@example.com', password: 'zoe-password-2026' })
    expect((await bff.call('/common/shell', { token: zoe, headers: acme })).status).toBe(403)
    const invitations = await (await bff.call('/common/invitations', { token: zoe })).json()
    expect(invitations).toEqual([
      { empresa: 1, company: 'Acme Field Services', role: 'technician', at: expect.any(String) },
    ])
    expect((await bff.call('/common/invitations/2/accept', { method: 'POST', token: zoe })).status).toBe(404)
    expect(await (await bff.call('/common/invitations/1/accept', { method: 'POST', token: zoe })).json()).toEqual([])
    expect((await bff.call('/common/shell', { token: zoe, headers: acme })).status).toBe(200)
    // her own name and language, now that she is in
    const rows = (await json<{ items: Array<Record<string, unknown>> }>(await call('/ac_usuarios?size=100'))).Dados
      .items
    expect(rows.find((r) => r.email === 'zoe@example.com')).toMatchObject({
      name: 'Zoé Martins',
      culture: 'en',
      invited: false,
    })
    expect(rows.find((r) => r.email === 'yan@example.com')).toMatchObject({ name: 'New Technician', invited: true })

    // declining takes the company's pending grant away
    expect(
      (
        await call('/ac_usuarios', {
          method: 'POST',
          json: { name: 'Zoé', email: 'zoe@example.com', role: 'technician', filial: 4, culture: 'pt' },
          headers: { 'x-empresa': '2', 'x-filial': '4' },
        })
      ).status,
    ).toBe(200)
    expect(await (await bff.call('/common/invitations/2/decline', { method: 'POST', token: zoe })).json()).toEqual([])
    expect((await bff.call('/common/shell', { token: zoe, headers: { 'x-empresa': '2' } })).status).toBe(403)
    expect(
      (
        await json<{ items: Array<{ email: string }> }>(
          await call('/ac_usuarios?all=1', { headers: { 'x-empresa': '2', 'x-filial': '4' } }),
        )
      ).Dados.items.map((u) => u.email),
    ).not.toContain('zoe@example.com')
  })
})

// issue 42 §1: a password only the mailbox's owner may set, for what another company offers
describe('invitations that cannot be pre-taken', () => {
  const caio = { name: 'Caio Prado', email: 'caio@example.com', role: 'technician', filial: 2 }
  const tokenOf = (url: string) => new URL(url).searchParams.get('token')!
  /** Acme invites Caio and its office takes the link it may copy, to pass on: the link. */
  const acmeTakesLink = async (bff: TestBff) => {
    const call = await admin(bff)
    const made = await json<{ id: string }>(await call('/ac_usuarios', { method: 'POST', json: caio }))
    const link = await json<{ url: string }>(
      await call(`/ac_usuarios/${made.Dados.id}/invitation-link`, { method: 'POST' }),
    )
    return { call, url: link.Dados.url }
  }
  /** Northwind invites the same address as its admin: the link e-mailed to Caio (the log holds it, outside production). */
  const northwindInvites = async (call: Awaited<ReturnType<typeof admin>>, bff: TestBff) => {
    const res = await call('/ac_usuarios', {
      method: 'POST',
      json: { ...caio, role: 'admin', filial: 'all' },
      headers: northwind,
    })
    expect(res.status).toBe(200)
    return lastLink(bff, caio.email)
  }
  const signInWith = (bff: TestBff, password: string) =>
    bff.call('/auth/sign-in', { method: 'POST', json: { email: caio.email, password } })
  const setPassword = (bff: TestBff, token: string, password: string) =>
    bff.call('/auth/reset-password', { method: 'POST', json: { token, password } })

  it('(a) a password set through the copied link accepts no other company’s invitation until the mailbox’s owner chooses one from the e-mailed link', async () => {
    const bff = await testBff()
    const { call, url } = await acmeTakesLink(bff)
    // whoever holds the copied link sets the password: Acme's office, say
    expect((await setPassword(bff, tokenOf(url), 'known-to-the-office-2026')).status).toBe(200)
    const mailed = await northwindInvites(call, bff)
    expect(mailed.pathname).toBe('/reset-password')
    const office = await bff.signIn({ email: caio.email, password: 'known-to-the-office-2026' })
    expect(await (await bff.call('/common/invitations', { token: office })).json()).toMatchObject([
      { empresa: 2, role: 'admin' },
    ])
    const accept = await bff.call('/common/invitations/2/accept', { method: 'POST', token: office })
    expect(accept.status).toBe(403)
    expect(await accept.json()).toMatchObject({ code: 'email_unconfirmed' })
    expect((await bff.call('/common/shell', { token: office, headers: northwind })).status).toBe(403)
    // Acme's copied link for Northwind's invitation sets nothing either
    const copied = await json<{ url: string }>(
      await call(`/ac_usuarios/${(await bff.deps.repos.users.findByEmail(caio.email))!.value.id}/invitation-link`, {
        method: 'POST',
        headers: northwind,
      }),
    )
    expect((await setPassword(bff, tokenOf(copied.Dados.url), 'another-office-try-2026')).status).toBe(400)

    // the mailbox's owner opens Northwind's e-mail and chooses a password: he is in, and the office is out
    const facts = await bff.call('/auth/reset-link', {
      method: 'POST',
      json: { token: mailed.searchParams.get('token') },
    })
    expect(await facts.json()).toMatchObject({ invited: true, company: 'Northwind Home Services' })
    expect((await setPassword(bff, mailed.searchParams.get('token')!, 'only-caio-knows-2026')).status).toBe(200)
    expect((await bff.call('/common/user', { token: office })).status).toBe(401)
    // the password the office chose opens nothing
    expect((await signInWith(bff, 'known-to-the-office-2026')).status).toBe(404)
    const owner = await bff.signIn({ email: caio.email, password: 'only-caio-knows-2026' })
    expect((await bff.call('/common/shell', { token: owner, headers: northwind })).status).toBe(200)
    // his address is proven now: later invitations he accepts signed in
    expect(await (await bff.call('/common/invitations', { token: owner })).json()).toEqual([])
  })

  it('(a) a reset link from “Forgot password?” proves the mailbox too', async () => {
    const bff = await testBff()
    const { call, url } = await acmeTakesLink(bff)
    expect((await setPassword(bff, tokenOf(url), 'known-to-the-office-2026')).status).toBe(200)
    await northwindInvites(call, bff)
    await bff.call('/auth/forgot-password', { method: 'POST', json: { email: caio.email } })
    const reset = lastLink(bff, caio.email)
    expect(reset.searchParams.get('invited')).toBeNull()
    expect((await setPassword(bff, reset.searchParams.get('token')!, 'only-caio-knows-2026')).status).toBe(200)
    const owner = await bff.signIn({ email: caio.email, password: 'only-caio-knows-2026' })
    expect((await bff.call('/common/invitations/2/accept', { method: 'POST', token: owner })).status).toBe(200)
  })

  it('(b) a link copied before another company’s invitation sets no password after it', async () => {
    const bff = await testBff()
    const { call, url } = await acmeTakesLink(bff)
    const mailed = await northwindInvites(call, bff)
    // the account is more than Acme's invitation now: the older link stops working, read or used
    const read = await bff.call('/auth/reset-link', { method: 'POST', json: { token: tokenOf(url) } })
    expect(read.status).toBe(400)
    expect(await read.json()).toMatchObject({ code: 'invitation_link_email_only' })
    const used = await setPassword(bff, tokenOf(url), 'known-to-the-office-2026')
    expect(used.status).toBe(400)
    // the password the office chose opens nothing
    expect((await signInWith(bff, 'known-to-the-office-2026')).status).toBe(404)
    // the mailbox's owner joins Northwind from its e-mail, then accepts Acme signed in
    expect((await setPassword(bff, mailed.searchParams.get('token')!, 'only-caio-knows-2026')).status).toBe(200)
    const owner = await bff.signIn({ email: caio.email, password: 'only-caio-knows-2026' })
    expect((await bff.call('/common/shell', { token: owner, headers: northwind })).status).toBe(200)
    expect((await bff.call('/common/invitations/1/accept', { method: 'POST', token: owner })).status).toBe(200)
  })
})

describe('page levels', () => {
  it('lets a manager change branches (edit) but not deactivate them (delete)', async () => {
    const bff = await testBff()
    const call = await admin(bff)
    const manager = {
      name: 'Marta Gerente',
      email: 'marta@acme.example',
      role: 'manager',
      filial: 'all' as const,
      culture: 'pt',
    }
    const { token } = await inviteNew(bff, call, manager, 'marta-password-2026')
    const asMarta = (path: string, init: { method?: string; json?: unknown } = {}) =>
      bff.call(path, { ...init, token, headers: acme })
    const branch = (await json<Record<string, unknown>>(await asMarta('/cd_filial/3'))).Dados
    expect(
      (await asMarta('/cd_filial/3', { method: 'PUT', json: { ...branch, NOM_FILIAL: 'Rio Centro' } })).status,
    ).toBe(200)
    const refused = await asMarta('/cd_filial/3', { method: 'DELETE' })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({
      IsSuccess: false,
      Dados: null,
      Msg: 'You do not have access to this page',
      code: 'forbidden',
    })
    expect((await json<{ ACTIVE: boolean }>(await call('/cd_filial/3'))).Dados.ACTIVE).toBe(true)
    // and may look at users (view) but not create one (edit)
    expect((await asMarta('/ac_usuarios')).status).toBe(200)
    expect(
      (await asMarta('/ac_usuarios', { method: 'POST', json: { ...manager, email: 'x@acme.example' } })).status,
    ).toBe(403)
    // edits the company (edit) but does not found a new one, of which she would be the admin
    const company = {
      NOME_EMPRESA: 'Marta Holdings',
      RAZAO_SOCIAL: 'Marta Holdings Ltda',
      CNPJ: VALID_CNPJ,
      CURRENCY: 'BRL',
      CULTURE: 'pt',
      TIME_ZONE: 'America/Sao_Paulo',
    }
    expect((await asMarta('/ac_empresas', { method: 'POST', json: company })).status).toBe(403)
    expect((await json<{ items: unknown[] }>(await call('/ac_empresas'))).Dados.items).toHaveLength(2)
    expect((await call('/ac_empresas', { method: 'POST', json: company })).status).toBe(200)
  })
})

describe('ac_paginas', () => {
  it('renames and hides screens for the company; the navigation follows; the registry page cannot be hidden', async () => {
    const bff = await testBff()
    const call = await admin(bff)
    const one = await call('/ac_paginas/cd_job')
    const page = (await json<Record<string, unknown>>(one)).Dados
    expect(
      (await call('/ac_paginas/cd_job', { method: 'PUT', json: { ...page, title_en: 'Service catalogue' } })).status,
    ).toBe(200)
    const shell = async (headers: Record<string, string> = {}) =>
      (await (await call('/common/shell', { headers })).json()) as { pages: Array<{ module: string; title: string }> }
    expect((await shell()).pages.find((p) => p.module === 'cd_job')?.title).toBe('Service catalogue')
    expect((await shell({ 'accept-language': 'es-MX' })).pages.find((p) => p.module === 'cd_job')?.title).toBe(
      'Servicios',
    )
    expect((await call('/ac_paginas/cd_job', { method: 'DELETE' })).status).toBe(200)
    expect((await shell()).pages.some((p) => p.module === 'cd_job')).toBe(false)
    expect((await json<{ level: string }>(await call('/ac_paginas/mine?module=cd_job'))).Dados.level).toBe('none')
    expect((await call('/ac_paginas/ac_paginas', { method: 'DELETE' })).status).toBe(400)
    // Northwind's registry is its own
    expect(
      (await (await call('/common/shell', { headers: { 'x-empresa': '2', 'x-filial': '4' } })).json()).pages.some(
        (p: { module: string }) => p.module === 'cd_job',
      ),
    ).toBe(true)
  })
})

const northwind = { 'x-empresa': '2', 'x-filial': '4' }

describe('invitations that cannot surprise', () => {
  const person = { name: 'Caio Prado', email: 'caio@acme.example', filial: 2 }
  /** What a link's page is told about it (POST /auth/reset-link), and the status. */
  const linkFacts = async (bff: TestBff, token: string | null) => {
    const res = await bff.call('/auth/reset-link', { method: 'POST', json: { token } })
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }
  const tokenOf = (url: string) => new URL(url).searchParams.get('token')!

  it('refuses an invitation without a role next to the field (no one becomes an admin by default), and speaks the company’s language unless told', async () => {
    const bff = await testBff()
    const call = await admin(bff)
    for (const role of [undefined, '']) {
      const refused = await call('/ac_usuarios', { method: 'POST', json: { ...person, role } })
      expect(refused.status).toBe(400)
      expect((await json(refused)).fields).toEqual({ role: ['Choose a role'] })
    }
    expect(bff.logs.some((l) => l.includes(person.email))).toBe(false)
    // Acme speaks Portuguese: so does its invitation, unless the office chose another language
    const invited = await json<Record<string, unknown>>(
      await call('/ac_usuarios', { method: 'POST', json: { ...person, role: 'technician' } }),
    )
    expect(invited.Dados).toMatchObject({ role: 'technician', filial: 2, culture: 'pt', invited: true })
    const facts = await linkFacts(bff, lastLink(bff, person.email).searchParams.get('token'))
    expect(facts).toEqual({ status: 200, body: { culture: 'pt', invited: true, company: 'Acme Field Services' } })
  })

  it('makes a fresh invitation link for the office to pass on: it works, the earlier ones stop, and once joined there is none', async () => {
    const bff = await testBff()
    const call = await admin(bff)
    const made = await json<{ id: string }>(
      await call('/ac_usuarios', { method: 'POST', json: { ...person, role: 'dispatcher', culture: 'es' } }),
    )
    const id = made.Dados.id
    const first = lastLink(bff, person.email).searchParams.get('token')!
    const answer = await call(`/ac_usuarios/${id}/invitation-link`, { method: 'POST' })
    expect(answer.status).toBe(200)
    const link = (await json<{ url: string; emailed: boolean }>(answer)).Dados
    expect(link.emailed).toBe(false)
    expect(link.url).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=[\w-]{40,}&invited=1$/)
    // the e-mailed link is void now; the new one opens in the language the office chose for them
    expect((await linkFacts(bff, first)).status).toBe(400)
    expect(
      (await bff.call('/auth/reset-password', { method: 'POST', json: { token: first, password: 'caio-pass-2026!' } }))
        .status,
    ).toBe(400)
    expect(await linkFacts(bff, tokenOf(link.url))).toEqual({
      status: 200,
      body: { culture: 'es', invited: true, company: 'Acme Field Services' },
    })
    // reading the link does not spend it: it still chooses the first password, and he is in
    expect(
      (
        await bff.call('/auth/reset-password', {
          method: 'POST',
          // he read it in English (picked on the page): his language from now on, not the office's choice
          json: { token: tokenOf(link.url), password: 'caio-pass-2026!', culture: 'en' },
        })
      ).status,
    ).toBe(200)
    expect((await json<Record<string, unknown>>(await call(`/ac_usuarios/${id}`))).Dados).toMatchObject({
      invited: false,
      culture: 'en',
    })
    const joined = await call(`/ac_usuarios/${id}/invitation-link`, { method: 'POST' })
    expect(joined.status).toBe(409)
    expect(await joined.json()).toMatchObject({ code: 'invitation_not_pending' })
    // only who may edit the people asks for links
    const tech = await bff.signIn(DEMO_TECHNICIAN)
    expect(
      (await bff.call(`/ac_usuarios/${id}/invitation-link`, { method: 'POST', token: tech, headers: acme })).status,
    ).toBe(403)
    expect(
      (await call('/ac_usuarios/00000000-0000-4000-8000-000000000000/invitation-link', { method: 'POST' })).status,
    ).toBe(404)
  })

  it('sends an invitation again saying honestly that no e-mail went out without a mail server, with the link to copy', async () => {
    const bff = await testBff()
    const call = await admin(bff)
    const made = await json<{ id: string }>(
      await call('/ac_usuarios', { method: 'POST', json: { ...person, role: 'technician' } }),
    )
    const first = lastLink(bff, person.email).searchParams.get('token')!
    const resent = await json<{ url: string; emailed: boolean }>(
      await call(`/ac_usuarios/${made.Dados.id}/resend-invitation`, { method: 'POST' }),
    )
    expect(resent.Dados.emailed).toBe(false)
    expect(resent.Msg).toBe('The invitation could not be e-mailed')
    // the answered link and the one the log holds (outside production) both work; the first one is void
    expect(lastLink(bff, person.email).href).not.toBe(resent.Dados.url)
    expect((await linkFacts(bff, lastLink(bff, person.email).searchParams.get('token'))).status).toBe(200)
    expect((await linkFacts(bff, first)).status).toBe(400)
    expect((await linkFacts(bff, tokenOf(resent.Dados.url))).body).toMatchObject({ invited: true })
  })

  it('answers the office a link of the same shape for every address, which sets no password of an account with more than its invitation, and ends no session', async () => {
    const bff = await testBff()
    const call = await admin(bff)
    const zoe = { name: 'Zoé Martins', email: 'zoe@example.com', password: 'zoe-password-2026' }
    await createPerson(bff, zoe)
    const session = await bff.signIn(zoe)
    const invite = async (email: string, headers = acme) =>
      (
        await json<{ id: string }>(
          await call('/ac_usuarios', {
            method: 'POST',
            json: { name: 'Someone', email, role: 'technician', filial: headers === acme ? 2 : 4 },
            headers,
          }),
        )
      ).Dados.id
    // an address with an account, one Northwind invited first, and a new one
    const hasAccount = await invite(zoe.email)
    await invite('both@example.com', northwind)
    const otherInvited = await invite('both@example.com')
    const fresh = await invite('new@example.com')
    const answers = async (action: string) =>
      Promise.all(
        [hasAccount, otherInvited, fresh].map(async (id) => {
          const res = await call(`/ac_usuarios/${id}/${action}`, { method: 'POST' })
          const body = await json<{ url: string; emailed: boolean }>(res)
          expect(body.Dados.url).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=[\w-]{40,}&invited=1$/)
          return { status: res.status, ...body, Dados: { ...body.Dados, url: 'a link' } }
        }),
      )
    for (const action of ['invitation-link', 'resend-invitation']) {
      const [a, b, c] = await answers(action)
      expect(a).toEqual(c)
      expect(b).toEqual(c)
    }
    // opened, the link of an account that is more than Acme's invitation says how to accept instead, and sets nothing
    const link = await json<{ url: string }>(
      await call(`/ac_usuarios/${hasAccount}/invitation-link`, { method: 'POST' }),
    )
    expect(await linkFacts(bff, tokenOf(link.Dados.url))).toMatchObject({
      status: 400,
      body: { code: 'invitation_link_email_only' },
    })
    const taken = await bff.call('/auth/reset-password', {
      method: 'POST',
      json: { token: tokenOf(link.Dados.url), password: 'taken-over-2026' },
    })
    expect(taken.status).toBe(400)
    expect(await taken.json()).toMatchObject({ code: 'invitation_link_email_only' })
    expect((await bff.call('/auth/sign-in', { method: 'POST', json: zoe })).status).toBe(200)
    expect((await bff.call('/common/invitations', { token: session })).status).toBe(200)
    // she is asked by e-mail to sign in and accept
    expect(lastLink(bff, zoe.email).pathname).toBe('/sign-in')
  })

  it('gives no company a link to an account another company invited too, nor voids that company’s e-mailed link', async () => {
    const bff = await testBff()
    const call = await admin(bff)
    const acmeInvite = await json<{ id: string }>(
      await call('/ac_usuarios', { method: 'POST', json: { ...person, role: 'manager' } }),
    )
    const acmeLink = lastLink(bff, person.email)
    const other = await json<{ id: string }>(
      await call('/ac_usuarios', {
        method: 'POST',
        json: { ...person, filial: 4, role: 'technician' },
        headers: northwind,
      }),
    )
    expect(other.Dados.id).toBe(acmeInvite.Dados.id)
    for (const headers of [northwind, acme]) {
      const link = await json<{ url: string }>(
        await call(`/ac_usuarios/${other.Dados.id}/invitation-link`, { method: 'POST', headers }),
      )
      expect((await linkFacts(bff, tokenOf(link.Dados.url))).body).toMatchObject({ code: 'invitation_link_email_only' })
    }
    // Acme's e-mailed link still works, and accepts Acme's invitation
    expect((await linkFacts(bff, acmeLink.searchParams.get('token'))).body).toMatchObject({ invited: true })
  })

  it('tells a link’s page its language without spending it, and refuses a link that is not one', async () => {
    const bff = await testBff()
    // a plain reset speaks the account's own language and is no invitation; the e-mail is never told
    expect(
      (await bff.call('/auth/forgot-password', { method: 'POST', json: { email: DEMO_TECHNICIAN.email } })).status,
    ).toBe(200)
    const token = lastLink(bff, DEMO_TECHNICIAN.email).searchParams.get('token')!
    const facts = await linkFacts(bff, token)
    expect(facts.status).toBe(200)
    expect(Object.keys(facts.body).sort()).toEqual(['culture', 'invited'])
    expect(facts.body.invited).toBe(false)
    expect(await linkFacts(bff, token)).toEqual(facts)
    expect(await linkFacts(bff, 'x'.repeat(43))).toMatchObject({
      status: 400,
      body: { fields: { token: ['This reset link is invalid or has expired.'] } },
    })
    expect((await linkFacts(bff, null)).status).toBe(400)
  })
})
