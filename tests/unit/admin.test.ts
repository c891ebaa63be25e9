import { describe, expect, it } from 'vitest'
import { DEMO_ADMIN, DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { testBff, type TestBff } from '../shared/bff.ts'

const acme = { 'x-empresa': '1', 'x-filial': '2' }
type Answer<T = unknown> = { IsSuccess: boolean; Dados: T; Msg: string; fields?: Record<string, string[]> }
const json = async <T>(res: Response) => (await res.json()) as Answer<T>
const VALID_CNPJ = '11.222.333/0001-81'

async function admin(bff: TestBff) {
  const token = await bff.signIn(DEMO_ADMIN)
  return (path: string, init: Omit<RequestInit, 'headers'> & { json?: unknown; headers?: Record<string, string> } = {}) => bff.call(path, { ...init, token, headers: { ...acme, ...init.headers } })
}

describe('ac_empresas', () => {
  it('lists, creates (CNPJ checked), edits with If-Match and deactivates companies; a technician is refused', async () => {
    const bff = await testBff()
    const call = await admin(bff)
    const list = await json<{ items: Array<{ NOME_EMPRESA: string }> }>(await call('/ac_empresas?sort=NOME_EMPRESA'))
    expect(list.Dados.items.map((c) => c.NOME_EMPRESA)).toEqual(['Acme Field Services', 'Northwind Home Services'])
    const tech = await bff.signIn(DEMO_TECHNICIAN)
    expect((await bff.call('/ac_empresas', { token: tech })).status).toBe(403)

    const company = { NOME_EMPRESA: 'Globex', RAZAO_SOCIAL: 'Globex Serviços Ltda', CNPJ: '11222333000182', CURRENCY: 'BRL', CULTURE: 'pt', TIME_ZONE: 'America/Sao_Paulo' }
    const bad = await call('/ac_empresas', { method: 'POST', json: company })
    expect(bad.status).toBe(400)
    const badBody = await json(bad)
    expect(badBody.IsSuccess).toBe(false)
    expect(badBody.fields).toEqual({ CNPJ: ['Enter a valid CNPJ (14 digits with correct check digits)'] })
    const created = await json<{ COD_EMPRESA: number; CNPJ: string }>(await call('/ac_empresas', { method: 'POST', json: { ...company, CNPJ: '11222333000181' } }))
    expect(created.IsSuccess).toBe(true)
    expect(created.Dados.CNPJ).toBe(VALID_CNPJ)
    const id = created.Dados.COD_EMPRESA
    // the creator works in it at once: its main branch is in the switcher
    const branches = await json<Array<{ COD_EMPRESA: number; FLG_PRINCIPAL: string }>>(await call('/cd_filial/user-branches'))
    expect(branches.Dados.filter((b) => b.COD_EMPRESA === id)).toEqual([expect.objectContaining({ FLG_PRINCIPAL: 'S' })])

    const one = await call(`/ac_empresas/${id}`)
    const etag = one.headers.get('etag')!
    const saved = await call(`/ac_empresas/${id}`, { method: 'PUT', json: { ...company, CNPJ: VALID_CNPJ, NOME_EMPRESA: 'Globex Brasil' }, headers: { 'if-match': etag } })
    expect(saved.status).toBe(200)
    // someone else saved meanwhile: the stale version is refused and changes nothing
    const stale = await call(`/ac_empresas/${id}`, { method: 'PUT', json: { ...company, CNPJ: VALID_CNPJ, NOME_EMPRESA: 'Overwritten' }, headers: { 'if-match': etag } })
    expect(stale.status).toBe(412)
    expect((await json(stale)).Msg).toBe('This record was changed by someone else. Reload it and try again.')
    expect((await json<{ NOME_EMPRESA: string }>(await call(`/ac_empresas/${id}`))).Dados.NOME_EMPRESA).toBe('Globex Brasil')

    const csv = await call('/ac_empresas/export.csv?sort=COD_EMPRESA')
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
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
    const bad = await json(await call('/cd_filial', { method: 'POST', json: { ...branch, PREFIX: 'san-1', CNPJ: '123' } }))
    expect(Object.keys(bad.fields!).sort()).toEqual(['CNPJ', 'PREFIX'])
    const created = await json<{ COD_FILIAL: number }>(await call('/cd_filial', { method: 'POST', json: branch }))
    const id = created.Dados.COD_FILIAL
    const mains = async (filial = '2') => (await json<{ items: Array<{ COD_FILIAL: number; FLG_PRINCIPAL: string }> }>(await call('/cd_filial?all=1&size=100', { headers: { 'x-filial': filial } }))).Dados.items.filter((b) => b.FLG_PRINCIPAL === 'S').map((b) => b.COD_FILIAL)
    expect(await mains()).toEqual([2])
    expect((await call(`/cd_filial/${id}`, { method: 'PUT', json: { ...branch, FLG_PRINCIPAL: 'S' } })).status).toBe(200)
    expect(await mains()).toEqual([id])
    const unmark = await call(`/cd_filial/${id}`, { method: 'PUT', json: { ...branch, FLG_PRINCIPAL: 'N' } })
    expect(unmark.status).toBe(400)
    expect((await json(unmark)).fields).toEqual({ FLG_PRINCIPAL: ['A company needs a main branch: mark another branch as main instead'] })
    expect((await call(`/cd_filial/${id}`, { method: 'DELETE' })).status).toBe(400)
    expect((await call('/cd_filial/2', { method: 'DELETE' })).status).toBe(200)
    // the branch the caller was working in is gone for them: the next call with it is refused
    expect((await call('/cd_filial')).status).toBe(403)
    expect(await mains(String(id))).toEqual([id])
    // another company's branch is not found from this one
    expect((await call('/cd_filial/4', { headers: { 'x-filial': String(id) } })).status).toBe(404)
  })
})

describe('ac_usuarios and ac_usuariospaginas', () => {
  it('creates a user with a unique e-mail, adjusts their pages, and disabling ends their sessions', async () => {
    const bff = await testBff()
    const call = await admin(bff)
    const user = { name: 'Rita Lima', email: 'rita@acme.example', password: 'rita-password-2026', role: 'technician', filial: 1, culture: 'pt' }
    const taken = await json(await call('/ac_usuarios', { method: 'POST', json: { ...user, email: DEMO_TECHNICIAN.email } }))
    expect(taken.fields).toEqual({ email: ['This e-mail is already used by another user'] })
    expect((await json(await call('/ac_usuarios', { method: 'POST', json: { ...user, filial: 4 } }))).fields).toEqual({ filial: ['Choose a branch of this company'] })
    const created = await json<{ id: string }>(await call('/ac_usuarios', { method: 'POST', json: user }))
    const id = created.Dados.id
    const rita = await bff.signIn({ email: user.email, password: user.password })
    const asRita = (path: string, init: { method?: string; json?: unknown } = {}) => bff.call(path, { ...init, token: rita })
    const nav = async () => (await (await asRita('/common/shell')).json()) as { pages: Array<{ module: string; level: string }> }
    expect((await nav()).pages.map((p) => p.module)).toEqual(['cd_cliente', 'cd_job', 'cd_ordem', 'cd_ordemagendamento', 'cd_techorders'])
    expect((await asRita('/cd_filial')).status).toBe(403)

    // the matrix: view on branches, taken away from clients
    const matrix = await call(`/ac_usuariospaginas?userId=${id}`)
    expect((await json<Array<{ module: string; preset: string }>>(matrix)).Dados.find((r) => r.module === 'cd_cliente')?.preset).toBe('view')
    const put = await call('/ac_usuariospaginas', { method: 'PUT', json: { userId: id, levels: { cd_filial: 'view', cd_cliente: 'none' } }, headers: { 'if-match': matrix.headers.get('etag')! } })
    expect(put.status).toBe(200)
    expect((await asRita('/cd_filial')).status).toBe(200)
    expect((await asRita('/cd_filial', { method: 'POST', json: { NOM_FILIAL: 'X', TIME_ZONE: 'UTC', PREFIX: 'X' } })).status).toBe(403)
    expect((await nav()).pages.map((p) => p.module)).toEqual(['cd_job', 'cd_ordem', 'cd_ordemagendamento', 'cd_techorders', 'cd_filial'])
    expect((await call('/ac_usuariospaginas', { method: 'PUT', json: { userId: id, levels: { nope_page: 'view' } } })).status).toBe(400)
    // a technician cannot change their own access
    expect((await asRita('/ac_usuariospaginas', { method: 'PUT', json: { userId: id, levels: { ac_usuarios: 'delete' } } })).status).toBe(403)

    // disabled: the very next request is refused, and she cannot sign in again
    const one = await call(`/ac_usuarios/${id}`)
    const row = (await json<Record<string, unknown>>(one)).Dados
    expect((await call(`/ac_usuarios/${id}`, { method: 'PUT', json: { ...row, active: false }, headers: { 'if-match': one.headers.get('etag')! } })).status).toBe(200)
    expect((await asRita('/common/shell')).status).toBe(401)
    expect((await bff.call('/auth/sign-in', { method: 'POST', json: { email: user.email, password: user.password } })).status).toBe(404)
    expect((await json<{ items: Array<{ email: string }> }>(await call('/ac_usuarios'))).Dados.items.map((u) => u.email)).not.toContain(user.email)
    expect((await call(`/ac_usuarios/${id}?restore=1`, { method: 'DELETE' })).status).toBe(200)
    expect(await bff.signIn({ email: user.email, password: user.password })).toBeTruthy()
    // nobody disables themselves
    const me = (await json<Array<{ id: string; email: string }>>(await call('/ac_usuarios?size=100'))) as unknown as Answer<{ items: Array<{ id: string; email: string }> }>
    const self = me.Dados.items.find((u) => u.email === DEMO_ADMIN.email)!
    expect((await call(`/ac_usuarios/${self.id}`, { method: 'DELETE' })).status).toBe(400)
  })
})

describe('page levels', () => {
  it('lets a manager change branches (edit) but not deactivate them (delete)', async () => {
    const bff = await testBff()
    const call = await admin(bff)
    const manager = { name: 'Marta Gerente', email: 'marta@acme.example', password: 'marta-password-2026', role: 'manager', filial: 'all', culture: 'pt' }
    expect((await call('/ac_usuarios', { method: 'POST', json: manager })).status).toBe(200)
    const token = await bff.signIn({ email: manager.email, password: manager.password })
    const asMarta = (path: string, init: { method?: string; json?: unknown } = {}) => bff.call(path, { ...init, token, headers: acme })
    const branch = (await json<Record<string, unknown>>(await asMarta('/cd_filial/3'))).Dados
    expect((await asMarta('/cd_filial/3', { method: 'PUT', json: { ...branch, NOM_FILIAL: 'Rio Centro' } })).status).toBe(200)
    const refused = await asMarta('/cd_filial/3', { method: 'DELETE' })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({ IsSuccess: false, Dados: null, Msg: 'You do not have access to this page', code: 'forbidden' })
    expect((await json<{ ACTIVE: boolean }>(await call('/cd_filial/3'))).Dados.ACTIVE).toBe(true)
    // and may look at users (view) but not create one (edit)
    expect((await asMarta('/ac_usuarios')).status).toBe(200)
    expect((await asMarta('/ac_usuarios', { method: 'POST', json: { ...manager, email: 'x@acme.example' } })).status).toBe(403)
    // edits the company (edit) but does not found a new one, of which she would be the admin
    const company = { NOME_EMPRESA: 'Marta Holdings', RAZAO_SOCIAL: 'Marta Holdings Ltda', CNPJ: VALID_CNPJ, CURRENCY: 'BRL', CULTURE: 'pt', TIME_ZONE: 'America/Sao_Paulo' }
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
    expect((await call('/ac_paginas/cd_job', { method: 'PUT', json: { ...page, title_en: 'Service catalogue' } })).status).toBe(200)
    const shell = async (headers: Record<string, string> = {}) => (await (await call('/common/shell', { headers })).json()) as { pages: Array<{ module: string; title: string }> }
    expect((await shell()).pages.find((p) => p.module === 'cd_job')?.title).toBe('Service catalogue')
    expect((await shell({ 'accept-language': 'es-MX' })).pages.find((p) => p.module === 'cd_job')?.title).toBe('Servicios')
    expect((await call('/ac_paginas/cd_job', { method: 'DELETE' })).status).toBe(200)
    expect((await shell()).pages.some((p) => p.module === 'cd_job')).toBe(false)
    expect((await json<{ level: string }>(await call('/ac_paginas/mine?module=cd_job'))).Dados.level).toBe('none')
    expect((await call('/ac_paginas/ac_paginas', { method: 'DELETE' })).status).toBe(400)
    // Northwind's registry is its own
    expect((await (await call('/common/shell', { headers: { 'x-empresa': '2', 'x-filial': '4' } })).json()).pages.some((p: { module: string }) => p.module === 'cd_job')).toBe(true)
  })
})
