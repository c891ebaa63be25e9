import { beforeAll, describe, expect, it } from 'vitest'
import { DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { createPerson, signInMember, testBff, type TestBff } from '../shared/bff.ts'

type Wrapper<T> = { IsSuccess: boolean; Dados: T; Msg: string }
type Filial = {
  COD_FILIAL: number
  COD_EMPRESA: number
  NOME_EMPRESA: string
  NOM_FILIAL: string
  FLG_PRINCIPAL: 'S' | 'N'
}
type Current = { COD_EMPRESA: number; COD_FILIAL: number; empresaChanged?: boolean }

describe('companies and branches', () => {
  let bff: TestBff
  let admin: string
  let tech: string
  beforeAll(async () => {
    bff = await testBff()
    admin = await bff.signIn()
    // a technician of one branch (the demo one works for every branch)
    tech = await signInMember(bff, { empresa: 1, filial: 1, role: 'technician' })
  })

  it('lists the branches a user holds in the { IsSuccess, Dados, Msg } wrapper', async () => {
    const res = await bff.call('/cd_filial/user-branches', { token: admin })
    const body = (await res.json()) as Wrapper<Filial[]>
    expect(body.IsSuccess).toBe(true)
    expect(body.Msg).toBe('')
    expect(body.Dados.map((b) => [b.COD_EMPRESA, b.COD_FILIAL, b.FLG_PRINCIPAL])).toEqual([
      [1, 1, 'N'],
      [1, 2, 'S'],
      [1, 3, 'N'],
      [2, 4, 'S'],
    ])
    expect(body.Dados[0]).toEqual({
      COD_FILIAL: 1,
      COD_EMPRESA: 1,
      NOME_EMPRESA: 'Acme Field Services',
      NOM_FILIAL: 'Campinas',
      FLG_PRINCIPAL: 'N',
    })
    const techBranches = (await (await bff.call('/cd_filial/user-branches', { token: tech })).json()) as Wrapper<
      Filial[]
    >
    expect(techBranches.Dados.map((b) => b.COD_FILIAL)).toEqual([1])
  })

  it('resolves -1 or no header to the main branch of the first company when nothing was picked', async () => {
    for (const headers of [{}, { 'x-empresa': '-1', 'x-filial': '-1' }] as Record<string, string>[]) {
      const body = (await (await bff.call('/cd_filial/current', { token: admin, headers })).json()) as Wrapper<Current>
      expect(body.Dados).toMatchObject({ COD_EMPRESA: 1, COD_FILIAL: 2 })
    }
    const inSecond = (await (
      await bff.call('/cd_filial/current', { token: admin, headers: { 'x-empresa': '2' } })
    ).json()) as Wrapper<Current>
    expect(inSecond.Dados).toMatchObject({ COD_EMPRESA: 2, COD_FILIAL: 4 })
  })

  it('auto-selects the single branch of a user who holds one', async () => {
    const body = (await (await bff.call('/cd_filial/current', { token: tech })).json()) as Wrapper<Current>
    expect(body.Dados).toMatchObject({ COD_EMPRESA: 1, COD_FILIAL: 1 })
  })

  it('refuses a company or branch the user does not hold with 403', async () => {
    for (const headers of [
      { 'x-empresa': '2' },
      { 'x-filial': '2' },
      { 'x-empresa': '1', 'x-filial': '4' },
      { 'x-empresa': '99' },
    ] as Record<string, string>[]) {
      const res = await bff.call('/cd_filial/current', { token: tech, headers })
      expect(res.status, JSON.stringify(headers)).toBe(403)
    }
    const bad = await bff.call('/cd_filial/current', { token: tech, headers: { 'x-empresa': 'abc' } })
    expect(bad.status).toBe(400)
  })

  it('keeps the picked branch as the default and flags a change of company', async () => {
    const pick = async (COD_EMPRESA: number, COD_FILIAL: number) =>
      (await (
        await bff.call('/cd_filial/current', { method: 'PUT', token: admin, json: { COD_EMPRESA, COD_FILIAL } })
      ).json()) as Wrapper<Current>
    expect((await pick(1, 3)).Dados).toEqual({ COD_EMPRESA: 1, COD_FILIAL: 3, empresaChanged: true })
    expect((await pick(1, 1)).Dados.empresaChanged).toBe(false)
    expect((await pick(2, 4)).Dados.empresaChanged).toBe(true)
    const now = (await (await bff.call('/cd_filial/current', { token: admin })).json()) as Wrapper<Current>
    expect(now.Dados).toMatchObject({ COD_EMPRESA: 2, COD_FILIAL: 4 })
  })

  it('refuses to pick a branch of another company and keeps the previous pick', async () => {
    await bff.call('/cd_filial/current', { method: 'PUT', token: tech, json: { COD_EMPRESA: 1, COD_FILIAL: 1 } })
    const res = await bff.call('/cd_filial/current', {
      method: 'PUT',
      token: tech,
      json: { COD_EMPRESA: 2, COD_FILIAL: 4 },
    })
    expect(res.status).toBe(403)
    const now = (await (await bff.call('/cd_filial/current', { token: tech })).json()) as Wrapper<Current>
    expect(now.Dados).toMatchObject({ COD_EMPRESA: 1, COD_FILIAL: 1 })
  })
})

describe('the signed-in user', () => {
  it('saves a change and refuses a stale one named with If-Match (412), changing nothing', async () => {
    const bff = await testBff()
    const token = await bff.signIn()
    const first = await bff.call('/common/user', { token })
    const etag = first.headers.get('etag')!
    const saved = await bff.call('/common/user', {
      method: 'PATCH',
      token,
      json: { user: { name: 'Ana C.' } },
      headers: { 'if-match': etag },
    })
    expect(saved.status).toBe(200)
    expect(((await saved.json()) as { name: string }).name).toBe('Ana C.')
    const stale = await bff.call('/common/user', {
      method: 'PATCH',
      token,
      json: { user: { name: 'Lost' } },
      headers: { 'if-match': etag },
    })
    expect(stale.status).toBe(412)
    expect(((await (await bff.call('/common/user', { token })).json()) as { name: string }).name).toBe('Ana C.')
  })

  it('lands two concurrent changes of different fields', async () => {
    const bff = await testBff()
    const token = await bff.signIn()
    await Promise.all([
      bff.call('/common/user', { method: 'PATCH', token, json: { user: { name: 'Ana Maria' } } }),
      bff.call('/common/user', { method: 'PATCH', token, json: { user: { status: 'busy' } } }),
    ])
    const user = (await (await bff.call('/common/user', { token })).json()) as { name: string; status: string }
    expect(user).toMatchObject({ name: 'Ana Maria', status: 'busy' })
  })

  it('refuses a bad field with 400, ignores unknown fields and never takes __proto__', async () => {
    const bff = await testBff()
    const token = await bff.signIn()
    const bad = await bff.call('/common/user', { method: 'PATCH', token, json: { user: { status: 'sleeping' } } })
    expect(bad.status).toBe(400)
    const body = '{"user":{"name":"Ok","email":"evil@example.com","__proto__":{"admin":true}}}'
    const res = await bff.call('/common/user', {
      method: 'PATCH',
      token,
      body,
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(200)
    const user = (await res.json()) as Record<string, unknown>
    expect(user.email).toBe('admin@demo.fieldservice.app')
    expect(user.admin).toBeUndefined()
  })

  it('refuses a body over the limit with 413', async () => {
    const bff = await testBff()
    const token = await bff.signIn()
    const res = await bff.call('/common/user', {
      method: 'PATCH',
      token,
      json: { user: { name: 'x'.repeat(2 * 1024 * 1024) } },
    })
    expect(res.status).toBe(413)
  })
})

describe('the branch list of the current company', () => {
  type Page = Wrapper<{
    items: Filial[]
    pagination: { length: number; size: number; page: number; lastPage: number; startIndex: number; endIndex: number }
  }>

  it('lists only the branches of the company in X-Empresa, searched, sorted and paged', async () => {
    const bff = await testBff()
    const token = await bff.signIn()
    const first = (await (
      await bff.call('/cd_filial?sort=NOM_FILIAL&size=2', { token, headers: { 'x-empresa': '1' } })
    ).json()) as Page
    expect(first.Dados.items.map((b) => b.NOM_FILIAL)).toEqual(['Campinas', 'Rio de Janeiro'])
    expect(first.Dados.pagination).toEqual({ length: 3, size: 2, page: 1, lastPage: 2, startIndex: 0, endIndex: 1 })
    const second = (await (
      await bff.call('/cd_filial?sort=NOM_FILIAL&size=2&page=2', { token, headers: { 'x-empresa': '1' } })
    ).json()) as Page
    expect(second.Dados.items.map((b) => b.NOM_FILIAL)).toEqual(['São Paulo (Matriz)'])
    const other = (await (await bff.call('/cd_filial', { token, headers: { 'x-empresa': '2' } })).json()) as Page
    expect(other.Dados.items.map((b) => b.NOM_FILIAL)).toEqual(['Austin'])
    const searched = (await (
      await bff.call('/cd_filial?search=RIO', { token, headers: { 'x-empresa': '1' } })
    ).json()) as Page
    expect(searched.Dados.items.map((b) => b.COD_FILIAL)).toEqual([3])
  })

  it('refuses another company, a bad query and a missing token', async () => {
    const bff = await testBff()
    const tech = await bff.signIn(DEMO_TECHNICIAN)
    expect((await bff.call('/cd_filial', { token: tech, headers: { 'x-empresa': '2' } })).status).toBe(403)
    // the branches module is not among a technician's pages
    expect((await bff.call('/cd_filial', { token: tech })).status).toBe(403)
    const bad = await bff.call('/cd_filial?size=1000&sort=password', { token: await bff.signIn() })
    expect(bad.status).toBe(400)
    expect(Object.keys(((await bad.json()) as { fields: Record<string, string[]> }).fields).sort()).toEqual([
      'size',
      'sort',
    ])
    expect((await bff.call('/cd_filial')).status).toBe(401)
  })
})

describe('company and branch headers on every signed-in call', () => {
  it('refuses a company the user does not hold even on a call that is not company data', async () => {
    const bff = await testBff()
    const tech = await bff.signIn(DEMO_TECHNICIAN)
    const res = await bff.call('/common/user', {
      method: 'PATCH',
      token: tech,
      json: { user: { name: 'Changed' } },
      headers: { 'x-empresa': '2' },
    })
    expect(res.status).toBe(403)
    const user = (await (await bff.call('/common/user', { token: tech })).json()) as { name: string }
    expect(user.name).toBe('Tiago Lima')
    expect(
      (await bff.call('/common/user', { token: tech, headers: { 'x-empresa': '1', 'x-filial': '1' } })).status,
    ).toBe(200)
  })

  it('lets a user without any company sign in and read their own data', async () => {
    const bff = await testBff()
    await createPerson(bff, { name: 'New Person', email: 'new@example.com', password: 'a-long-password' })
    const token = await bff.signIn({ email: 'new@example.com', password: 'a-long-password' })
    expect((await bff.call('/common/user', { token, headers: { 'x-empresa': '-1', 'x-filial': '-1' } })).status).toBe(
      200,
    )
    const branches = (await (await bff.call('/cd_filial/user-branches', { token })).json()) as Wrapper<Filial[]>
    expect(branches.Dados).toEqual([])
    expect((await bff.call('/cd_filial', { token })).status).toBe(403)
  })
})
