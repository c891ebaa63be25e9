import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DEMO_ADMIN, DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { fsAdapter } from '../../storage/drivers/fs.ts'
import { keys } from '../../storage/keys.ts'
import { createStore } from '../../storage/store.ts'
import { MAIN, TECH_ID, wednesdayAhead } from '../shared/booking.ts'
import { startFsServer } from './servers.ts'

type Answer<T> = { Dados: T; code?: string }
type Visit = { id: string; status: string; parts: Array<{ id: string }> }
type Order = { id: string; status: string; lines: Array<{ partId?: string }> }
type Product = { id: string; stock: number | null; active: boolean }

/**
 * Issue 43 §5: the built server on fs is killed (SIGKILL, bff/runtime/crash-point.ts) right after
 * each write of a visit's step in turn — the first, the second, … until the step runs through. After
 * each kill the server starts again and every derived fact is as the visit says, before anything is
 * asked again: the order's status, its part's line once, the stock moved once. The technician's
 * phone then sends the step again with its key, and is answered the visit, never a refusal.
 */
describe('a visit’s step killed between any two of its writes on fs', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'crash-steps-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
  const start = (crashAfterWrites = 0) =>
    startFsServer(dataDir, crashAfterWrites ? { CRASH_AFTER_WRITES: String(crashAfterWrites) } : {})
  const tokenOf = async (url: string, who: { email: string; password: string }) => {
    const res = await fetch(`${url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(who),
    })
    return ((await res.json()) as { accessToken: string }).accessToken
  }
  /** A caller of one server with a token kept across its restarts (the sessions are stored). */
  const caller =
    (token: string) =>
    async <T>(url: string, path: string, init: { method?: string; json?: unknown; key?: string } = {}) => {
      const res = await fetch(`${url}/api${path}`, {
        method: init.method ?? 'GET',
        headers: {
          authorization: `Bearer ${token}`,
          ...MAIN,
          ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(init.key ? { 'idempotency-key': init.key } : {}),
        },
        body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
      })
      const body = (await res.json()) as Answer<T> & T
      return { status: res.status, replayed: res.headers.get('idempotent-replayed'), body }
    }

  it('leaves no order, order line or stock behind, and answers the retried step with the visit', async () => {
    let server = await start()
    const admin = caller(await tokenOf(server.url, DEMO_ADMIN))
    const tech = caller(await tokenOf(server.url, DEMO_TECHNICIAN))
    const clientId = (await admin<{ items: Array<{ id: string }> }>(server.url, '/cd_cliente?size=1')).body.Dados
      .items[0].id
    const products = (
      await admin<{ products: Product[] }>(server.url, '/apps/ecommerce/inventory/products?page=0&size=100')
    ).body.products
    const product = products.find((p) => p.active && typeof p.stock === 'number')!
    const stockOf = async (url: string) =>
      (await admin<Product>(url, `/apps/ecommerce/inventory/product?id=${product.id}`)).body.stock
    const { at } = wednesdayAhead(90)
    /** An order with a visit of the demo technician taken through `steps`, with one part used. */
    const ready = async (hour: number, steps: string[]) => {
      const order = (
        await admin<Order>(server.url, '/cd_ordem', {
          method: 'POST',
          json: { clientId, lines: [{ description: 'Service', quantity: 1, unitPrice: 10_000 }] },
        })
      ).body.Dados
      const slot = (h: number) => at(`${String(h).padStart(2, '0')}:00`)
      const booked = await admin<{ visits: Array<{ id: string }> }>(server.url, '/cd_ordemagendamento', {
        method: 'POST',
        json: { orderId: order.id, technicianIds: [TECH_ID], start: slot(hour), end: slot(hour + 1), force: true },
      })
      const visit = booked.body.Dados.visits[0].id
      for (const step of steps)
        expect(
          (await tech(server.url, `/cd_techorders/${visit}/${step}`, { method: 'POST', json: body(step) })).status,
        ).toBe(200)
      // the office's (a count that goes below zero is its choice)
      const part = await admin<Visit>(server.url, `/cd_techorders/${visit}/parts`, {
        method: 'POST',
        json: { productId: product.id, quantity: 1, force: true },
      })
      expect(part.status).toBe(200)
      return { order: order.id, visit }
    }
    const body = (step: string) => (step === 'depart' ? { etaMinutes: 10 } : undefined)
    /** The order as stored: what the start settled, not what a read of it would. */
    const stored = async (id: string) =>
      (await createStore(fsAdapter(dataDir)).get<Order>(keys.companyRecord(1, 'orders', id)))!.value.status
    const figures: string[] = []
    try {
      for (const [step, before, to, orderTo, orderBefore] of [
        ['finish', ['depart', 'arrive'], 'done', 'completed', 'in_progress'],
        ['depart', [], 'en_route', 'in_progress', 'scheduled'],
      ] as const) {
        const visits = await Promise.all(Array.from({ length: 24 }, (_, i) => ready(i % 12, [...before])))
        const stock = await stockOf(server.url)
        let writes = 0
        for (let n = 1; n <= visits.length; n++) {
          const { order, visit } = visits[n - 1]
          const key = `${step}-${n}`
          await server.stop()
          server = await start(n)
          const first = await tech<Visit>(server.url, `/cd_techorders/${visit}/${step}`, {
            method: 'POST',
            json: body(step),
            key,
          }).catch(() => null)
          if (first?.status === 200) {
            // n is past the step's last write: it ran through (and the next writes would stop this server)
            writes = n - 1
            await server.stop()
            server = await start()
            break
          }
          expect(first).toBeNull()
          await server.stop()
          server = await start()
          // as the start left it, before anything is asked again: the order as its visit says
          const v = (await tech<Visit>(server.url, `/cd_techorders/${visit}`)).body.Dados
          expect([n, v.status, await stored(order)]).toEqual([n, v.status, v.status === to ? orderTo : orderBefore])
          const o = (await admin<Order>(server.url, `/cd_ordem/${order}`)).body.Dados
          expect([n, o.lines.filter((l) => l.partId === v.parts[0].id).length]).toEqual([n, 1])
          expect([n, await stockOf(server.url)]).toEqual([n, stock])
          // the phone sends the step again with its key: the visit, whether the kill came before or after its write
          const retry = await tech<Visit>(server.url, `/cd_techorders/${visit}/${step}`, {
            method: 'POST',
            json: body(step),
            key,
          })
          expect([n, retry.status, retry.body.Dados.status]).toEqual([n, 200, to])
          expect([n, (await admin<Order>(server.url, `/cd_ordem/${order}`)).body.Dados.status]).toEqual([n, orderTo])
        }
        expect(writes).toBeGreaterThan(3)
        figures.push(`${step}: killed after each of its ${writes} writes, nothing left behind`)
      }
      // a part added by the office, killed after each of its writes: the stock moves exactly as the
      // visit's parts say, the order has the part's line once, and the retry adds it once
      const visits = await Promise.all(Array.from({ length: 24 }, (_, i) => ready(i % 12, ['depart', 'arrive'])))
      const stock = await stockOf(server.url)
      let added = 0
      let writes = 0
      for (let n = 1; n <= visits.length; n++) {
        const { order, visit } = visits[n - 1]
        const key = `part-${n}`
        const addPart = () =>
          admin<Visit>(server.url, `/cd_techorders/${visit}/parts`, {
            method: 'POST',
            json: { productId: product.id, quantity: 1, force: true },
            key,
          })
        await server.stop()
        server = await start(n)
        const first = await addPart().catch(() => null)
        if (first?.status === 200) {
          writes = n - 1
          added++
          break
        }
        await server.stop()
        server = await start()
        const v = (await tech<Visit>(server.url, `/cd_techorders/${visit}`)).body.Dados
        const landed = v.parts.length - 1
        expect([n, await stockOf(server.url)]).toEqual([n, (stock ?? 0) - added - landed])
        const o = (await admin<Order>(server.url, `/cd_ordem/${order}`)).body.Dados
        for (const p of v.parts) expect([n, o.lines.filter((l) => l.partId === p.id).length]).toEqual([n, 1])
        const retry = await addPart()
        expect([n, retry.status, retry.body.Dados.parts.length]).toEqual([n, 200, 2])
        added++
        expect([n, await stockOf(server.url)]).toEqual([n, (stock ?? 0) - added])
      }
      await server.stop()
      server = await start()
      expect(writes).toBeGreaterThan(3)
      figures.push(
        `a part added: killed after each of its ${writes} writes, the stock and the order's lines as the visit says`,
      )
      console.log(`fs, SIGKILL between the writes of a visit's step — ${figures.join('; ')}`)
    } finally {
      await server.stop()
    }
    // the server starts again after each of its 52 kills (about a second each on 2 cores): longer than one start's 120 s
  }, 300_000)
})
