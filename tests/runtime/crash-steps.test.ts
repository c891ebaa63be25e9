import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { CRASH_HEADER } from '../../bff/runtime/crash-point.ts'
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
 * phone then sends the step again with its key, and is answered the visit, never a refusal. The
 * step to kill asks for its kill itself (CRASH_HEADER): one start follows each kill.
 */
describe('a visit’s step killed between any two of its writes on fs', () => {
  const dirs: string[] = []
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))
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
    async <T>(
      url: string,
      path: string,
      init: { method?: string; json?: unknown; key?: string; crashAfterWrites?: number } = {},
    ) => {
      const res = await fetch(`${url}/api${path}`, {
        method: init.method ?? 'GET',
        headers: {
          authorization: `Bearer ${token}`,
          ...MAIN,
          ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(init.key ? { 'idempotency-key': init.key } : {}),
          ...(init.crashAfterWrites ? { [CRASH_HEADER]: String(init.crashAfterWrites) } : {}),
        },
        body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
      })
      const body = (await res.json()) as Answer<T> & T
      return { status: res.status, replayed: res.headers.get('idempotent-replayed'), body }
    }
  const body = (step: string) => (step === 'depart' ? { etaMinutes: 10 } : undefined)

  /**
   * One server on a data directory of its own, restarted as the scenario asks, with the demo's
   * admin and technician and the visits the scenario kills its step on: each scenario runs beside
   * the others (each restart is mostly a process starting, on 2 cores).
   */
  const world = async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'crash-steps-'))
    dirs.push(dataDir)
    // the scheduled work (its first run 5 s after a start) stays out of the writes counted to a kill
    const start = () =>
      startFsServer(dataDir, { CRASH_ON_REQUEST: '1', TEST_SCHEDULED_AT: String(Date.now() + 3_600_000) })
    let server = await start()
    const admin = caller(await tokenOf(server.url, DEMO_ADMIN))
    const tech = caller(await tokenOf(server.url, DEMO_TECHNICIAN))
    const clientId = (await admin<{ items: Array<{ id: string }> }>(server.url, '/cd_cliente?size=1')).body.Dados
      .items[0].id
    const products = (
      await admin<{ products: Product[] }>(server.url, '/apps/ecommerce/inventory/products?page=0&size=100')
    ).body.products
    const product = products.find((p) => p.active && typeof p.stock === 'number')!
    const { at } = wednesdayAhead(90)
    const w = {
      admin,
      tech,
      product,
      get url() {
        return server.url
      },
      /** Starts the server again after a kill. */
      restart: async () => {
        await server.stop()
        server = await start()
      },
      stop: () => server.stop(),
      stockOf: async () =>
        (await admin<Product>(server.url, `/apps/ecommerce/inventory/product?id=${product.id}`)).body.stock,
      /** The order as stored: what the start settled, not what a read of it would. */
      stored: async (id: string) =>
        (await createStore(fsAdapter(dataDir)).get<Order>(keys.companyRecord(1, 'orders', id)))!.value.status,
      /** An order with a visit of the demo technician taken through `steps`, with one part used. */
      ready: async (hour: number, steps: readonly string[]) => {
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
      },
    }
    return w
  }
  type World = Awaited<ReturnType<typeof world>>

  /** A technician's step killed after each of its writes in turn: how many writes it has. */
  const killStep = async (
    w: World,
    [step, before, to, orderTo, orderBefore]: readonly [string, readonly string[], string, string, string],
  ) => {
    const visits = await Promise.all(Array.from({ length: 24 }, (_, i) => w.ready(i % 12, before)))
    const stock = await w.stockOf()
    for (let n = 1; n <= visits.length; n++) {
      const { order, visit } = visits[n - 1]
      const key = `${step}-${n}`
      const first = await w
        .tech<Visit>(w.url, `/cd_techorders/${visit}/${step}`, {
          method: 'POST',
          json: body(step),
          key,
          crashAfterWrites: n,
        })
        .catch(() => null)
      // n is past the step's last write: it ran through (and the next writes would stop this server)
      if (first?.status === 200) return n - 1
      expect(first).toBeNull()
      await w.restart()
      // as the start left it, before anything is asked again: the order as its visit says
      const v = (await w.tech<Visit>(w.url, `/cd_techorders/${visit}`)).body.Dados
      expect([n, v.status, await w.stored(order)]).toEqual([n, v.status, v.status === to ? orderTo : orderBefore])
      const o = (await w.admin<Order>(w.url, `/cd_ordem/${order}`)).body.Dados
      expect([n, o.lines.filter((l) => l.partId === v.parts[0].id).length]).toEqual([n, 1])
      expect([n, await w.stockOf()]).toEqual([n, stock])
      // the phone sends the step again with its key: the visit, whether the kill came before or after its write
      const retry = await w.tech<Visit>(w.url, `/cd_techorders/${visit}/${step}`, {
        method: 'POST',
        json: body(step),
        key,
      })
      expect([n, retry.status, retry.body.Dados.status]).toEqual([n, 200, to])
      expect([n, (await w.admin<Order>(w.url, `/cd_ordem/${order}`)).body.Dados.status]).toEqual([n, orderTo])
    }
    throw new Error(`${step} did not run through in ${visits.length} writes`)
  }

  /**
   * A part added by the office, killed after each of its writes: the stock moves exactly as the
   * visit's parts say, the order has the part's line once, and the retry adds it once.
   */
  const killPart = async (w: World) => {
    const visits = await Promise.all(Array.from({ length: 24 }, (_, i) => w.ready(i % 12, ['depart', 'arrive'])))
    const stock = (await w.stockOf()) ?? 0
    let added = 0
    for (let n = 1; n <= visits.length; n++) {
      const { order, visit } = visits[n - 1]
      const key = `part-${n}`
      const addPart = (crashAfterWrites?: number) =>
        w.admin<Visit>(w.url, `/cd_techorders/${visit}/parts`, {
          method: 'POST',
          json: { productId: w.product.id, quantity: 1, force: true },
          key,
          crashAfterWrites,
        })
      const first = await addPart(n).catch(() => null)
      if (first?.status === 200) return n - 1
      await w.restart()
      const v = (await w.tech<Visit>(w.url, `/cd_techorders/${visit}`)).body.Dados
      const landed = v.parts.length - 1
      expect([n, await w.stockOf()]).toEqual([n, stock - added - landed])
      const o = (await w.admin<Order>(w.url, `/cd_ordem/${order}`)).body.Dados
      for (const p of v.parts) expect([n, o.lines.filter((l) => l.partId === p.id).length]).toEqual([n, 1])
      const retry = await addPart()
      expect([n, retry.status, retry.body.Dados.parts.length]).toEqual([n, 200, 2])
      added++
      expect([n, await w.stockOf()]).toEqual([n, stock - added])
    }
    throw new Error(`the part did not run through in ${visits.length} writes`)
  }

  it('leaves no order, order line or stock behind, and answers the retried step with the visit', async () => {
    // every scenario runs to its end or its failure before any server is stopped: none is left running
    const settled = async <T>(runs: Array<Promise<T>>) => {
      const results = await Promise.allSettled(runs)
      return { values: results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])), results }
    }
    const made = await settled([world(), world(), world()])
    const worlds = made.values
    try {
      const failed = made.results.find((r) => r.status === 'rejected')
      if (failed) throw failed.reason
      const ran = await settled([
        killStep(worlds[0], ['finish', ['depart', 'arrive'], 'done', 'completed', 'in_progress']),
        killStep(worlds[1], ['depart', [], 'en_route', 'in_progress', 'scheduled']),
        killPart(worlds[2]),
      ])
      const failure = ran.results.find((r) => r.status === 'rejected')
      if (failure) throw failure.reason
      const [finish, depart, part] = ran.values
      for (const writes of [finish, depart, part]) expect(writes).toBeGreaterThan(3)
      console.log(
        `fs, SIGKILL between the writes of a visit's step — finish: killed after each of its ${finish} writes, nothing left behind; ` +
          `depart: killed after each of its ${depart} writes, nothing left behind; ` +
          `a part added: killed after each of its ${part} writes, the stock and the order's lines as the visit says`,
      )
    } finally {
      await Promise.all(worlds.map((w) => w.stop()))
    }
    // the servers start again after each of their 55 kills (about a second each on 2 cores), three side by side
  }, 300_000)
})
