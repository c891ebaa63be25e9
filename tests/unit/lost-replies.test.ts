// runs once: its tests reach a redis of their own through a proxy that loses replies
import { afterAll, describe, expect, inject, it } from 'vitest'
import { DEMO_ADMIN, DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { openStore } from '../../storage/open.ts'
import { callAs, testBff } from '../shared/bff.ts'
import { MAIN, TECH_ID, wednesdayAhead } from '../shared/booking.ts'
import { redisProxy } from '../shared/tcp-proxy.ts'

type Quote = { id: string; number: string; status: string }
type Line = { action: string; version?: number }
type List<T> = { items: T[]; pagination: { length: number } }

const redis = new URL(inject('redisUrl'))
const proxy = await redisProxy({ host: redis.hostname, port: Number(redis.port) })
afterAll(() => proxy.close())

async function setUp() {
  // a database of its own on the test redis, reached through the proxy
  const store = await openStore({ driver: 'redis', url: `redis://127.0.0.1:${proxy.port}/7` })
  const bff = await testBff({ store })
  const admin = await callAs(bff, DEMO_ADMIN)
  const clientId = (await admin<List<{ id: string }>>('/cd_cliente?size=1')).body.Dados.items[0].id
  const future = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10)
  const quote = { clientId, validUntil: future, lines: [{ description: 'Repair', quantity: 1, unitPrice: 15000 }] }
  const timeline = async (id: string) => (await admin<Line[]>(`/cd_cotacao/${id}/activity`)).body.Dados
  /** How many storage writes `step` makes, then `step` again with the reply of each of them lost in turn. */
  const eachReplyLost = async <T>(step: () => Promise<T>, check: (result: T, lost: number) => Promise<void>) => {
    proxy.loseReplyOf(null)
    await check(await step(), 0)
    const writes = proxy.writes()
    expect(writes).toBeGreaterThan(2)
    for (let n = 1; n <= writes; n++) {
      proxy.loseReplyOf(n)
      await check(await step(), n)
    }
    proxy.loseReplyOf(null)
    return writes
  }
  return { bff, store, admin, quote, timeline, eachReplyLost }
}

// issue 27 §8: a TCP proxy between the server and a real redis drops one reply at each step of a
// quote's create, edit and approval: the answers tell the truth, numbers stay unique with no gap,
// and every change has its timeline line
describe('replies lost between the server and redis', () => {
  it('create, edit and approve answer what happened, with unique numbers, no gap and every timeline line', async () => {
    const { bff, store, admin, quote, timeline, eachReplyLost } = await setUp()
    try {
      const created: Quote[] = []
      const createWrites = await eachReplyLost(
        () => admin<Quote>('/cd_cotacao', { method: 'POST', json: quote }),
        async (res, lost) => {
          expect([lost, res.status]).toEqual([lost, 200])
          created.push(res.body.Dados)
          expect(await timeline(res.body.Dados.id)).toMatchObject([{ action: 'created', version: 1 }])
        },
      )
      const numbers = (await admin<List<Quote>>('/cd_cotacao?size=100&sort=number&order=asc')).body.Dados.items.map(
        (q) => Number(q.number.slice(-6)),
      )
      expect(new Set(numbers).size).toBe(numbers.length)
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1))
      expect(created).toHaveLength(createWrites + 1)

      let at = 0
      await eachReplyLost(
        async () => {
          const q = created[at++]
          return {
            q,
            res: await admin<Quote>(`/cd_cotacao/${q.id}`, {
              method: 'PATCH',
              json: { notes: `note ${at}` },
              headers: { 'if-match': '"1"' },
            }),
          }
        },
        async ({ q, res }, lost) => {
          expect([lost, res.status, res.etag]).toEqual([lost, 200, '"2"'])
          expect((await timeline(q.id)).map((l) => [l.action, l.version])).toEqual([
            ['updated', 2],
            ['created', 1],
          ])
        },
      )

      const toApprove: Quote[] = []
      for (let i = 0; i < 12; i++) {
        const q = (await admin<Quote>('/cd_cotacao', { method: 'POST', json: quote })).body.Dados
        expect((await admin(`/cd_cotacao/${q.id}/send`, { method: 'POST' })).status).toBe(200)
        toApprove.push(q)
      }
      at = 0
      await eachReplyLost(
        async () => {
          const q = toApprove[at++]
          return { q, res: await admin<Quote>(`/cd_cotacao/${q.id}/approve`, { method: 'POST' }) }
        },
        async ({ q, res }, lost) => {
          expect([lost, res.status, res.body.Dados.status]).toEqual([lost, 200, 'approved'])
          expect((await timeline(q.id)).map((l) => l.action)).toEqual(['approve', 'send', 'created'])
        },
      )
    } finally {
      await bff.store.dispose().catch(() => undefined)
      void store
    }
  })

  it('a visit’s depart, arrive and finish answer what happened with a reply lost at each write, and the order follows every time', async () => {
    const { bff, store, admin, eachReplyLost } = await setUp()
    try {
      const main = await callAs(bff, DEMO_ADMIN, MAIN)
      const tech = await callAs(bff, DEMO_TECHNICIAN, MAIN)
      const { at } = wednesdayAhead(60)
      const clientId = (await main<List<{ id: string }>>('/cd_cliente?size=1')).body.Dados.items[0].id
      /** `count` visits of orders of their own, each taken through `steps` already. */
      const visits = async (count: number, steps: string[]) => {
        const made: Array<{ visit: string; order: string }> = []
        for (let i = 0; i < count; i++) {
          const order = (
            await main<{ id: string }>('/cd_ordem', {
              method: 'POST',
              json: { clientId, lines: [{ description: 'Service', quantity: 1, unitPrice: 10_000 }] },
            })
          ).body.Dados.id
          const booked = await main<{ visits: Array<{ id: string }> }>('/cd_ordemagendamento', {
            method: 'POST',
            json: { orderId: order, technicianIds: [TECH_ID], start: at('09:00'), end: at('10:00'), force: true },
          })
          const visit = booked.body.Dados.visits[0].id
          for (const step of steps)
            expect((await tech(`/cd_techorders/${visit}/${step}`, { method: 'POST', ...stepBody(step) })).status).toBe(
              200,
            )
          made.push({ visit, order })
        }
        return made
      }
      const stepBody = (step: string) => (step === 'depart' ? { json: { etaMinutes: 10 } } : {})
      for (const [step, before, orderAfter] of [
        ['depart', [], 'in_progress'],
        ['arrive', ['depart'], 'in_progress'],
        ['finish', ['depart', 'arrive'], 'completed'],
      ] as const) {
        const ready = await visits(16, [...before])
        let next = 0
        const writes = await eachReplyLost(
          async () => {
            const { visit, order } = ready[next++]
            return {
              visit,
              order,
              res: await tech(`/cd_techorders/${visit}/${step}`, { method: 'POST', ...stepBody(step) }),
            }
          },
          async ({ visit, order, res }, lost) => {
            expect([step, lost, res.status]).toEqual([step, lost, 200])
            const lines = (await tech<Array<{ action: string }>>(`/cd_techorders/${visit}/activity`)).body.Dados
            expect([step, lost, lines.filter((l) => l.action === step).length]).toEqual([step, lost, 1])
            // what follows from the step is never left behind
            expect([step, lost, (await main<{ status: string }>(`/cd_ordem/${order}`)).body.Dados.status]).toEqual([
              step,
              lost,
              orderAfter,
            ])
          },
        )
        expect(writes).toBeLessThan(16)
      }
      void admin
    } finally {
      await bff.store.dispose().catch(() => undefined)
      void store
    }
  })
  it('an invoice’s issue and a payment answer what happened with a reply lost at each write: numbers unique with no gap, once each', async () => {
    const { bff, admin, eachReplyLost } = await setUp()
    try {
      const clientId = (await admin<List<{ id: string }>>('/cd_cliente?size=1')).body.Dados.items[0].id
      type Invoice = { id: string; number: string | null; status: string; paid: number }
      const drafts: Invoice[] = []
      for (let i = 0; i < 48; i++)
        drafts.push(
          (
            await admin<Invoice>('/cd_invoice', {
              method: 'POST',
              json: { clientId, lines: [{ description: 'Visit', quantity: 1, unitPrice: 12_000 }] },
            })
          ).body.Dados,
        )
      const lines = async (id: string) =>
        (await admin<Line[]>(`/cd_invoice/${id}/activity`)).body.Dados.map((l) => l.action)
      let next = 0
      const issued: Invoice[] = []
      const writes = await eachReplyLost(
        async () => {
          const invoice = drafts[next++]
          return { invoice, res: await admin<Invoice>(`/cd_invoice/${invoice.id}/issue`, { method: 'POST' }) }
        },
        async ({ invoice, res }, lost) => {
          expect([lost, res.status, res.body.Dados.status]).toEqual([lost, 200, 'issued'])
          expect([lost, (await lines(invoice.id)).filter((a) => a === 'issue').length]).toEqual([lost, 1])
          issued.push(res.body.Dados)
        },
      )
      // the rest issued with every reply, for the payments
      for (const invoice of drafts.slice(next))
        issued.push((await admin<Invoice>(`/cd_invoice/${invoice.id}/issue`, { method: 'POST' })).body.Dados)
      const numbers = issued.map((i) => Number(i.number!.slice(-6))).sort((a, b) => a - b)
      expect(new Set(numbers).size).toBe(numbers.length)
      expect(numbers.at(-1)! - numbers[0] + 1).toBe(numbers.length)
      // a payment sent with its key, and again with it while no answer about it came: a 503 says the
      // outcome is unknown (a cut connection fails the reads in flight on it too), a 409 "running"
      // that the first run's hold on the key has not ended yet (a lease of seconds)
      const pay = async (id: string) => {
        const send = () =>
          admin<Invoice>(`/cd_invoice/${id}/payments`, {
            method: 'POST',
            json: { amount: 5_000, method: 'cash' },
            headers: { 'idempotency-key': `pay-${id}` },
          })
        let res = await send()
        // as a client does after a 503 (Retry-After): the connection is made again meanwhile
        const unanswered = () => res.status === 503 || res.body.code === 'idempotency_key_running'
        for (let i = 0; i < 40 && unanswered(); i++) {
          await new Promise((resolve) => setTimeout(resolve, 250))
          res = await send()
        }
        return res
      }
      next = 0
      await eachReplyLost(
        async () => {
          const invoice = issued[next++]
          return { invoice, res: await pay(invoice.id) }
        },
        async ({ invoice, res }, lost) => {
          expect([lost, res.status]).toEqual([lost, 200])
          expect([lost, res.body.Dados.paid]).toEqual([lost, 5_000])
          expect([lost, (await lines(invoice.id)).filter((a) => a === 'payment').length]).toEqual([lost, 1])
        },
      )
      expect(writes).toBeGreaterThan(2)
    } finally {
      await bff.store.dispose().catch(() => undefined)
    }
  })
})
