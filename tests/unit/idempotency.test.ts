import { describe, expect, it } from 'vitest'
import { DEMO_ADMIN, DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { KEPT_BODY_MAX, KEPT_BYTES_MAX } from '../../bff/lib/idempotency.ts'
import { PAGE_REQUEST } from '../../bff/lib/page-request.ts'
import { IDEMPOTENCY_KEEP_MS, IDEMPOTENCY_LEASE_MS } from '../../storage/repositories/idempotency.ts'
import { memoryAdapter } from '../../storage/drivers/memory.ts'
import { StorageUnavailableError } from '../../storage/errors.ts'
import { createStore } from '../../storage/store.ts'
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

  it('checks the company and the page before a replay: a member disabled since gets 403, not the kept answer', async () => {
    const { bff, call } = await setUp()
    const tech = await bff.signIn(DEMO_TECHNICIAN)
    const label = () =>
      call('/apps/notes/labels', { method: 'POST', json: { title: 'Before' }, key: 'tech-1', token: tech })
    expect((await label()).status).toBe(200)
    expect((await label()).headers.get('idempotent-replayed')).toBe('true')
    const users = (await (await call('/ac_usuarios?size=100')).json()) as ModuleAnswer<
      List<{ id: string; email: string }>
    >
    const techId = users.Dados.items.find((u) => u.email === DEMO_TECHNICIAN.email)!.id
    expect((await call(`/ac_usuarios/${techId}`, { method: 'DELETE' })).status).toBe(200)
    const refused = await label()
    expect(refused.status).toBe(403)
    expect(refused.headers.get('idempotent-replayed')).toBeNull()
    // given back his access, the same key answers what it answered
    expect((await call(`/ac_usuarios/${techId}?restore=1`, { method: 'DELETE' })).status).toBe(200)
    expect((await label()).headers.get('idempotent-replayed')).toBe('true')
  })

  it('keeps a big answer as its digest, past 16 MB every answer, and refuses a new key past 5,000 with 429', async () => {
    let now = Date.now()
    const { bff, call, quote } = await setUp({ now: () => now })
    const draft = (await read(await call('/cd_cotacao', { method: 'POST', json: quote() }))).body.Dados
    const lines = (count: number, tag: string) =>
      Array.from({ length: count }, (_, i) => ({
        description: `${tag} ${i} `.padEnd(300, 'x'),
        quantity: 1,
        unitPrice: 100 + i,
      }))
    const change = (count: number, tag: string, key: string, token?: string) =>
      call(`/cd_cotacao/${draft.id}`, { method: 'PATCH', json: { lines: lines(count, tag) }, key, token })
    const admin = (await (await call('/common/user')).json()) as { id: string }
    const keys = () => bff.deps.repos.idempotency(() => now)
    const digestOf = async (text: string) =>
      `sha-256=:${Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))).toString('base64')}:`

    // 100 keyed changes of a 100-line draft (44 KB answers): each is kept as its digest, status and ETag
    let first = ''
    let firstTag: string | null = null
    for (let i = 0; i < 100; i++) {
      const res = await change(100, `big ${i}`, `big-${i}`)
      expect(res.status).toBe(200)
      if (i === 0) [first, firstTag] = [await res.text(), res.headers.get('etag')]
    }
    expect(first.length).toBeGreaterThan(KEPT_BODY_MAX)
    const replay = await change(100, 'big 0', 'big-0')
    expect(replay.status).toBe(200)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(replay.headers.get('etag')).toBe(firstTag)
    expect(replay.headers.get('repr-digest')).toBe(await digestOf(first))
    expect(await replay.text()).toBe('')
    expect(await keys().usage(admin.id)).toMatchObject({ keys: 100, bytes: 0 })

    // a small answer is kept whole, until the user's kept answers reach 16 MB: then as its digest
    const small = await change(10, 'small', 'small')
    const smallBody = await small.text()
    expect((await change(10, 'small', 'small')).headers.get('repr-digest')).toBeNull()
    expect(await (await change(10, 'small', 'small')).text()).toBe(smallBody)
    expect(await keys().usage(admin.id)).toMatchObject({ keys: 101, bytes: smallBody.length })
    // (the user's count brought to the edge as 16 MB of kept answers would)
    const usageKey = `kept-answers:${admin.id}`
    const today = Math.floor(now / 86_400_000)
    await bff.store.put(usageKey, { days: [{ day: today, keys: 200, bytes: KEPT_BYTES_MAX - 1000 }] })
    const past = await change(10, 'past', 'past')
    const pastBody = await past.text()
    const again = await change(10, 'past', 'past')
    expect([again.status, again.headers.get('repr-digest'), await again.text()]).toEqual([
      200,
      await digestOf(pastBody),
      '',
    ])

    // 5,000 keys in the 7 days (the count brought to 4,999): the 5,000th runs, the next new key is refused
    await bff.store.put(usageKey, {
      days: [
        { day: today - 2, keys: 4_000, bytes: 0 },
        { day: today, keys: 999, bytes: 0 },
      ],
    })
    expect((await change(1, 'last', 'last')).status).toBe(200)
    const refused = await change(1, 'refused', 'refused')
    expect(refused.status).toBe(429)
    expect(await refused.json()).toMatchObject({ code: 'idempotency_quota_exceeded' })
    // the oldest day counted leaves the count 7 days after it ends
    const wait = Number(refused.headers.get('retry-after'))
    expect(wait).toBe(Math.ceil(((today - 1) * 86_400_000 + IDEMPOTENCY_KEEP_MS - now) / 1000))
    // what was kept still answers, the refused write changed nothing, another user is not held back
    expect((await change(1, 'last', 'last')).headers.get('idempotent-replayed')).toBe('true')
    const record = (await read(await call(`/cd_cotacao/${draft.id}`))).body.Dados as unknown as {
      lines: Array<{ description: string }>
    }
    expect(record.lines.map((l) => l.description.trimEnd().replace(/x+$/, ''))).toEqual(['last 0 '])
    const tech = await bff.signIn(DEMO_TECHNICIAN)
    const label = await call('/apps/notes/labels', { method: 'POST', json: { title: 'Free' }, key: 'x', token: tech })
    expect(label.status).toBe(200)
    // the user's own page forms are not held to it (their keys are the pages', not an API client's)
    const adminToken = await bff.signIn(DEMO_ADMIN)
    const fromPage = await bff.api.request(
      `/cd_cotacao/${draft.id}`,
      {
        method: 'PATCH',
        headers: {
          ...tenant,
          authorization: `Bearer ${adminToken}`,
          'content-type': 'application/json',
          'idempotency-key': 'page-form-key-0001',
        },
        body: JSON.stringify({ lines: lines(1, 'page') }),
      },
      { [PAGE_REQUEST]: new Map() },
    )
    expect(fromPage.status).toBe(200)
    expect((await keys().usage(admin.id)).keys).toBe(5_000)
    // once that day has passed out of the count, the user's new keys run again
    now += wait * 1000
    expect((await change(1, 'after', 'after', await bff.signIn(DEMO_ADMIN))).status).toBe(200)
  })

  it('frees the key of a run whose storage went away: at once in its own process, within the 5 s lease in another', async () => {
    // memory storage that goes away as a quote is written (the write does not land), and comes back on demand
    const memory = memoryAdapter()
    let cut = false
    let away = false
    const store = createStore({
      ...memory,
      async swap(key, expected, next, writeId) {
        if (cut && /:quotes:[^:]+$/.test(key)) [cut, away] = [false, true]
        if (away) throw new StorageUnavailableError('the storage went away')
        return memory.swap(key, expected, next, writeId)
      },
    })
    let now = Date.now()
    const { call, quote, quoteCount } = await setUp({ store, now: () => now })
    const other = await testBff({ store, now: () => now, seed: false })
    const otherToken = await other.signIn(DEMO_ADMIN)
    const before = await quoteCount()
    const send = (from: 'here' | 'there', key: string) =>
      from === 'here'
        ? call('/cd_cotacao', { method: 'POST', json: quote(), key })
        : other.call('/cd_cotacao', {
            method: 'POST',
            json: quote(),
            token: otherToken,
            headers: { ...tenant, 'Idempotency-Key': key },
          })
    for (const [key, retryFrom] of [
      ['gone-1', 'here'],
      ['gone-2', 'there'],
    ] as const) {
      cut = true
      expect((await send('here', key)).status).toBe(503)
      away = false
      if (retryFrom === 'there') {
        // another process sees the key held until the lease of the run that is over runs out
        const held = await send('there', key)
        expect([held.status, held.headers.get('retry-after')]).toEqual([409, '1'])
        now += IDEMPOTENCY_LEASE_MS + 1
      }
      const retry = await send(retryFrom, key)
      expect(retry.status).toBe(200)
      expect(retry.headers.get('idempotent-replayed')).toBeNull()
    }
    expect(await quoteCount()).toBe(before + 2)
  })
})
