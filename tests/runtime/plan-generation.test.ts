// Issue 47 §4: a maintenance plan's orders are made exactly once by the built server's scheduled
// work (bff/lib/plan-orders.ts) when the process is killed (SIGKILL) between any two of its writes,
// and when two processes over one redis run it at once; on the days around a daylight-saving change
// in the branch's zone (Chicago springs forward at 02:00 on 14 March 2027) with windows across a month
// boundary (a plan started on 31 January is due on 31 March; the window runs into April).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { PlanRecord } from '../../domain/schemas/plans.ts'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'
import { fsAdapter } from '../../storage/drivers/fs.ts'
import { redisAdapter } from '../../storage/drivers/redis.ts'
import { createRepositories } from '../../storage/repositories/index.ts'
import { createStore } from '../../storage/store.ts'
import { freePort, startFsServer, startServer, type Running } from './servers.ts'

/** The demo's second company, its branch in Chicago. */
const AUSTIN = { 'x-empresa': '2', 'x-filial': '4' }
/** 01:30 in Chicago on the day it springs forward (08:00 UTC is 02:00 CST, then 03:00 CDT). */
const BEFORE_DST = Date.parse('2027-03-14T07:30:00Z')
const MINUTE = 60_000
/** The scheduled work's first run: soon after a start, once it answers (bff/runtime/node-server.ts TEST_SCHEDULED_AT). */
const soon = () => ({ TEST_SCHEDULED_AT: String(Date.now() + 1500) })
/** What each plan's orders are due on, by its start (the window: 13 March to 3 April, 20 days ahead). */
const DUE = { '2027-01-31': ['2027-03-31'], '2027-02-14': ['2027-03-14'] } as const
/** Plans the killed process works on; the two processes race on more, so their runs overlap for long. */
const PLANS = 12
const RACED_PLANS = 150

const clockAt = (at: number) => ({ TEST_CLOCK: new Date(at).toISOString() })

/** Waits until the server's scheduled work has run once (it logs what each job made). */
async function scheduledRan(server: Running) {
  await expect.poll(() => server.output().includes('maintenance plans:'), { timeout: 20_000 }).toBe(true)
}

async function api<T>(server: Running, token: string, path: string, init: { method?: string; json?: unknown } = {}) {
  const res = await fetch(`${server.url}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...AUSTIN,
      ...(init.json ? { 'content-type': 'application/json' } : {}),
    },
    body: init.json ? JSON.stringify(init.json) : undefined,
  })
  expect([path, res.status]).toEqual([path, 200])
  return ((await res.json()) as { Dados: T }).Dados
}

const tokenOf = async (server: Running) => {
  const res = await fetch(`${server.url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ADMIN),
  })
  return ((await res.json()) as { accessToken: string }).accessToken
}

/** A client, a service and five machines in Austin, made through the API: what the plans cover. */
async function machines(server: Running) {
  const token = await tokenOf(server)
  const client = await api<{ id: string; name: string }>(server, token, '/cd_cliente', {
    method: 'POST',
    json: {
      kind: 'business',
      name: 'Lakeview Offices',
      addresses: [{ label: 'Main', street: '100 Congress Ave', city: 'Austin', region: 'TX', postalCode: '78701' }],
    },
  })
  const job = await api<{ id: string }>(server, token, '/cd_job', {
    method: 'POST',
    json: { code: 'pm-ac', name: 'Preventive maintenance', unit: 'visit', unitPrice: 9000, checklist: 'Clean filters' },
  })
  const ids: string[] = []
  for (let i = 0; i < 5; i++)
    ids.push(
      (
        await api<{ id: string }>(server, token, '/cd_equipamento', {
          method: 'POST',
          json: { clientId: client.id, kind: 'air_conditioner', brand: 'Carrier', model: `40MBQ-${i}` },
        })
      ).id,
    )
  return { client, job: job.id, machines: ids }
}

/**
 * The plans, written to the stopped server's storage as a save would have stored them, their orders
 * made through 12 March: what is left is for the scheduled work (a save makes its own at once).
 */
async function writePlans(
  adapter: Parameters<typeof createStore>[0],
  made: Awaited<ReturnType<typeof machines>>,
  count: number,
) {
  const store = createStore(adapter)
  const plans = createRepositories(store).collection<PlanRecord>(2, 'plans')
  const ids: Array<{ id: string; startsOn: keyof typeof DUE; fee: boolean }> = []
  for (let i = 0; i < count; i++) {
    const startsOn = i % 2 ? '2027-02-14' : '2027-01-31'
    const id = crypto.randomUUID()
    await plans.put({
      id,
      filial: 4,
      name: `Plan ${i}`,
      clientId: made.client.id,
      clientName: made.client.name,
      items: made.machines.map((equipmentId) => ({ equipmentId, jobId: made.job, periodicity: 'monthly' as const })),
      startsOn,
      endsOn: null,
      // a third charged by a monthly fee invoiced on the 1st: February's and March's fees are due
      billing: i % 3 ? 'per_visit' : 'monthly_fee',
      monthlyFee: i % 3 ? 0 : 10000,
      invoiceDay: 1,
      technicianId: null,
      aheadDays: 20,
      notes: '',
      building: '',
      activity: '',
      occupants: 0,
      floatingOccupants: 0,
      area: 0,
      thermalLoad: '',
      engineerName: '',
      engineerRegistration: '',
      engineerPermit: '',
      emergencyNotes: '',
      currency: 'USD',
      active: true,
      timeZone: 'America/Chicago',
      generatedThrough: '2027-03-12',
      createdAt: '2027-01-20T15:00:00.000Z',
    })
    ids.push({ id, startsOn, fee: i % 3 === 0 })
  }
  await store.dispose()
  return ids
}

/** A fee's days by the run's day (14 March): the 1st of each month from the plan's start. */
const feeDaysOf = (plan: { startsOn: string; fee: boolean }) =>
  plan.fee ? ['2027-02-01', '2027-03-01'].filter((day) => day >= plan.startsOn) : []

/** Each plan has its orders and its fees' invoices once, on the days due, with numbers no two share. */
async function expectOnce(server: Running, plans: Awaited<ReturnType<typeof writePlans>>) {
  const token = await tokenOf(server)
  const numbers: string[] = []
  for (const plan of plans) {
    const orders = await api<Array<{ number: string; dueDate: string; equipmentIds: string[] }>>(
      server,
      token,
      `/cd_ordem/of-plan?planId=${plan.id}`,
    )
    expect([plan.startsOn, orders.map((o) => o.dueDate).sort()]).toEqual([plan.startsOn, DUE[plan.startsOn]])
    expect(orders.every((o) => o.equipmentIds.length === 5)).toBe(true)
    numbers.push(...orders.map((o) => o.number))
    const row = await api<{ generatedThrough: string }>(server, token, `/cd_plano/${plan.id}`)
    expect(row.generatedThrough).toBe('2027-04-03')
    // a fee's invoices once a month
    const invoices = await api<Array<{ number: string; issueDate: string }>>(
      server,
      token,
      `/cd_invoice/of-plan?planId=${plan.id}`,
    )
    expect([plan.id, invoices.map((i) => i.issueDate).sort()]).toEqual([plan.id, feeDaysOf(plan)])
    numbers.push(...invoices.map((i) => i.number))
  }
  expect(new Set(numbers).size).toBe(numbers.length)
}

describe('a plan’s orders and fees made by the scheduled work', () => {
  const dirs: string[] = []
  const children: ChildProcess[] = []
  afterAll(() => {
    children.forEach((c) => c.kill('SIGKILL'))
    dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }))
  })
  const dir = (name: string) => {
    const made = mkdtempSync(join(tmpdir(), name))
    dirs.push(made)
    return made
  }

  it('are made once when the process is killed after any of its writes, across the change to summer time', async () => {
    const dataDir = dir('plan-crash-')
    // seeded, and the day's reminders sent, before the plans come
    const first = await startFsServer(dataDir, { ...clockAt(BEFORE_DST), ...soon() })
    await scheduledRan(first)
    const made = await machines(first)
    await first.stop()
    const plans = await writePlans(fsAdapter(dataDir), made, PLANS)

    // killed after the 1st, 2nd, 3rd, 5th … write of its run, each start two minutes later (past 02:00 at the 6th)
    let at = BEFORE_DST + 10 * MINUTE
    let killed = 0
    for (const n of [1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233]) {
      at += 2 * MINUTE
      const server = await startFsServer(dataDir, { CRASH_AFTER_WRITES: String(n), ...clockAt(at), ...soon() }).catch(
        // killed before it answered (a slow start): a crash all the same
        (error: unknown) => {
          if (!String(error).includes('killed')) throw error
          return null
        },
      )
      if (!server) {
        killed++
        continue
      }
      await expect
        .poll(
          () => {
            try {
              process.kill(server.pid, 0)
            } catch {
              return 'killed'
            }
            return server.output().includes('maintenance plans:') ? 'ran through' : 'running'
          },
          { timeout: 20_000 },
        )
        .not.toBe('running')
      const ranThrough = server.output().includes('maintenance plans:')
      await server.stop()
      if (ranThrough) break
      killed++
    }
    // the kills fell inside the plans' run (the day's reminders were sent by the first start)
    expect(killed).toBeGreaterThan(3)
    // the run had more writes than the last crash point: its end is checked by the next start all the same
    const last = await startFsServer(dataDir, { ...clockAt(at + 2 * MINUTE), ...soon() })
    await scheduledRan(last)
    await expectOnce(last, plans)
    await last.stop()
  })

  it('are made once when two processes over one redis run it at the same moment', async () => {
    const redisDir = dir('plan-redis-')
    const port = await freePort()
    const redis = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--dir', redisDir, '--save', ''],
      {
        stdio: 'ignore',
      },
    )
    children.push(redis)
    await expect
      .poll(
        () =>
          spawnSync('redis-cli', ['-p', String(port), 'ping'])
            .stdout?.toString()
            .trim(),
        { timeout: 10_000 },
      )
      .toBe('PONG')
    const url = `redis://127.0.0.1:${port}`
    const onRedis = async (env: Record<string, string>) => {
      const appPort = await freePort()
      return startServer(process.execPath, ['build/node/server.js'], appPort, {
        PORT: String(appPort),
        STORAGE_DRIVER: 'redis',
        REDIS_URL: url,
        NODE_ENV: 'test',
        JWT_SECRET: 'plan-redis-test-secret-that-is-long-enough-0123',
        ...env,
      })
    }
    const first = await onRedis({ ...clockAt(BEFORE_DST), ...soon() })
    await scheduledRan(first)
    const made = await machines(first)
    await first.stop()
    const plans = await writePlans(await redisAdapter(url), made, RACED_PLANS)

    // both start their first run at the same moment, once both are up, on the same clock: each plan is raced for
    const together = { ...clockAt(BEFORE_DST + 40 * MINUTE), TEST_SCHEDULED_AT: String(Date.now() + 7000) }
    const [a, b] = await Promise.all([onRedis(together), onRedis(together)])
    await Promise.all([scheduledRan(a), scheduledRan(b)])
    const madeBy = (s: Running) => Number(/maintenance plans: (\d+) made/.exec(s.output())?.[1])
    // between them, one order per plan and each fee's invoices
    expect(madeBy(a) + madeBy(b)).toBe(RACED_PLANS + plans.reduce((n, p) => n + feeDaysOf(p).length, 0))
    // and both made some: the runs overlapped
    expect([madeBy(a) > 0, madeBy(b) > 0]).toEqual([true, true])
    await expectOnce(a, plans)
    await Promise.all([a.stop(), b.stop()])
  })
})
