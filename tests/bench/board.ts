// The dispatch board benchmark (issue 28 §7): a week of the main branch's board with 10
// technicians and 500 appointments — its API and its server-rendered page, rendered for each
// request — and the orders list over 5,000 and 50,000 orders (a page of 20 sorted by number, and
// a search), each alone and then while a dispatcher moves a visit twice a second. On the fs
// storage of npm start. Run alone: node tests/bench/board.ts (after npm run build); npm run bench
// runs it too.
import { boardDays } from '../../domain/board-view.ts'
import { addDays, dateIn } from '../../domain/dates.ts'
import { APPOINTMENTS, TECH_ORDERS } from '../../domain/schemas/appointments.ts'
import { ORDERS } from '../../domain/schemas/orders.ts'
import { newUser, TECHNICIAN_COLORS } from '../../domain/tenancy.ts'
import { weekOfAppointments } from '../../seeds/appointments.ts'
import { SEED_QUOTE_BRANCH, seedClients, seedJobs } from '../../seeds/field-service.ts'
import { manyOrders } from '../../seeds/orders.ts'
import { bookingsRepository } from '../../storage/repositories/bookings.ts'
import { createRepositories } from '../../storage/repositories/index.ts'
import { indexedRecords } from '../../storage/repositories/indexed-records.ts'
import type { Store } from '../../storage/store.ts'
import { withSeededServer } from './server.ts'
import { ensureWrk, wrkAsync, type WrkResult } from './wrk.ts'

const TECHNICIANS = 10
const WEEK_APPOINTMENTS = 500
export const WRITES_PER_SECOND = 2
/** The main branch's time zone (seeds/tenancy.ts): the board's days are its days. */
const TIME_ZONE = 'America/Sao_Paulo'
const QUARTER_HOUR = 15 * 60_000
/** The demo orders and quotes already there (seeds/orders.ts): the bench adds the rest. */
const DEMO_ORDERS = 60

/** The week measured: eight weeks ahead of today, which the demo's visits (two weeks around today) never reach. */
export const BOARD_WEEK = boardDays('week', addDays(dateIn(TIME_ZONE, Date.now()), 56))

/** What the writer did: the moves answered 2xx (and their times), the others by status ('failed': no answer). */
export type Writes = { ok: number; refused: Record<string, number>; ms: number[]; seconds: number }
export type BoardCase = { name: string; quiet: WrkResult; busy: WrkResult; writes: Writes }
export type BoardBench = {
  size: number
  seedSeconds: number
  technicians: number
  appointments: number
  boardBytes: number
  pageBytes: number
  pageVisits: number
  matched: number
  cases: BoardCase[]
}

/**
 * The data: `size` orders of the main branch in all (the demo's and manyOrders'), ten more
 * technicians there, and the week's 500 appointments, each of a scheduled order, with its visit
 * and its technician's claim on the time (as the app books them).
 */
export async function fillBoard(store: Store, size: number) {
  const clients = seedClients()
  const jobs = seedJobs()
  const skills = [...new Set(jobs.flatMap((j) => j.skills))]
  const repos = createRepositories(store)
  const technicians: Array<{ id: string; name: string }> = []
  for (let i = 1; i <= TECHNICIANS; i++) {
    const user = newUser(
      {
        name: `Bench Técnico ${String(i).padStart(2, '0')}`,
        email: `bench.tecnico.${i}@bench.fieldservice.app`,
        culture: 'pt',
        password: null,
        grants: [
          {
            empresa: 1,
            filial: SEED_QUOTE_BRANCH,
            role: 'technician',
            work: {
              color: TECHNICIAN_COLORS[i % TECHNICIAN_COLORS.length],
              skills,
              workWeek: 'all',
              workStart: '06:00',
              workEnd: '19:00',
            },
          },
        ],
      },
      Date.now(),
    )
    if (!(await repos.users.create(user))) throw new Error(`${user.email} is taken`)
    technicians.push({ id: user.id, name: user.name })
  }
  const orders = manyOrders(size - DEMO_ORDERS, 8000 + size, clients, jobs)
  // the week's orders are scheduled: their visits make them so (an order of each visit)
  for (let i = 0; i < WEEK_APPOINTMENTS; i++) orders[i] = { ...orders[i], status: 'scheduled', hold: null }
  const { appointments, visits } = await weekOfAppointments(
    orders.slice(0, WEEK_APPOINTMENTS),
    technicians,
    BOARD_WEEK[0],
    TIME_ZONE,
    Date.now(),
  )
  await indexedRecords(store, 1, ORDERS, (x) => x).putMany(orders)
  const bookings = bookingsRepository(store, 1)
  for (const a of appointments)
    await bookings.claim(
      a.technicianIds[0],
      { id: a.id, start: Date.parse(a.start), end: Date.parse(a.end) },
      true,
      async () => new Map(),
    )
  await indexedRecords(store, 1, TECH_ORDERS, (x) => x).putMany(visits)
  await indexedRecords(store, 1, APPOINTMENTS, (x) => x).putMany(appointments)
}

export const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

/**
 * `send`, the `n`th write (from 1), WRITES_PER_SECOND times a second until `stopped`: what was
 * answered 2xx (and how long each took), the others by status ('failed': no answer).
 */
export async function writing(send: (n: number) => Promise<Response>, stopped: () => boolean): Promise<Writes> {
  const writes: Writes = { ok: 0, refused: {}, ms: [], seconds: 0 }
  const began = performance.now()
  for (let n = 1; !stopped(); n++) {
    const next = Date.now() + 1000 / WRITES_PER_SECOND
    const sent = performance.now()
    try {
      const res = await send(n)
      await res.arrayBuffer()
      if (res.ok) {
        writes.ok++
        writes.ms.push(performance.now() - sent)
      } else writes.refused[res.status] = (writes.refused[res.status] ?? 0) + 1
    } catch {
      writes.refused.failed = (writes.refused.failed ?? 0) + 1
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())))
  }
  writes.seconds = (performance.now() - began) / 1000
  return writes
}

/**
 * The dispatcher: one appointment moved 15 minutes later and back, twice a second (force: the
 * move is booked even over another visit, never a 409), until `stopped`.
 */
export function moving(
  base: string,
  headers: Record<string, string>,
  appointment: { id: string; start: string; end: string },
  stopped: () => boolean,
): Promise<Writes> {
  const [start, end] = [Date.parse(appointment.start), Date.parse(appointment.end)]
  return writing((n) => {
    const shift = (n % 2) * QUARTER_HOUR
    return fetch(`${base}/api/cd_ordemagendamento/${appointment.id}`, {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        start: new Date(start + shift).toISOString(),
        end: new Date(end + shift).toISOString(),
        force: true,
      }),
      signal: AbortSignal.timeout(10_000),
    })
  }, stopped)
}

export async function benchBoard(sizes: number[], seconds: number): Promise<BoardBench[]> {
  const out: BoardBench[] = []
  for (const size of sizes) {
    out.push(
      await withSeededServer(
        `board-${size}`,
        (store) => fillBoard(store, size),
        async ({ base, headers, seedSeconds }) => {
          const [monday, sunday] = [BOARD_WEEK[0], BOARD_WEEK[6]]
          const boardUrl = `${base}/api/cd_ordemagendamento/board?from=${monday}&to=${sunday}`
          const pageUrl = `${base}/view/cd_ordemagendamento?view=week&date=${monday}`
          const listUrl = `${base}/api/cd_ordem?page=2&size=20&sort=number`
          const searchUrl = `${base}/api/cd_ordem?page=2&size=20&sort=number&search=almeida`
          const token = headers.Authorization.replace(/^Bearer /, '')
          // as a browser sends them after sign-in (production's cookie names), pages asked with gzip
          const pageHeaders = {
            'Accept-Encoding': 'gzip',
            Cookie: `token=${token}; __Host-csrf=benchcsrftoken0123456789abcdef; currentEmpresa=1; currentFilial=2`,
          }

          // what is measured answers what it should (and the indexes are built before wrk runs)
          const boardRes = await fetch(boardUrl, { headers })
          const boardText = await boardRes.text()
          const board = (JSON.parse(boardText) as { Dados: BoardShape }).Dados
          if (boardRes.status !== 200 || board.appointments.length !== WEEK_APPOINTMENTS)
            throw new Error(`the board answered ${boardRes.status} with ${board.appointments?.length} appointments`)
          const page = await fetch(pageUrl, { headers: { Cookie: pageHeaders.Cookie }, redirect: 'manual' })
          const html = await page.text()
          const pageVisits = (html.match(/data-testid="agenda-visit"/g) ?? []).length
          if (page.status !== 200 || pageVisits < WEEK_APPOINTMENTS)
            throw new Error(`the board page answered ${page.status} with ${pageVisits} visits`)
          let matched = 0
          for (const url of [listUrl, searchUrl]) {
            const list = (await (await fetch(url, { headers })).json()) as {
              Dados: { items: unknown[]; pagination: { length: number } }
            }
            if (list.Dados.items.length !== 20) throw new Error(`the orders list did not answer a page of 20: ${url}`)
            if (url === searchUrl) matched = list.Dados.pagination.length
          }

          const moved = board.appointments[0]
          const cases: BoardCase[] = []
          // the page costs far more than an API answer: one connection, as a dispatcher asks for it
          // (ten would measure ten requests queued on the server's one thread)
          for (const [name, url, h, connections] of [
            ['board API, week (10 technicians, 500 appointments)', boardUrl, headers, 10],
            ['board page, week (SSR, rendered each time, 1 connection)', pageUrl, pageHeaders, 1],
            ['orders list (page 2 of 20, sort by number)', listUrl, headers, 10],
            ['orders list (search "almeida", page 2 of 20)', searchUrl, headers, 10],
          ] as const) {
            const quiet = await wrkAsync(url, h, seconds, connections)
            let stop = false
            const writer = moving(base, headers, moved, () => stop)
            const busy = await wrkAsync(url, h, seconds, connections)
            stop = true
            cases.push({ name, quiet, busy, writes: await writer })
          }
          return {
            size,
            seedSeconds,
            technicians: board.technicians.length,
            appointments: board.appointments.length,
            boardBytes: new TextEncoder().encode(boardText).length,
            pageBytes: new TextEncoder().encode(html).length,
            pageVisits,
            matched,
            cases,
          }
        },
      ),
    )
  }
  return out
}

type BoardShape = { technicians: unknown[]; appointments: Array<{ id: string; start: string; end: string }> }

export function printBoard(results: BoardBench[]) {
  const fmt = (n: number, digits = 0) => n.toFixed(digits)
  console.log(
    `\n| board and orders (${WRITES_PER_SECOND} moves/s while busy) | orders | req/s | p50 ms | p99 ms | busy req/s | busy p50 ms | busy p99 ms | moves answered 2xx (warm-up included) | move p50 ms | move p99 ms | errors |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`,
  )
  for (const r of results) {
    for (const c of r.cases) {
      const refused = Object.values(c.writes.refused).reduce((s, n) => s + n, 0)
      console.log(
        `| ${c.name} | ${r.size} | ${fmt(c.quiet.rps)} | ${fmt(c.quiet.p50, 2)} | ${fmt(c.quiet.p99, 2)} | ${fmt(c.busy.rps)} | ${fmt(c.busy.p50, 2)} | ${fmt(c.busy.p99, 2)} | ${c.writes.ok} in ${fmt(c.writes.seconds, 1)} s | ${fmt(percentile(c.writes.ms, 50), 1)} | ${fmt(percentile(c.writes.ms, 99), 1)} | ${c.quiet.errors + c.busy.errors + refused} |`,
      )
    }
  }
  for (const r of results) {
    const refused = r.cases.flatMap((c) => Object.entries(c.writes.refused))
    console.log(
      `At ${r.size} orders (seeded in ${fmt(r.seedSeconds, 1)} s): the board of ${BOARD_WEEK[0]}…${BOARD_WEEK[6]} has ${r.technicians} technicians and ${r.appointments} appointments in ${fmt(r.boardBytes / 1024, 1)} KB of JSON; its page ${r.pageVisits} visits in ${fmt(r.pageBytes / 1024, 1)} KB of HTML; "almeida" matches ${r.matched} orders${refused.length ? `; moves not answered 2xx: ${refused.map(([what, n]) => `${what} × ${n}`).join(', ')}` : ''}`,
    )
  }
  const p99 = (name: string, r: BoardBench) => {
    const c = r.cases.find((x) => x.name.startsWith(name))!
    return Math.max(c.quiet.p99, c.busy.p99)
  }
  const [small, large] = [results[0], results.at(-1)!]
  if (!small) return
  const worst = (name: string) => Math.max(...results.map((r) => p99(name, r)))
  console.log(
    `Targets (issue 28 §7): board API p99 ≤ 100 ms → ${fmt(worst('board API'), 2)} ms; board page p99 ≤ 100 ms → ${fmt(worst('board page'), 2)} ms; orders list p99 ≤ 25 ms at ${large.size} → ${fmt(Math.max(p99('orders list (page', large), p99('orders list (search', large)), 2)} ms (worst of quiet and busy, sort and search)`,
  )
  if (small !== large) {
    const cost = (name: string, r: BoardBench) => 1 / r.cases.find((x) => x.name.startsWith(name))!.quiet.rps
    console.log(
      `Flat ${small.size} → ${large.size} orders (×${fmt(large.size / small.size, 0)}): list cost ×${fmt(cost('orders list (page', large) / cost('orders list (page', small), 2)}, search ×${fmt(cost('orders list (search', large) / cost('orders list (search', small), 2)}, board API ×${fmt(cost('board API', large) / cost('board API', small), 2)}, board page ×${fmt(cost('board page', large) / cost('board page', small), 2)}`,
    )
  }
}

if (import.meta.main) {
  ensureWrk()
  printBoard(
    await benchBoard(
      (process.env.BENCH_ORDER_SIZES ?? '5000,50000').split(',').map(Number),
      Number(process.env.BENCH_SECONDS ?? 8),
    ),
  )
}
