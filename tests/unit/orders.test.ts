import { describe, expect, it } from 'vitest'
import { faultyStore } from '../shared/faulty-store.ts'
import { DEMO_ADMIN, DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { callAs, testBff } from '../shared/bff.ts'

type Order = {
  id: string
  number: string
  status: string
  clientId: string
  clientName: string
  serviceAddress: string
  priority: string
  skills: string[]
  lines: Array<{ description: string; total: number }>
  totals: { total: number }
  hold: { reason: string; from: string } | null
  quoteId: string | null
  quoteNumber: string | null
}
type Quote = { id: string; number: string; status: string; orderId: string | null; orderNumber: string | null }
type Client = { id: string; name: string; addresses: Array<{ street: string; city: string; isDefault: boolean }> }
type List<T> = { items: T[]; pagination: { length: number } }

async function setUp(options: Parameters<typeof testBff>[0] = {}) {
  const bff = await testBff(options)
  const admin = await callAs(bff, DEMO_ADMIN)
  const client = (await admin<List<Client>>('/cd_cliente?size=1&sort=name')).body.Dados.items[0]
  const jobs = (await admin<List<{ id: string; code: string }>>('/cd_job?size=100')).body.Dados.items
  const job = (code: string) => jobs.find((j) => j.code === code)!
  const order = {
    clientId: client.id,
    priority: 'high',
    problem: 'Drips water',
    lines: [{ jobId: job('AC-INST').id, quantity: 1 }],
  }
  /** A draft quote of a technical visit for the client, valid 20 days. */
  const draftQuote = async () => {
    const future = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10)
    return (
      await admin<Quote>('/cd_cotacao', {
        method: 'POST',
        json: { clientId: client.id, validUntil: future, lines: [{ jobId: job('VIS-TEC').id, quantity: 1 }] },
      })
    ).body.Dados
  }
  const approvedQuote = async () => {
    const q = await draftQuote()
    await admin(`/cd_cotacao/${q.id}/send`, { method: 'POST' })
    await admin(`/cd_cotacao/${q.id}/approve`, { method: 'POST' })
    return q
  }
  return { bff, admin, client, job, order, draftQuote, approvedQuote }
}

// cd_ordem (docs/domain.md): service orders, from scratch and from an approved quote
describe('cd_ordem', () => {
  it('makes an order from scratch: the branch prefix in its number, one of the client’s addresses, priced lines and skills', async () => {
    const { bff, admin, client, order } = await setUp()
    const made = await admin<Order>('/cd_ordem', { method: 'POST', json: order })
    expect(made.status).toBe(200)
    expect(made.body.Dados).toMatchObject({
      number: expect.stringMatching(/^OS-CPS-\d{4}-000001$/),
      status: 'new',
      clientName: client.name,
      priority: 'high',
      skills: ['refrigeração', 'elétrica'],
      totals: { total: 47250 },
      hold: null,
      quoteId: null,
    })
    const byDefault = client.addresses.find((a) => a.isDefault) ?? client.addresses[0]
    expect(made.body.Dados.serviceAddress.startsWith(byDefault.street)).toBe(true)
    // an address that is not one of the client's is refused, naming the field
    const elsewhere = await admin('/cd_ordem', {
      method: 'POST',
      json: { ...order, serviceAddress: 'Rua Qualquer, 1' },
    })
    expect(elsewhere.status).toBe(400)
    expect(elsewhere.body.codes).toEqual({ serviceAddress: 'address_not_clients' })
    // the next order of the branch follows, the other branch has its own series and prefix
    const next = await admin<Order>('/cd_ordem', { method: 'POST', json: order })
    expect(next.body.Dados.number).toMatch(/^OS-CPS-\d{4}-000002$/)
    const main = await callAs(bff, DEMO_ADMIN, { 'x-empresa': '1', 'x-filial': '2' })
    const there = await main<Order>('/cd_ordem', { method: 'POST', json: order })
    expect(there.body.Dados.number).toMatch(/^OS-SAO-2026-000061$/)
  })

  it('is found by its street, its city and its services, as are its client and its quote', async () => {
    const { admin, client, order, draftQuote } = await setUp()
    const made = (await admin<Order>('/cd_ordem', { method: 'POST', json: order })).body.Dados
    const q = await draftQuote()
    const address = client.addresses.find((a) => a.isDefault) ?? client.addresses[0]
    const found = async (path: string, search: string) =>
      (await admin<List<{ id: string }>>(`${path}?size=100&search=${encodeURIComponent(search)}`)).body.Dados.items.map(
        (r) => r.id,
      )
    // the street and the city (without accents or case), the service's name
    expect(await found('/cd_ordem', address.street.toLowerCase())).toContain(made.id)
    expect(await found('/cd_ordem', address.city.normalize('NFD').replace(/\p{M}/gu, ''))).toContain(made.id)
    expect(await found('/cd_ordem', 'instalação de ar')).toContain(made.id)
    expect(await found('/cd_cotacao', 'visita tecnica')).toContain(q.id)
    expect(await found('/cd_cotacao', address.street)).toContain(q.id)
    expect(await found('/cd_ordem', 'visita tecnica')).not.toContain(made.id)
    // a client by any of their addresses, not only the default one
    for (const a of client.addresses) expect(await found('/cd_cliente', a.street)).toContain(client.id)
  })

  it('converts an approved quote once: the order has its lines, both link to each other, a second convert is refused', async () => {
    const { admin, approvedQuote } = await setUp()
    const q = await approvedQuote()
    const converted = await admin<Quote>(`/cd_cotacao/${q.id}/convert`, { method: 'POST' })
    expect(converted.status).toBe(200)
    const { orderId, orderNumber } = converted.body.Dados
    expect(converted.body.Dados.status).toBe('converted')
    const order = (await admin<Order>(`/cd_ordem/${orderId}`)).body.Dados
    expect(order).toMatchObject({
      number: orderNumber,
      status: 'new',
      quoteId: q.id,
      quoteNumber: q.number,
      lines: [{ description: 'Visita técnica', total: 9000 }],
    })
    expect((await admin<Array<{ action: string }>>(`/cd_ordem/${orderId}/activity`)).body.Dados).toMatchObject([
      { action: 'created', version: 1 },
    ])
    const again = await admin(`/cd_cotacao/${q.id}/convert`, { method: 'POST' })
    expect([again.status, again.body.code]).toEqual([409, 'transition_not_allowed'])
    // two converts at once (a double click, two offices): one order
    const other = await approvedQuote()
    const both = await Promise.all(
      [1, 2].map(() => admin<Quote>(`/cd_cotacao/${other.id}/convert`, { method: 'POST' })),
    )
    expect(both.filter((r) => r.status === 200)).toHaveLength(1)
    const orders = (await admin<List<Order>>(`/cd_ordem?search=${encodeURIComponent(other.number)}`)).body.Dados
    expect(orders.items.map((o) => o.quoteId)).toEqual([other.id])
    expect((await admin<Quote>(`/cd_cotacao/${other.id}`)).body.Dados.orderId).toBe(orders.items[0].id)
  })

  it('answers a keyed retry of a quote’s send and convert that landed, though their first runs could not say so: one order', async () => {
    // the next quote write lands, then neither its reply nor a read-back comes for a while
    const { store, failNext, back } = faultyStore(/:quotes:[^:]+$/)
    const { admin, draftQuote } = await setUp({ store })
    const q = await draftQuote()
    const keyed = (action: string) => () =>
      admin<Quote>(`/cd_cotacao/${q.id}/${action}`, { method: 'POST', headers: { 'idempotency-key': `${action}-1` } })
    for (const [action, status] of [
      ['send', 'sent'],
      ['approve', 'approved'],
      ['convert', 'converted'],
    ] as const) {
      const send = keyed(action)
      failNext(true)
      expect([action, (await send()).status]).toEqual([action, 503])
      back()
      const retry = await send()
      expect([action, retry.status, retry.replayed, retry.body.Dados?.status]).toEqual([action, 200, 'true', status])
    }
    const orders = (await admin<List<Order>>(`/cd_ordem?search=${encodeURIComponent(q.number)}`)).body.Dados
    expect(orders.items.map((o) => o.quoteId)).toEqual([q.id])
    expect((await admin<Quote>(`/cd_cotacao/${q.id}`)).body.Dados.orderId).toBe(orders.items[0].id)
  })

  it('answers a keyed retry of a hold and a resume that landed, though their first runs could not say so, with the order', async () => {
    // the next order write lands, then neither its reply nor a read-back comes for a while
    const { store, failNext, back } = faultyStore(/:orders:[^:]+$/)
    const { admin, order } = await setUp({ store })
    const o = (await admin<Order>('/cd_ordem', { method: 'POST', json: order })).body.Dados
    for (const [action, json, status] of [
      ['hold', { reason: 'parts' }, 'on_hold'],
      ['resume', undefined, 'new'],
    ] as const) {
      const send = () =>
        admin<Order>(`/cd_ordem/${o.id}/${action}`, {
          method: 'POST',
          ...(json ? { json } : {}),
          headers: { 'idempotency-key': `${action}-1` },
        })
      failNext(true)
      expect((await send()).status).toBe(503)
      back()
      const retry = await send()
      expect([action, retry.status, retry.body.Dados?.status]).toEqual([action, 200, status])
    }
  })

  it('is put on hold with a reason and resumed to where it was; cancelled, it is closed', async () => {
    const { admin, order } = await setUp()
    const o = (await admin<Order>('/cd_ordem', { method: 'POST', json: order })).body.Dados
    const noReason = await admin(`/cd_ordem/${o.id}/hold`, { method: 'POST', json: {} })
    expect([noReason.status, noReason.body.codes]).toEqual([400, { reason: 'invalid_value' }])
    const held = await admin<Order>(`/cd_ordem/${o.id}/hold`, { method: 'POST', json: { reason: 'parts' } })
    expect(held.body.Dados).toMatchObject({ status: 'on_hold', hold: { reason: 'parts', from: 'new' } })
    expect((await admin(`/cd_ordem/${o.id}/hold`, { method: 'POST', json: { reason: 'parts' } })).status).toBe(409)
    const resumed = await admin<Order>(`/cd_ordem/${o.id}/resume`, { method: 'POST', headers: { 'if-match': '"2"' } })
    expect([resumed.status, resumed.etag, resumed.body.Dados.status, resumed.body.Dados.hold]).toEqual([
      200,
      '"3"',
      'new',
      null,
    ])
    expect((await admin(`/cd_ordem/${o.id}/resume`, { method: 'POST' })).status).toBe(409)
    expect((await admin<Order>(`/cd_ordem/${o.id}/cancel`, { method: 'POST' })).body.Dados.status).toBe('cancelled')
    expect((await admin(`/cd_ordem/${o.id}`, { method: 'PATCH', json: { priority: 'low' } })).body.code).toBe(
      'order_closed',
    )
    const hold = await admin(`/cd_ordem/${o.id}/hold`, { method: 'POST', json: { reason: 'customer' } })
    expect([hold.status, hold.body.allowed]).toEqual([409, []])
    const timeline = (await admin<Array<{ action: string; version: number }>>(`/cd_ordem/${o.id}/activity`)).body.Dados
    expect(timeline.map((l) => [l.action, l.version])).toEqual([
      ['cancel', 4],
      ['resume', 3],
      ['hold', 2],
      ['created', 1],
    ])
  })

  it('keeps orders to their branch and to the page: the technician reads, cannot convert or create', async () => {
    const { bff, admin, order, approvedQuote } = await setUp()
    const o = (await admin<Order>('/cd_ordem', { method: 'POST', json: order })).body.Dados
    const main = await callAs(bff, DEMO_ADMIN, { 'x-empresa': '1', 'x-filial': '2' })
    // the main branch's list does not show it (its admin, who holds every branch, may still open it)
    expect(
      (await main<List<Order>>(`/cd_ordem?search=${encodeURIComponent(o.number)}`)).body.Dados.pagination.length,
    ).toBe(0)
    // the demo orders: 60 in the main branch, in every status, three from converted quotes
    const seeded = (await main<List<Order>>('/cd_ordem?size=100')).body.Dados
    expect(seeded.pagination.length).toBe(60)
    expect(new Set(seeded.items.map((s) => s.status))).toEqual(
      new Set(['new', 'scheduled', 'in_progress', 'completed', 'invoiced', 'on_hold', 'cancelled']),
    )
    expect(seeded.items.filter((s) => s.quoteId)).toHaveLength(3)
    expect(seeded.items.map((s) => s.number)).toContain('OS-SAO-2026-000060')
    const tech = await callAs(bff, DEMO_TECHNICIAN)
    expect((await tech<List<Order>>('/cd_ordem?size=5')).status).toBe(200)
    expect((await tech('/cd_ordem', { method: 'POST', json: order })).status).toBe(403)
    // converting makes an order: it takes the orders page at edit too
    const q = await approvedQuote()
    const techUser = (await admin<List<{ id: string; email: string }>>('/ac_usuarios?size=100')).body.Dados.items.find(
      (u) => u.email === DEMO_TECHNICIAN.email,
    )!
    await admin('/ac_usuariospaginas', {
      method: 'PUT',
      json: { userId: techUser.id, levels: { cd_cotacao: 'edit', cd_ordem: 'view' } },
    })
    const techHere = await callAs(bff, DEMO_TECHNICIAN)
    const refused = await techHere(`/cd_cotacao/${q.id}/convert`, { method: 'POST' })
    expect(refused.status).toBe(403)
    expect((await admin<Quote>(`/cd_cotacao/${q.id}`)).body.Dados).toMatchObject({ status: 'approved', orderId: null })
  })
})
