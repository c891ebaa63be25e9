// runs once: its tests write to a memory store that fails a write when told
import { describe, expect, it } from 'vitest'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'
import { memoryAdapter } from '../../storage/drivers/memory.ts'
import { StorageUnavailableError } from '../../storage/errors.ts'
import { createStore } from '../../storage/store.ts'
import { callAs, testBff } from '../shared/bff.ts'

type Quote = { id: string; number: string; status: string }
type Line = { action: string; version?: number }

/**
 * Memory storage whose next write of a quote fails as a lost connection would: `landed` says
 * whether the write reached the storage before its reply was lost.
 */
function faultyStore() {
  const memory = memoryAdapter()
  let fault: { landed: boolean } | null = null
  const store = createStore({
    ...memory,
    async swap(key, expected, next, writeId) {
      const armed = fault && /:quotes:[^:]+$/.test(key) ? fault : null
      if (!armed) return memory.swap(key, expected, next, writeId)
      fault = null
      if (armed.landed) await memory.swap(key, expected, next, writeId)
      throw new StorageUnavailableError('connection lost before the reply')
    },
  })
  return { store, failNextQuoteWrite: (landed: boolean) => (fault = { landed }) }
}

async function setUp() {
  const { store, failNextQuoteWrite } = faultyStore()
  const bff = await testBff({ store })
  const admin = await callAs(bff, DEMO_ADMIN)
  const clientId = (await admin<{ items: Array<{ id: string }> }>('/cd_cliente?size=1')).body.Dados.items[0].id
  const future = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10)
  const quote = { clientId, validUntil: future, lines: [{ description: 'Cleaning', quantity: 1, unitPrice: 9000 }] }
  const timeline = async (id: string) => (await admin<Line[]>(`/cd_cotacao/${id}/activity`)).body.Dados
  return { admin, quote, timeline, failNextQuoteWrite }
}

// storage/store.ts outcomeOf, bff/lib/resource.ts withActivityLine: a write knows its own outcome,
// and a change and its timeline line are one unit
describe('a write whose reply was lost', () => {
  it('is answered as done when it landed, with its number and its timeline line', async () => {
    const { admin, quote, timeline, failNextQuoteWrite } = await setUp()
    const first = (await admin<Quote>('/cd_cotacao', { method: 'POST', json: quote })).body.Dados
    failNextQuoteWrite(true)
    const lost = await admin<Quote>('/cd_cotacao', { method: 'POST', json: quote })
    expect(lost.status).toBe(200)
    expect(Number(lost.body.Dados.number.slice(-6))).toBe(Number(first.number.slice(-6)) + 1)
    expect((await timeline(lost.body.Dados.id)).map((l) => l.action)).toEqual(['created'])
    // an edit whose reply was lost, landed: answered with the new version, and its line shows
    failNextQuoteWrite(true)
    const edited = await admin<Quote>(`/cd_cotacao/${first.id}`, {
      method: 'PATCH',
      json: { notes: 'Gate code 4411' },
      headers: { 'if-match': '"1"' },
    })
    expect([edited.status, edited.etag]).toEqual([200, '"2"'])
    expect((await timeline(first.id)).map((l) => [l.action, l.version])).toEqual([
      ['updated', 2],
      ['created', 1],
    ])
    // the next quote takes the next number: none given back, none given twice
    const next = (await admin<Quote>('/cd_cotacao', { method: 'POST', json: quote })).body.Dados
    expect(Number(next.number.slice(-6))).toBe(Number(first.number.slice(-6)) + 2)
  })

  it('is answered 503 when it did not land, shows no line for it, and its number is the next one taken', async () => {
    const { admin, quote, timeline, failNextQuoteWrite } = await setUp()
    const first = (await admin<Quote>('/cd_cotacao', { method: 'POST', json: quote })).body.Dados
    failNextQuoteWrite(false)
    const edit = await admin(`/cd_cotacao/${first.id}`, { method: 'PATCH', json: { notes: 'lost' } })
    expect(edit.status).toBe(503)
    // the line written before the change names version 2, which the quote never reached
    expect((await timeline(first.id)).map((l) => l.action)).toEqual(['created'])
    const send = await admin<Quote>(`/cd_cotacao/${first.id}/send`, { method: 'POST' })
    expect([send.status, send.etag]).toEqual([200, '"2"'])
    expect((await timeline(first.id)).map((l) => [l.action, l.version])).toEqual([
      ['send', 2],
      ['created', 1],
    ])
    // a create that did not land: 503, and its number is not lost
    failNextQuoteWrite(false)
    expect((await admin('/cd_cotacao', { method: 'POST', json: quote })).status).toBe(503)
    const after = (await admin<Quote>('/cd_cotacao', { method: 'POST', json: quote })).body.Dados
    expect(Number(after.number.slice(-6))).toBe(Number(first.number.slice(-6)) + 2)
    // a refused change (stale If-Match) leaves no line at all
    const stale = await admin(`/cd_cotacao/${after.id}`, {
      method: 'PATCH',
      json: { notes: 'stale' },
      headers: { 'if-match': '"7"' },
    })
    expect(stale.status).toBe(412)
    expect((await timeline(after.id)).map((l) => l.action)).toEqual(['created'])
  })
})
