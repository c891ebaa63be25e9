import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { answersUntilWrite, KeptAnswers } from '../../bff/lib/until-write.ts'
import type { AppEnv, Auth } from '../../bff/lib/deps.ts'
import { DEMO_ADMIN, DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { callAs, testBff } from '../shared/bff.ts'

/**
 * Reads answered again while nothing was written (bff/lib/until-write.ts): a
 * reader never sees an answer older than the last write, nor one made for somebody else.
 */
type List<T> = { items: T[]; pagination: { length: number } }
type Client = { id: string; name: string }
const DAY = 86_400_000

describe('answers kept between writes', () => {
  it('shows every write at the next read, whoever made it and through whichever route', async () => {
    const bff = await testBff()
    const admin = await callAs(bff, DEMO_ADMIN)
    const sameAdminElsewhere = await callAs(bff, DEMO_ADMIN)
    const names = async () =>
      (await admin<List<Client>>('/cd_cliente?size=100&sort=name')).body.Dados.items.map((c) => c.name)
    const before = await names()
    expect(await names()).toEqual(before)
    const created = await admin<Client>('/cd_cliente', {
      method: 'POST',
      json: {
        kind: 'business',
        name: 'Aardvark Cooling',
        contacts: [{ kind: 'email', label: '', value: 'ops@aardvark.example' }],
      },
    })
    expect(created.status).toBe(200)
    expect(await names()).toEqual(['Aardvark Cooling', ...before].sort((a, b) => a.localeCompare(b)))
    // the one record as well, after a change made in another session
    const id = created.body.Dados.id
    expect((await admin<Client>(`/cd_cliente/${id}`)).body.Dados.name).toBe('Aardvark Cooling')
    expect(
      (await sameAdminElsewhere(`/cd_cliente/${id}`, { method: 'PATCH', json: { name: 'Aardvark Cooling Ltd' } }))
        .status,
    ).toBe(200)
    expect((await admin<Client>(`/cd_cliente/${id}`)).body.Dados.name).toBe('Aardvark Cooling Ltd')
    expect(await names()).toContain('Aardvark Cooling Ltd')
  })

  it('gives each caller their own answer, and a page access taken away refuses the very next read', async () => {
    const bff = await testBff()
    const admin = await callAs(bff, DEMO_ADMIN)
    const tech = await callAs(bff, DEMO_TECHNICIAN)
    expect((await admin('/ac_usuarios?size=5')).status).toBe(200)
    expect((await tech('/ac_usuarios?size=5')).status).toBe(403)
    expect((await tech('/cd_cliente?size=5')).status).toBe(200)
    expect((await tech('/cd_cliente?size=5')).status).toBe(200)
    const techId = (await admin<List<{ id: string; email: string }>>('/ac_usuarios?size=100')).body.Dados.items.find(
      (u) => u.email === DEMO_TECHNICIAN.email,
    )!.id
    expect(
      (await admin('/ac_usuariospaginas', { method: 'PUT', json: { userId: techId, levels: { cd_cliente: 'none' } } }))
        .status,
    ).toBe(200)
    expect((await tech('/cd_cliente?size=5')).status).toBe(403)
  })

  it('answers the same address to each caller, company and language with their own answer', async () => {
    const bff = await testBff()
    const admin = await callAs(bff, DEMO_ADMIN)
    const tech = await callAs(bff, DEMO_TECHNICIAN)
    type Shell = {
      user: { email: string }
      current: { COD_EMPRESA: number } | null
      pages: Array<{ module: string; title: string }>
    }
    const shellAs = async (call: typeof admin, headers: Record<string, string> = {}) =>
      (await call<Shell>('/common/shell', { headers })).body as unknown as Shell
    expect((await shellAs(admin)).user.email).toBe(DEMO_ADMIN.email)
    expect((await shellAs(tech)).user.email).toBe(DEMO_TECHNICIAN.email)
    expect((await shellAs(admin)).user.email).toBe(DEMO_ADMIN.email)
    const title = (shell: Shell) => shell.pages.find((p) => p.module === 'cd_cliente')?.title
    expect(title(await shellAs(admin, { 'accept-language': 'en-US' }))).toBe('Clients')
    expect(title(await shellAs(admin, { 'accept-language': 'pt-BR' }))).toBe('Clientes')
    // the same list address in two companies of one person
    const otherCompany = await callAs(bff, DEMO_ADMIN, { 'x-empresa': '2', 'x-filial': '4' })
    const ids = async (call: typeof admin) =>
      (await call<List<Client>>('/cd_cliente?size=100')).body.Dados.items.map((c) => c.id)
    const first = await ids(admin)
    expect(first.length).toBeGreaterThan(0)
    expect(await ids(otherCompany)).not.toEqual(first)
    expect(await ids(admin)).toEqual(first)
  })

  it('refuses each of many reads at once of a person with no company with its own clear 403', async () => {
    const bff = await testBff()
    const person = { name: 'Rita Alves', email: 'rita.kept@example.com', password: 'a-good-long-password' }
    expect((await bff.call('/auth/sign-up', { method: 'POST', json: person })).status).toBe(200)
    const token = await bff.signIn(person)
    const reads = await Promise.all(
      ['/cd_filial/current', '/cd_cotacao?size=5', '/cd_cliente?size=5', '/cd_filial/current'].map((path) =>
        bff.call(path, { token, headers: { 'x-empresa': '-1', 'x-filial': '-1' } }),
      ),
    )
    expect(reads.map((r) => r.status)).toEqual([403, 403, 403, 403])
    for (const r of reads) expect(await r.json()).toMatchObject({ IsSuccess: false, code: 'forbidden' })
  })

  it('turns a sent quote to expired when its last day is over, with no write in between', async () => {
    let clock = Date.now()
    const bff = await testBff({ now: () => clock })
    const admin = await callAs(bff, DEMO_ADMIN)
    const client = (await admin<List<Client>>('/cd_cliente?size=1')).body.Dados.items[0]
    const today = new Date(clock).toISOString().slice(0, 10)
    const quote = (
      await admin<{ id: string; number: string }>('/cd_cotacao', {
        method: 'POST',
        json: {
          clientId: client.id,
          validUntil: today,
          lines: [{ description: 'Filter change', quantity: '1', unitPrice: '80' }],
        },
      })
    ).body.Dados
    expect((await admin(`/cd_cotacao/${quote.id}/send`, { method: 'POST' })).status).toBe(200)
    const stateOf = async () => (await admin<{ state: string }>(`/cd_cotacao/${quote.id}`)).body.Dados.state
    const listed = async () =>
      (await admin<List<{ number: string }>>('/cd_cotacao?state=expired&size=100')).body.Dados.items.map(
        (q) => q.number,
      )
    expect(await stateOf()).toBe('sent')
    expect(await listed()).not.toContain(quote.number)
    clock += 2 * DAY
    expect(await stateOf()).toBe('expired')
    expect(await listed()).toContain(quote.number)
  })
})

describe('the kept answers’ bounds', () => {
  const auth = { user: { id: 'u1' } } as Auth
  function app(limits: { entryBytes: number; totalBytes: number; entries: number }) {
    let mark = 0
    const made: string[] = []
    const kept = answersUntilWrite(new KeptAnswers(() => mark, limits), () => 0)
    const api = new Hono<AppEnv>()
      .use((c, next) => {
        c.set('auth', auth)
        return next()
      })
      .get('/size/:n', kept, (c) => {
        made.push(c.req.path)
        return c.text('x'.repeat(Number(c.req.param('n'))))
      })
      .get('/missing', kept, (c) => {
        made.push(c.req.path)
        return c.text('no', 404)
      })
      .get('/written-meanwhile', kept, (c) => {
        made.push(c.req.path)
        mark++
        return c.text('mixed')
      })
    const read = async (path: string, headers: Record<string, string> = {}) =>
      (await api.request(path, { headers })).text()
    const times = (path: string) => made.filter((p) => p === path.split('?')[0]).length
    /** How many times the answer was made after two reads. */
    const readTwice = async (path: string) => (await read(path), await read(path), times(path))
    return { read, times, readTwice, made, write: () => mark++ }
  }

  it('answers again from memory what fits, and makes again what does not: too big, past the total or the count, a refusal, a read across a write, any read after a write; a fresh one when asked', async () => {
    const { read, times, readTwice, made, write } = app({ entryBytes: 1_000, totalBytes: 2_000, entries: 3 })
    expect(await read('/size/600')).toHaveLength(600)
    expect(await read('/size/600')).toHaveLength(600)
    expect(times('/size/600')).toBe(1)
    // a hard reload asks for a fresh answer: made again, and kept for the next read
    expect(await read('/size/600', { 'cache-control': 'no-cache' })).toHaveLength(600)
    await read('/size/600')
    expect(times('/size/600')).toBe(2)
    expect(await readTwice('/size/5000')).toBe(2)
    // two of about 700 bytes (body, key and headers) fit in 2,000; a third drops the oldest
    await read('/size/601')
    await read('/size/602')
    await read('/size/600')
    expect(times('/size/600')).toBe(3)
    // at most three answers, whatever their size
    const { read: readSmall, times: timesSmall } = app({ entryBytes: 1_000, totalBytes: 100_000, entries: 3 })
    for (const n of [1, 2, 3, 4, 1]) await readSmall(`/size/${n}`)
    expect(timesSmall('/size/1')).toBe(2)
    expect(await readTwice('/missing')).toBe(2)
    expect(await readTwice('/written-meanwhile')).toBe(2)
    // an address padded with made-up parameters is answered, never kept
    const padded = `/size/3?pad=${'p'.repeat(3_000)}`
    expect(await readTwice(padded)).toBe(2)
    const before = made.length
    write()
    await read('/size/602')
    expect(made.length).toBe(before + 1)
  })

  it('keeps nothing where another process may write (no write mark)', async () => {
    const made: number[] = []
    const kept = answersUntilWrite(new KeptAnswers(() => null), () => 0)
    const api = new Hono<AppEnv>()
      .use((c, next) => (c.set('auth', auth), next()))
      .get('/', kept, (c) => (made.push(1), c.text('ok')))
    await api.request('/')
    await api.request('/')
    expect(made).toHaveLength(2)
  })
})
