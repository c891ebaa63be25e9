import { describe, expect, it } from 'vitest'
import { DEMO_ADMIN, DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { IDEMPOTENCY_KEEP_MS } from '../../storage/repositories/idempotency.ts'
import { testBff, type ModuleAnswer } from '../shared/bff.ts'

type Quote = { id: string; number: string }
type List<T> = { items: T[]; pagination: { length: number } }
const tenant = { 'x-empresa': '1', 'x-filial': '1' }

async function setUp(options: Parameters<typeof testBff>[0] = {}) {
  const bff = await testBff(options)
  const token = await bff.signIn(DEMO_ADMIN)
  const call = (path: string, init: { method?: string; json?: unknown; key?: string; token?: string } = {}) =>
    bff.call(path, {
      method: init.method,
      json: init.json,
      token: init.token ?? token,
      headers: { ...tenant, ...(init.key ? { 'Idempotency-Key': init.key } : {}) },
    })
  const clientId = (await (await call('/cd_cliente?size=1')).json()).Dados.items[0].id as string
  const future = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10)
  const quote = (description = 'Filter change') => ({
    clientId,
    validUntil: future,
    lines: [{ description, quantity: 1, unitPrice: 12000 }],
  })
  const quoteCount = async () =>
    ((await (await call('/cd_cotacao?size=1')).json()) as ModuleAnswer<List<Quote>>).Dados.pagination.length
  return { bff, token, call, quote, quoteCount }
}

const read = async (res: Response) => ({
  status: res.status,
  etag: res.headers.get('etag'),
  replayed: res.headers.get('idempotent-replayed'),
  body: (await res.json()) as ModuleAnswer<Quote>,
})

// bff/lib/idempotency.ts, docs/api.md §8: a write sent again with its Idempotency-Key runs once
describe('Idempotency-Key', () => {
  it('answers a repeated create with the first answer and stores one quote', async () => {
    const { call, quote, quoteCount } = await setUp()
    const before = await quoteCount()
    const first = await read(await call('/cd_cotacao', { method: 'POST', json: quote(), key: 'create-1' }))
    expect(first).toMatchObject({ status: 200, replayed: null })
    const again = await read(await call('/cd_cotacao', { method: 'POST', json: quote(), key: 'create-1' }))
    expect(again).toEqual({ ...first, replayed: 'true' })
    expect(await quoteCount()).toBe(before + 1)
    // another key is another quote, numbered after it
    const other = await read(await call('/cd_cotacao', { method: 'POST', json: quote(), key: 'create-2' }))
    expect(other.body.Dados.id).not.toBe(first.body.Dados.id)
    expect(Number(other.body.Dados.number.slice(-6))).toBe(Number(first.body.Dados.number.slice(-6)) + 1)
    expect(await quoteCount()).toBe(before + 2)
  })

  it('refuses the key with another request (422) and changes nothing', async () => {
    const { call, quote, quoteCount } = await setUp()
    await call('/cd_cotacao', { method: 'POST', json: quote(), key: 'k' })
    const before = await quoteCount()
    const other = await read(await call('/cd_cotacao', { method: 'POST', json: quote('Other'), key: 'k' }))
    expect(other.status).toBe(422)
    expect(other.body).toMatchObject({ IsSuccess: false, code: 'idempotency_key_reused' })
    expect(await quoteCount()).toBe(before)
    // the same body to another path is another request too; the plain shape outside the modules
    const label = await call('/apps/notes/labels', { method: 'POST', json: { title: 'x' }, key: 'k' })
    expect(label.status).toBe(422)
    expect(await label.json()).toMatchObject({
      error: expect.stringContaining('Idempotency-Key'),
      code: 'idempotency_key_reused',
    })
  })

  it('runs 12 simultaneous sends of one key once: the others get its answer or 409 with Retry-After', async () => {
    const { call, quote, quoteCount } = await setUp()
    const before = await quoteCount()
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => call('/cd_cotacao', { method: 'POST', json: quote(), key: 'burst' })),
    )
    const succeeded = answers.filter((r) => r.status === 200)
    const running = answers.filter((r) => r.status === 409)
    expect(succeeded.length + running.length).toBe(12)
    expect(succeeded.length).toBeGreaterThanOrEqual(1)
    expect(running.every((r) => r.headers.get('retry-after') === '1')).toBe(true)
    const ids = new Set(
      await Promise.all(succeeded.map(async (r) => ((await r.json()) as ModuleAnswer<Quote>).Dados.id)),
    )
    expect(ids.size).toBe(1)
    expect(await quoteCount()).toBe(before + 1)
    // once it is done, every repeat gets its answer
    const later = await read(await call('/cd_cotacao', { method: 'POST', json: quote(), key: 'burst' }))
    expect(later).toMatchObject({ status: 200, replayed: 'true' })
    expect(later.body.Dados.id).toBe([...ids][0])
  })

  it('frees the key of a refused write, keeps keys per user, and refuses a malformed key', async () => {
    const { bff, call, quote, quoteCount } = await setUp()
    const before = await quoteCount()
    const refused = await call('/cd_cotacao', {
      method: 'POST',
      json: { ...quote(), lines: [{ description: 'x', quantity: 0, unitPrice: 1 }] },
      key: 'retry-me',
    })
    expect(refused.status).toBe(400)
    // the same key, with the mistake mended, runs
    const mended = await read(await call('/cd_cotacao', { method: 'POST', json: quote(), key: 'retry-me' }))
    expect(mended).toMatchObject({ status: 200, replayed: null })
    expect(await quoteCount()).toBe(before + 1)
    // another user's key of the same name is theirs: a label created for each
    const tech = await bff.signIn(DEMO_TECHNICIAN)
    const mine = await call('/apps/notes/labels', { method: 'POST', json: { title: 'Shared key' }, key: 'same' })
    const theirs = await call('/apps/notes/labels', {
      method: 'POST',
      json: { title: 'Shared key' },
      key: 'same',
      token: tech,
    })
    expect([mine.status, theirs.status]).toEqual([200, 200])
    expect(theirs.headers.get('idempotent-replayed')).toBeNull()
    const labels = (await theirs.json()) as Array<{ title: string }>
    expect(labels.filter((l) => l.title === 'Shared key')).toHaveLength(2)
    for (const bad of ['', 'with space', 'x'.repeat(256)]) {
      const res = await bff.call('/apps/notes/labels', {
        method: 'POST',
        json: { title: 'y' },
        token: tech,
        headers: { ...tenant, 'Idempotency-Key': bad },
      })
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ code: 'invalid_idempotency_key' })
    }
  })

  it('keeps a key 7 days; after that the key is free, and the same create still finds its quote', async () => {
    let now = Date.now()
    const { bff, call, quote } = await setUp({ now: () => now })
    const first = await read(await call('/cd_cotacao', { method: 'POST', json: quote(), key: 'week' }))
    now += IDEMPOTENCY_KEEP_MS - 60_000
    const replay = await read(await call('/cd_cotacao', { method: 'POST', json: quote(), key: 'week' }))
    expect(replay).toMatchObject({ status: 200, replayed: 'true' })
    expect(replay.body.Dados.id).toBe(first.body.Dados.id)
    now += 120_000
    // the session lasts as long: the device signs in again, and its key is still its user's
    const token = await bff.signIn(DEMO_ADMIN)
    const count = async () =>
      ((await (await call('/cd_cotacao?size=1', { token })).json()) as ModuleAnswer<List<Quote>>).Dados.pagination
        .length
    const before = await count()
    // the key has gone, but the quote it made has the id the same request makes: it is the answer
    const again = await read(await call('/cd_cotacao', { method: 'POST', json: quote(), key: 'week', token }))
    expect(again).toMatchObject({ status: 200, replayed: null })
    expect(again.body.Dados.id).toBe(first.body.Dados.id)
    expect(await count()).toBe(before)
    // once the key is gone, it may go with another request
    now += IDEMPOTENCY_KEEP_MS + 1
    expect(await bff.deps.repos.idempotency(() => now).sweep()).toBeGreaterThanOrEqual(1)
    expect(await bff.store.children('idempotency')).toEqual([])
    const later = await bff.signIn(DEMO_ADMIN)
    const other = await read(
      await call('/cd_cotacao', { method: 'POST', json: quote('Other'), key: 'week', token: later }),
    )
    expect(other).toMatchObject({ status: 200, replayed: null })
    expect(other.body.Dados.id).not.toBe(first.body.Dados.id)
  })
})
