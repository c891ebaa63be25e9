// The maintenance plans benchmark (issue 47 §5): the scheduled run (generatePlanOrders,
// bff/lib/plan-orders.ts) making a month of orders for 2,000 plans of 5 machines each — target: the
// run's p99 ≤ 5 s on Node — with the board and the lists answering meanwhile.
//
// The data: the demo seed plus 10,000 machines and 2,000 active plans of the main branch (company 1,
// branch 2), the plans spread over the demo company's active clients, each with 5 of its client's
// machines (air conditioners), every item monthly, charged per visit, 30 days ahead (docs/domain.md
// cd_plano). They are written straight to the fs storage of npm start, as the API stores them
// (checked by the API's own schemas, the client's name and default address filled in; serial
// numbers not claimed, as the demo's machines), and no order made yet, as after an import.
//
// The clock: on the 1st of next month at noon in the branch's zone, the first run makes each plan's
// first visit (due on its start: the 4th to the 28th of that month); then, the clock moved to the
// 1st of each month after, a month's run makes each plan's next visit. Plans due from the 4th to the
// 28th make exactly one order a month whatever the month's length (the window, 30 days ahead of the
// 1st, ends on the 31st to the 3rd of a month): every run must make exactly one order per plan, each
// plan holding one more order than before, or the bench fails. Nobody books the orders: they stay
// new, so the board's tray holds 2,000 more each month. Last, the run of the day after (its window
// one day longer: few plans fall due in it, or none) shows what each day's first run costs.
//
// The run and the reads go in one process, as the server's timer runs the work between the
// requests it answers on its one thread: a process started with npm start's Node flags and
// environment (tests/bench/server.ts), over the app's API (bff/app.ts createBff, production
// settings) asked in-process (app.request: no HTTP), its clock moved by the bench. One office
// worker asks in turn, READ_PAUSE_MS after each answer, for the board's week (the demo's visits and
// the tray), the orders list (page 2 of 20 by number, as tests/bench/board.ts) and the plans list
// (page 1 of 20): one at a time, so a read never waits behind another read, only behind the run.
// Each month the reads are timed IDLE_MS alone, then for as long as the run lasts. The next month's
// run then goes alone (what the reads cost the run), and the day after's.
//
// Run alone: node tests/bench/plans.ts (no build needed); BENCH_PLANS=200 for a smaller company,
// BENCH_PLAN_MONTHS the month runs after the first (6). npm run bench runs it too.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createBff } from '../../bff/app.ts'
import { loadConfig } from '../../bff/config.ts'
import { serviceAddressOf } from '../../bff/lib/document-pricing.ts'
import { orderStore } from '../../bff/lib/order-store.ts'
import { generatePlanOrders } from '../../bff/lib/plan-orders.ts'
import { boardDays } from '../../domain/board-view.ts'
import { dateIn } from '../../domain/dates.ts'
import { shiftMonth } from '../../domain/report-period.ts'
import { CLIENTS, type ClientRecord } from '../../domain/schemas/clients.ts'
import { EQUIPMENT, equipmentInput, type EquipmentRecord } from '../../domain/schemas/equipment.ts'
import { JOBS, type JobRecord } from '../../domain/schemas/jobs.ts'
import { PLANS, planInput, type PlanItem, type PlanRecord } from '../../domain/schemas/plans.ts'
import { instantAt } from '../../domain/zone-clock.ts'
import { seedDemoData } from '../../seeds/index.ts'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'
import { openStore } from '../../storage/open.ts'
import { createRepositories } from '../../storage/repositories/index.ts'
import type { Store } from '../../storage/store.ts'
import { percentile } from './board.ts'
import { nodeFlags, PRODUCTION_ENV, root, startEnv } from './server.ts'

/** The demo company's main branch (tests/shared/booking.ts MAIN), whose plans these are. */
const EMPRESA = 1
const FILIAL = 2
const MACHINES_PER_PLAN = 5
/** Each plan's visits fall on one of these days of the month: one a month whatever the month's length. */
const FIRST_DUE_DAY = 4
const LAST_DUE_DAY = 28
const AHEAD_DAYS = 30
/** The office worker's pause between an answer and the next request (one who clicks fast). */
const READ_PAUSE_MS = 100
/** How long the reader is timed alone each month, before the run. */
const IDLE_MS = 4000
const DAY_MS = 86_400_000
const RUN_TARGET_MS = 5000
/** Issue 28 §7 (tests/bench/board.ts): the board API's p99, and the orders list's (the plans list has none of its own). */
const BOARD_TARGET_MS = 100
const LIST_TARGET_MS = 25
const AIR_CONDITIONERS = [
  ['Daikin', 'FTXS35', 12_000],
  ['Midea', 'Xtreme Save 18', 18_000],
  ['LG', 'Dual Inverter S4', 24_000],
  ['Samsung', 'WindFree 9', 9_000],
  ['Carrier', 'X-Power 30', 30_000],
] as const

type Setup = {
  dataDir: string
  resultFile: string
  plans: number
  months: number
  firstMonth: string
  timeZone: string
}
type Reads = { idle: number[]; busy: number[]; failed: number }
export type PlanRun = {
  /** The clock's day (the 1st of a month, at noon in the branch's zone). */
  day: string
  ms: number
  /** What generatePlanOrders answered it made. */
  made: number
  /** The plans' orders in all after it, and the branch's orders waiting in the board's tray (new). */
  planOrders: number
  waiting: number
}
export type PlansBench = {
  plans: number
  machines: number
  storage: string
  seedSeconds: number
  first: PlanRun
  months: PlanRun[]
  /** The next month's run with no request meanwhile. */
  alone: PlanRun
  /** The run the day after the last month's: a day's window, written for every plan all the same. */
  nextDay: PlanRun
  reads: Record<string, Reads>
  peakRssMb: number
}

/** The reads (in the API's paths, without /api), by what the table calls them. */
const readPaths = (week: string[]) => ({
  'board API, week and tray': `/cd_ordemagendamento/board?from=${week[0]}&to=${week[6]}`,
  'orders list (page 2 of 20, by number)': '/cd_ordem?page=2&size=20&sort=number',
  'plans list (page 1 of 20, by name)': '/cd_plano?page=1&size=20',
})

/** The instant the clock shows on the 1st of `month`: noon in the branch's zone. */
const firstOf = (month: string, timeZone: string) => instantAt(`${month}-01`, '12:00', timeZone)

/** A machine of `client` as the API stores it (bff/routes/cd-equipamento.ts): checked, with its client's name and address. */
function machineOf(client: ClientRecord, n: number, timeZone: string, createdAt: string): EquipmentRecord {
  const [brand, model, btu] = AIR_CONDITIONERS[n % AIR_CONDITIONERS.length]
  const input = equipmentInput.parse({
    clientId: client.id,
    kind: 'air_conditioner',
    brand,
    model,
    serialNumber: `PLAN-BENCH-${String(n).padStart(6, '0')}`,
    capacity: btu,
    location: `Sala ${(n % 40) + 1}`,
  })
  return {
    id: crypto.randomUUID(),
    ...input,
    clientName: client.name,
    serviceAddress: serviceAddressOf(client, undefined),
    kindName: '',
    installedOn: null,
    warrantyEnds: null,
    active: true,
    timeZone,
    createdAt,
  }
}

/** A plan as the API stores it (bff/routes/cd-plano.ts), none of its orders made yet. */
function planOf(
  client: ClientRecord,
  n: number,
  items: PlanItem[],
  startsOn: string,
  setting: { timeZone: string; currency: PlanRecord['currency']; createdAt: string },
): PlanRecord {
  const input = planInput.parse({
    name: `${client.name} — ar-condicionado ${n + 1}`,
    clientId: client.id,
    items,
    startsOn,
    aheadDays: AHEAD_DAYS,
  })
  return {
    id: crypto.randomUUID(),
    filial: FILIAL,
    ...input,
    clientName: client.name,
    endsOn: null,
    technicianId: null,
    active: true,
    currency: setting.currency,
    timeZone: setting.timeZone,
    generatedThrough: null,
    createdAt: setting.createdAt,
  }
}

/** `count` plans of the main branch and their machines, made on the 1st of `month`, written through the repositories. */
async function fillPlans(store: Store, count: number, month: string): Promise<string> {
  const repos = createRepositories(store)
  const [company, branch] = await Promise.all([
    repos.companies.find(EMPRESA),
    repos.companies.findBranch(EMPRESA, FILIAL),
  ])
  if (!company || !branch) throw new Error(`the demo has no company ${EMPRESA} with a branch ${FILIAL}`)
  const timeZone = branch.TIME_ZONE
  const clients = [...(await repos.collection<ClientRecord>(EMPRESA, CLIENTS).rows()).values()].filter((c) => c.active)
  const jobs = [...(await repos.collection<JobRecord>(EMPRESA, JOBS).rows()).values()].filter((j) => j.active)
  const setting = { timeZone, currency: company.CURRENCY, createdAt: new Date(firstOf(month, timeZone)).toISOString() }
  const machines: EquipmentRecord[] = []
  const plans: PlanRecord[] = []
  for (let n = 0; n < count; n++) {
    const client = clients[n % clients.length]
    const items = Array.from({ length: MACHINES_PER_PLAN }, (_, k): PlanItem => {
      const machine = machineOf(client, n * MACHINES_PER_PLAN + k, timeZone, setting.createdAt)
      machines.push(machine)
      return { equipmentId: machine.id, jobId: jobs[(n + k) % jobs.length].id, periodicity: 'monthly' }
    })
    const day = FIRST_DUE_DAY + (n % (LAST_DUE_DAY - FIRST_DUE_DAY + 1))
    plans.push(planOf(client, n, items, `${month}-${String(day).padStart(2, '0')}`, setting))
  }
  await repos.collection<EquipmentRecord>(EMPRESA, EQUIPMENT).putMany(machines)
  await repos.collection<PlanRecord>(EMPRESA, PLANS).putMany(plans)
  return timeZone
}

/**
 * One office worker: the paths asked in turn, READ_PAUSE_MS after each answer, until `stopped`; the
 * 200 answers' times (ms) go to their read's `phase`, the others are counted as failed.
 */
async function reading(
  ask: (path: string) => Response | Promise<Response>,
  paths: Record<string, string>,
  stopped: () => boolean,
  reads: Record<string, Reads>,
  phase: 'idle' | 'busy',
) {
  const turns = Object.entries(paths)
  for (let turn = 0; !stopped(); turn++) {
    const [name, path] = turns[turn % turns.length]
    const sent = performance.now()
    const res = await ask(path)
    await res.arrayBuffer()
    if (res.status === 200) reads[name][phase].push(performance.now() - sent)
    else reads[name].failed++
    await new Promise((resolve) => setTimeout(resolve, READ_PAUSE_MS))
  }
}

/**
 * The measured process (started by benchPlans with npm start's flags): the API over the filled
 * data with a clock the bench moves: the first run and `months` month runs, each timed with the
 * reads going, after the reads alone; a month's run and the next day's alone; each run's orders checked.
 */
async function measure(setup: Setup): Promise<Omit<PlansBench, 'seedSeconds'>> {
  const store = await openStore({ driver: 'fs', dataDir: setup.dataDir })
  const errors: string[] = []
  let clock = firstOf(setup.firstMonth, setup.timeZone)
  const bff = await createBff({
    config: loadConfig({ ...PRODUCTION_ENV, STORAGE_DRIVER: 'fs', DATA_DIR: setup.dataDir }),
    store,
    log: { info: () => {}, error: (message, error) => errors.push(`${message} ${String(error)}`) },
    now: () => clock,
  })
  const { deps } = bff
  const planIds = new Set((await deps.repos.collection<PlanRecord>(EMPRESA, PLANS).rows()).keys())
  // the demo's visits are around the real today: their week shows on the board
  const paths = readPaths(boardDays('week', dateIn(setup.timeZone, Date.now())))
  const reads: Record<string, Reads> = Object.fromEntries(
    Object.keys(paths).map((name) => [name, { idle: [], busy: [], failed: 0 }]),
  )

  /**
   * One run with the clock `at`, timed while the reader goes (after it went alone) or `alone`; then
   * each plan holds `before` orders or one more, as many plans one more as the run made
   * (`everyPlan`: all of them).
   */
  async function round(at: number, before: number, everyPlan: boolean, alone = false): Promise<PlanRun> {
    clock = at
    // signed in again: the clock passes months, beyond a session's life
    const signIn = await bff.api.request('/auth/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_ADMIN),
    })
    const { accessToken } = (await signIn.json()) as { accessToken: string }
    const headers = { authorization: `Bearer ${accessToken}`, 'x-empresa': String(EMPRESA), 'x-filial': String(FILIAL) }
    const ask = (path: string) => bff.api.request(path, { headers })
    // each answers before it is timed (and the indexes are built)
    for (const path of Object.values(paths)) {
      const res = await ask(path)
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`)
    }
    let done = alone
    if (!alone) {
      const deadline = performance.now() + IDLE_MS
      await reading(ask, paths, () => performance.now() > deadline, reads, 'idle')
    }
    const reader = reading(ask, paths, () => done, reads, 'busy')
    const began = performance.now()
    const made = await generatePlanOrders(deps).finally(() => (done = true))
    const ms = performance.now() - began
    await reader
    return { day: dateIn(setup.timeZone, clock), ms, made, ...(await checked(before, made, everyPlan)) }
  }

  /** Each plan holds `before` orders or one more, as many one more as were `made` (`everyPlan`: all); else the bench fails. */
  async function checked(before: number, made: number, everyPlan: boolean) {
    if (errors.length) throw new Error(`the run logged ${errors.length} errors: ${errors.slice(0, 3).join('; ')}`)
    const byPlan = new Map<string, number>()
    let waiting = 0
    for (const row of (await orderStore(deps, EMPRESA).rows()).values()) {
      if (row.planId) byPlan.set(row.planId, (byPlan.get(row.planId) ?? 0) + 1)
      if (row.filial === FILIAL && row.status === 'new') waiting++
    }
    const counts = [...planIds].map((id) => byPlan.get(id) ?? 0)
    const wrong = [...planIds].filter((id) => {
      const n = byPlan.get(id) ?? 0
      return everyPlan ? n !== before + 1 : n !== before && n !== before + 1
    })
    const grown = counts.filter((n) => n === before + 1).length
    if (wrong.length || byPlan.size > planIds.size || grown !== made || (everyPlan && made !== planIds.size))
      throw new Error(
        `a run made ${made} orders for ${planIds.size} plans holding ${before} each: ${grown} hold one more; ${wrong.length} hold what they should not (${wrong
          .slice(0, 3)
          .map((id) => `${id}: ${byPlan.get(id) ?? 0}`)
          .join(', ')}); ${byPlan.size} plans have orders`,
      )
    return { planOrders: counts.reduce((sum, n) => sum + n, 0), waiting }
  }

  const first = await round(firstOf(setup.firstMonth, setup.timeZone), 0, true)
  console.log(`first run (${first.day}): ${first.made} orders in ${first.ms.toFixed(0)} ms`)
  const months: PlanRun[] = []
  for (let k = 1; k <= setup.months; k++) {
    const run = await round(firstOf(shiftMonth(setup.firstMonth, k), setup.timeZone), k, true)
    console.log(`month run ${k} (${run.day}): ${run.made} orders in ${run.ms.toFixed(0)} ms`)
    months.push(run)
  }
  // the next month's run again with nothing else going: what the reader's requests cost it
  const alone = await round(
    firstOf(shiftMonth(setup.firstMonth, setup.months + 1), setup.timeZone),
    setup.months + 1,
    true,
    true,
  )
  console.log(`month run ${setup.months + 1}, alone (${alone.day}): ${alone.made} orders in ${alone.ms.toFixed(0)} ms`)
  // the day after: its window one day longer, which few plans (or none) fall due in
  const nextDay = await round(clock + DAY_MS, setup.months + 2, false, true)
  console.log(`next day's run (${nextDay.day}): ${nextDay.made} orders in ${nextDay.ms.toFixed(0)} ms`)
  await store.dispose()
  return {
    plans: planIds.size,
    machines: planIds.size * MACHINES_PER_PLAN,
    storage: store.driver,
    first,
    months,
    alone,
    nextDay,
    reads,
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  }
}

/**
 * The bench: the data filled here (the demo seed and `plans` plans), then measured in a process of
 * npm start's flags and environment (the server's), which writes its figures to a file.
 */
export async function benchPlans(plans: number, months: number): Promise<PlansBench> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-plans-'))
  try {
    const dataDir = join(dir, 'data')
    mkdirSync(dataDir)
    const began = performance.now()
    const store = await openStore({ driver: 'fs', dataDir })
    await seedDemoData(store, { info: () => {}, error: () => {} })
    const firstMonth = shiftMonth(new Date().toISOString().slice(0, 7), 1)
    const timeZone = await fillPlans(store, plans, firstMonth)
    await store.dispose()
    const seedSeconds = (performance.now() - began) / 1000
    const setup: Setup = { dataDir, resultFile: join(dir, 'result.json'), plans, months, firstMonth, timeZone }
    const child = spawn(process.execPath, [...nodeFlags, 'tests/bench/plans.ts', '--measure', JSON.stringify(setup)], {
      cwd: root,
      env: { ...process.env, ...startEnv },
      stdio: 'inherit',
    })
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    if (code !== 0) throw new Error(`the measured process ended with ${code}`)
    return { ...(JSON.parse(readFileSync(setup.resultFile, 'utf8')) as Omit<PlansBench, 'seedSeconds'>), seedSeconds }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

export function printPlans(r: PlansBench) {
  const fmt = (n: number, digits = 0) => n.toFixed(digits)
  console.log(
    `\n| maintenance plans' run (${r.plans} plans × ${MACHINES_PER_PLAN} machines, ${r.storage} storage) | clock | orders made | plans' orders in all | new orders (tray) | ms |\n|---|---|---:|---:|---:|---:|`,
  )
  const line = (name: string, run: PlanRun) =>
    console.log(`| ${name} | ${run.day} | ${run.made} | ${run.planOrders} | ${run.waiting} | ${fmt(run.ms)} |`)
  line('first run (the plans’ first visits)', r.first)
  r.months.forEach((run, i) => line(`month run ${i + 1}`, run))
  line(`month run ${r.months.length + 1}, alone (no reads meanwhile)`, r.alone)
  line('next day’s run (a day’s window, alone)', r.nextDay)
  const ms = r.months.map((run) => run.ms)
  console.log(
    `Target (issue 47 §5): a month's run p99 ≤ ${RUN_TARGET_MS} ms → p50 ${fmt(percentile(ms, 50))} ms, p99 ${fmt(percentile(ms, 99))} ms, max ${fmt(Math.max(...ms))} ms over ${ms.length} runs with the reads going (the first run ${fmt(r.first.ms)} ms; a month's run alone ${fmt(r.alone.ms)} ms, ${fmt(r.alone.ms / r.plans, 1)} ms a plan; the next day's alone ${fmt(r.nextDay.ms)} ms for ${r.nextDay.made} orders); each month's run made exactly one order per plan (${r.plans}). Data seeded in ${fmt(r.seedSeconds, 1)} s; the measured process's peak memory ${r.peakRssMb} MB (${nodeFlags.join(' ')})`,
  )
  console.log(
    `\n| read (one office worker, the three in turn, ${READ_PAUSE_MS} ms between requests) | idle n | idle p50 ms | idle p99 ms | during runs n | during p50 ms | during p99 ms | p50 × idle | p99 × idle | target p99 | failed |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`,
  )
  for (const [name, reads] of Object.entries(r.reads)) {
    const [idle50, idle99] = [percentile(reads.idle, 50), percentile(reads.idle, 99)]
    const [busy50, busy99] = [percentile(reads.busy, 50), percentile(reads.busy, 99)]
    const target = name.startsWith('board')
      ? `${BOARD_TARGET_MS} ms`
      : name.startsWith('orders')
        ? `${LIST_TARGET_MS} ms`
        : '—'
    console.log(
      `| ${name} | ${reads.idle.length} | ${fmt(idle50, 2)} | ${fmt(idle99, 2)} | ${reads.busy.length} | ${fmt(busy50, 2)} | ${fmt(busy99, 2)} | ${fmt(busy50 / idle50, 1)} | ${fmt(busy99 / idle99, 1)} | ${target} | ${reads.failed} |`,
    )
  }
  const worst = (prefix: string) => {
    const reads = Object.entries(r.reads).find(([name]) => name.startsWith(prefix))![1]
    return Math.max(percentile(reads.idle, 99), percentile(reads.busy, 99))
  }
  console.log(
    `Targets (issue 28 §7), meanwhile: board API p99 ≤ ${BOARD_TARGET_MS} ms → ${fmt(worst('board'), 2)} ms; orders list p99 ≤ ${LIST_TARGET_MS} ms → ${fmt(worst('orders'), 2)} ms (worst of idle and during the runs)`,
  )
}

if (import.meta.main) {
  if (process.argv[2] === '--measure') {
    const setup = JSON.parse(process.argv[3]) as Setup
    writeFileSync(setup.resultFile, JSON.stringify(await measure(setup)))
  } else {
    printPlans(await benchPlans(Number(process.env.BENCH_PLANS ?? 2000), Number(process.env.BENCH_PLAN_MONTHS ?? 6)))
  }
}
