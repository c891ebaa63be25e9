// The reports benchmark (issue 44 §6): the reports page (revenue, receivables, cash flow, quotes,
// services, orders, technicians on one page, rendered for each request) and the revenue and cash
// flow answers, over two years of four branches with 5,000 and then 50,000 invoices and 40 % as
// many payables, each alone and while the office records a payment twice a second. Against the
// trivial React Router page measured in the same run, before each size. The figures are worked out
// by the server's start from the stored records (as after an upgrade), and checked against a count
// of those records before anything is measured. Run alone: node tests/bench/reports.ts (after npm
// run build; BENCH_REPORT_SIZES, BENCH_SECONDS and BENCH_REPORT_HEAP_MB change the sizes, the seconds a
// run and the server's heap); npm run bench runs it too.
import { addDays, dateIn } from '../../domain/dates.ts'
import { seriesName } from '../../domain/document-numbers.ts'
import { shiftMonth } from '../../domain/report-period.ts'
import { ACCOUNTS, defaultAccountFor, type AccountRecord } from '../../domain/schemas/accounts.ts'
import { INVOICES, type StoredInvoice } from '../../domain/schemas/invoices.ts'
import { PAYMENT_METHODS } from '../../domain/schemas/payments.ts'
import { PAYABLES, type StoredPayable } from '../../domain/schemas/payables.ts'
import { seeded } from '../../seeds/random.ts'
import { keys } from '../../storage/keys.ts'
import { createRepositories } from '../../storage/repositories/index.ts'
import { indexedRecords } from '../../storage/repositories/indexed-records.ts'
import type { Store } from '../../storage/store.ts'
import { percentile, WRITES_PER_SECOND, writing, type Writes } from './board.ts'
import { baselines, manyInvoices, numberedInOrder, settled } from './invoices.ts'
import { peakMemoryMb, start, withSeededServer } from './server.ts'
import { ensureWrk, wrkAsync, type WrkResult } from './wrk.ts'

const TIME_ZONE = 'America/Sao_Paulo'
const DAY = 86_400_000
/** The demo company's three branches and a fourth the bench adds. */
const BRANCHES = [
  { filial: 1, prefix: 'CPS' },
  { filial: 2, prefix: 'SAO' },
  { filial: 3, prefix: 'RIO' },
  { filial: 5, prefix: 'BHZ' },
]
/** Payables per invoice (20,000 at 50,000 invoices). */
const PAYABLES_PER_INVOICE = 0.4
const SUPPLIERS = [
  ['Imobiliária Central', 'Aluguel'],
  ['Refrigeração Total Peças', 'Peças'],
  ['Posto Avenida', 'Combustível'],
  ['Vivo', 'Telefone'],
  ['Contabilidade Silva', 'Contador'],
] as const
const TARGET = { pageP99: 50 }
/** How far a page may grow from 5,000 to 50,000 invoices and still read as flat. */
const FLAT = 1.5
/** A start that works out the figures of 70,000 records takes this long at most. */
const START_WITHIN_MS = 900_000
/**
 * The server's heap (npm start's HEAP_MB): a company of 50,000 invoices and 20,000 payables keeps
 * their list indexes in memory, more than the default 128 MB holds (README.md, settings).
 */
const HEAP_MB = Number(process.env.BENCH_REPORT_HEAP_MB ?? 512)

export type ReportsCase = { name: string; kind: 'page' | 'api'; quiet: WrkResult; busy: WrkResult; writes: Writes }
export type ReportsBench = {
  size: number
  payables: number
  seedSeconds: number
  /** From the server's spawn to its first answer: its start worked out every record's figures. */
  startSeconds: number
  settledSeconds: number
  /** The server's heap limit (HEAP_MB) and its peak memory (VmHWM) at the end, in MB. */
  heapMb: number
  peakMb: number
  trivial: WrkResult
  pageBytes: number
  cases: ReportsCase[]
}

/**
 * `count` payables of a branch over two years as the app stores them: most paid from the bank or
 * the till some days after they were entered, some open (due from a month ago to two months
 * ahead), a few void; numbered CP-<prefix>-<year>-000001 on after `numbered`, in the order made.
 */
function manyPayables(
  count: number,
  seed: number,
  now: number,
  branch: { filial: number; prefix: string },
  accounts: { bank: AccountRecord; till: AccountRecord },
  numbered: (year: string) => number,
) {
  const r = seeded(seed)
  const today = dateIn(TIME_ZONE, now)
  const made = Array.from({ length: count }, (): StoredPayable => {
    const roll = r.int(1, 20)
    const status = roll <= 16 ? 'paid' : roll <= 19 ? 'open' : 'void'
    const created = status === 'open' ? now - r.int(0, 60) * DAY : now - r.int(1, 730) * DAY
    const createdDay = dateIn(TIME_ZONE, created)
    const dueDate = status === 'open' ? addDays(today, r.int(-30, 60)) : addDays(createdDay, r.int(0, 30))
    const paidDay = addDays(createdDay, r.int(0, 20))
    const [supplier, category] = r.pick(SUPPLIERS)
    return {
      id: r.uuid(),
      filial: branch.filial,
      number: '',
      timeZone: TIME_ZONE,
      currency: 'BRL',
      supplier,
      category,
      description: `${category} ${createdDay}`,
      amount: r.int(5_000, 300_000),
      dueDate,
      repeat: 'none',
      status,
      paid:
        status === 'paid'
          ? {
              date: paidDay > today ? today : paidDay,
              accountId: r.int(1, 4) === 1 ? accounts.till.id : accounts.bank.id,
              by: 'Ana Costa',
              at: new Date(created).toISOString(),
            }
          : null,
      voided:
        status === 'void'
          ? { reason: 'Lançada em duplicidade', by: 'Ana Costa', at: new Date(created).toISOString() }
          : null,
      previousId: null,
      createdAt: new Date(created).toISOString(),
    }
  })
  const { items: payables, series } = numberedInOrder(made, 'CP', branch.prefix, numbered)
  return { payables, series }
}

/** What the bench seeded, and what the reports must then say (counted from the stored records). */
type Seeded = {
  /** Issued invoices of the main branch the office pays into. */
  open: string[]
  payables: number
  months: { from: string; to: string }
  /** Invoiced over those months in all branches (issued, not void), in cents. */
  invoiced: number
  /** The bank account and its balance: opening + payments in − payables paid from it. */
  bank: { id: string; balance: number }
}

/**
 * The data: `size` invoices over the four branches and 40 % as many payables, written as the app
 * stores them, each branch's number series going on after them; the figures' marker is taken away,
 * so the server's start works them all out as after an upgrade. Exported: a profile of the server starts from the same data.
 */
export async function fillReports(store: Store, size: number, now: number): Promise<Seeded> {
  const repos = createRepositories(store)
  const company = (await repos.companies.find(1))!
  await repos.companies.saveBranch({
    COD_EMPRESA: 1,
    COD_FILIAL: 5,
    NOM_FILIAL: 'Belo Horizonte',
    FLG_PRINCIPAL: 'N',
    PREFIX: 'BHZ',
    TIME_ZONE,
    ACTIVE: true,
  })
  const accounts = [...(await repos.collection<AccountRecord>(1, ACCOUNTS).rows()).values()]
  const bank = accounts.find((a) => a.kind === 'bank')!
  const till = accounts.find((a) => a.kind === 'cash')!
  const accountOf = (method: string) =>
    defaultAccountFor(accounts, method as (typeof PAYMENT_METHODS)[number])?.id ?? null
  const invoices = indexedRecords(store, 1, INVOICES, (i: StoredInvoice) => i)
  const bills = indexedRecords(store, 1, PAYABLES, (p: StoredPayable) => p)
  const thisYear = Number(dateIn(TIME_ZONE, now).slice(0, 4))
  /** A branch's number series of `kind`: the numbers it gave already in the bench's years, and how to go on after new ones. */
  const seriesOf = async (kind: 'FAT' | 'CP', filial: number) => {
    const key = (year: string) => keys.series(1, seriesName(kind, filial, year))
    const last = new Map<string, number>()
    for (const year of [thisYear - 2, thisYear - 1, thisYear].map(String))
      last.set(year, (await store.get<{ last: number }>(key(year)))?.value.last ?? 0)
    return {
      numbered: (year: string) => last.get(year) ?? 0,
      async save(series: Map<string, number>) {
        for (const [year, n] of series) await store.put(key(year), { last: n, free: [] })
      },
    }
  }
  let open: string[] = []
  const payables = Math.round(size * PAYABLES_PER_INVOICE)
  for (const [k, branch] of BRANCHES.entries()) {
    const invoiceSeries = await seriesOf('FAT', branch.filial)
    const made = manyInvoices(
      Math.round(size / BRANCHES.length),
      7000 + size + k,
      now,
      invoiceSeries.numbered,
      company.REMINDER_DAYS ?? [],
      { ...branch, accountOf },
    )
    await invoices.putMany(made.invoices)
    await invoiceSeries.save(made.series)
    if (branch.filial === 2) open = made.invoices.filter((i) => i.status === 'issued').map((i) => i.id)
    const billSeries = await seriesOf('CP', branch.filial)
    const billed = manyPayables(
      Math.round(payables / BRANCHES.length),
      8000 + size + k,
      now,
      branch,
      { bank, till },
      billSeries.numbered,
    )
    await bills.putMany(billed.payables)
    await billSeries.save(billed.series)
  }
  // the start works the figures out again, as after an upgrade (bff/lib/reports.ts backfill)
  await store.remove(keys.system('figures'))

  // what the reports must say, counted from every stored invoice and payable (the demo's too)
  const month = dateIn(TIME_ZONE, now).slice(0, 7)
  const months = { from: shiftMonth(month, -23), to: month }
  let invoiced = 0
  let balance = bank.opening
  for (const i of (await invoices.rows()).values()) {
    const issued = i.issueDate?.slice(0, 7) ?? ''
    if (i.status !== 'draft' && i.status !== 'void' && issued >= months.from && issued <= months.to)
      invoiced += i.totals.total
    for (const p of i.payments) if (!p.reversed && p.accountId === bank.id) balance += p.amount
  }
  for (const p of (await bills.rows()).values())
    if (p.status === 'paid' && p.paid?.accountId === bank.id) balance -= p.amount
  return { open, payables, months, invoiced, bank: { id: bank.id, balance } }
}

/** The office, twice a second until `stopped`: R$ 1,00 by Pix (into the bank) on the next open invoice. */
const paying = (base: string, headers: Record<string, string>, next: () => string, stopped: () => boolean) =>
  writing(
    () =>
      fetch(`${base}/api/cd_invoice/${next()}/payments`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: 100, method: 'pix' }),
        signal: AbortSignal.timeout(10_000),
      }),
    stopped,
  )

async function answer<T>(url: string, headers: Record<string, string>): Promise<T> {
  const res = await fetch(url, { headers })
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`)
  return ((await res.json()) as { Dados: T }).Dados
}

export async function benchReports(sizes: number[], seconds: number): Promise<ReportsBench[]> {
  const out: ReportsBench[] = []
  for (const size of sizes) {
    const { trivial } = await baselines(seconds)
    const now = Date.now()
    let data: Seeded | undefined
    let spawned = 0
    let startSeconds = NaN
    let pid = 0
    const starter = async (args: string[], env: Record<string, string>, url: string) => {
      spawned = performance.now()
      const child = await start(args, env, url, HEAP_MB, START_WITHIN_MS)
      startSeconds = (performance.now() - spawned) / 1000
      pid = child.pid!
      return child
    }
    out.push(
      await withSeededServer(
        `reports-${size}`,
        async (store) => void (data = await fillReports(store, size, now)),
        async ({ base, headers, seedSeconds }): Promise<ReportsBench> => {
          const { open, months, invoiced, bank, payables } = data!
          const all = { ...headers }
          const range = `period=custom&from=${months.from}&to=${months.to}&branch=all`
          // what is measured answers what the records say
          const revenue = await answer<{ months: Array<{ invoiced: number }> }>(
            `${base}/api/cd_reports/revenue?${range}`,
            all,
          )
          const reported = revenue.months.reduce((n, m) => n + m.invoiced, 0)
          if (revenue.months.length !== 24 || reported !== invoiced)
            throw new Error(
              `the revenue report says ${reported} over ${revenue.months.length} months; the invoices ${invoiced}`,
            )
          const accounts = await answer<{ items: Array<{ id: string; balance: number }> }>(
            `${base}/api/cd_contas?size=50`,
            all,
          )
          const balance = accounts.items.find((a) => a.id === bank.id)?.balance
          if (balance !== bank.balance)
            throw new Error(`the bank's balance reads ${balance}; its movements ${bank.balance}`)
          const token = headers.Authorization.replace(/^Bearer /, '')
          const pageHeaders = {
            'Accept-Encoding': 'gzip',
            Cookie: `token=${token}; __Host-csrf=benchcsrftoken0123456789abcdef; currentEmpresa=1; currentFilial=2`,
          }
          const pageUrl = `${base}/view/cd_reports?${range}`
          const page = await fetch(pageUrl, { headers: { Cookie: pageHeaders.Cookie }, redirect: 'manual' })
          const html = await page.text()
          if (page.status !== 200 || !html.includes('revenue-chart') || !html.includes('cashflow-chart'))
            throw new Error(`the reports page answered ${page.status} without its charts`)
          const settledSeconds = await settled(spawned, `${base}/api/cd_reports/revenue?${range}`, all)

          let next = 0
          const cases: ReportsCase[] = []
          // a page costs far more than an API answer: one connection, as the owner asks for it
          for (const [name, kind, url, h, connections] of [
            ['reports page, 2 years of 4 branches (SSR, rendered each time)', 'page', pageUrl, pageHeaders, 1],
            [
              'reports page, this branch, last 12 months, cash flow by week',
              'page',
              `${base}/view/cd_reports?by=week`,
              pageHeaders,
              1,
            ],
            ['revenue, 2 years of 4 branches (API)', 'api', `${base}/api/cd_reports/revenue?${range}`, all, 10],
            [
              'cash flow by week, 4 branches (API)',
              'api',
              `${base}/api/cd_reports/cashflow?by=week&branch=all`,
              all,
              10,
            ],
          ] as const) {
            const quiet = await wrkAsync(url, h, seconds, connections)
            let stop = false
            const writer = paying(
              base,
              all,
              () => open[next++ % open.length],
              () => stop,
            )
            const busy = await wrkAsync(url, h, seconds, connections).finally(() => (stop = true))
            cases.push({ name, kind, quiet, busy, writes: await writer })
          }
          return {
            size,
            heapMb: HEAP_MB,
            peakMb: peakMemoryMb(pid),
            payables,
            seedSeconds,
            startSeconds,
            settledSeconds,
            trivial,
            pageBytes: new TextEncoder().encode(html).length,
            cases,
          }
        },
        starter,
      ),
    )
  }
  return out
}

export function printReports(results: ReportsBench[]) {
  const fmt = (n: number, digits = 0) => n.toFixed(digits)
  console.log(
    `\n| reports (${WRITES_PER_SECOND} payments/s while busy) | invoices | req/s | p50 ms | p99 ms | ms per request × trivial page | busy req/s | busy p50 ms | busy p99 ms | payments 2xx | payment p99 ms | errors |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`,
  )
  for (const r of results)
    for (const c of r.cases) {
      const refused = Object.values(c.writes.refused).reduce((s, n) => s + n, 0)
      console.log(
        `| ${c.name} | ${r.size} | ${fmt(c.quiet.rps)} | ${fmt(c.quiet.p50, 2)} | ${fmt(c.quiet.p99, 2)} | ${c.kind === 'page' ? fmt(r.trivial.rps / c.quiet.rps, 2) : '–'} | ${fmt(c.busy.rps)} | ${fmt(c.busy.p50, 2)} | ${fmt(c.busy.p99, 2)} | ${c.writes.ok} in ${fmt(c.writes.seconds, 1)} s | ${fmt(percentile(c.writes.ms, 99), 1)} | ${c.quiet.errors + c.busy.errors + refused} |`,
      )
    }
  for (const r of results)
    console.log(
      `At ${r.size} invoices and ${r.payables} payables (seeded in ${fmt(r.seedSeconds, 1)} s): the start worked out their figures and answered in ${fmt(r.startSeconds, 1)} s, calm ${fmt(r.settledSeconds, 1)} s after its spawn; the page is ${fmt(r.pageBytes / 1024, 1)} KB of HTML; the server's heap limit ${r.heapMb} MB, its peak memory ${r.peakMb} MB; the trivial page ${fmt(r.trivial.rps)} req/s`,
    )
  const worst = (r: ReportsBench, kind: 'page' | 'api') =>
    Math.max(...r.cases.filter((c) => c.kind === kind).map((c) => Math.max(c.quiet.p99, c.busy.p99)))
  const [small, large] = [results[0], results.at(-1)!]
  if (!small) return
  console.log(
    `Target (issue 44 §6): the reports page p99 ≤ ${TARGET.pageP99} ms at ${large.size} invoices, alone and under payments → ${fmt(worst(large, 'page'), 2)} ms`,
  )
  if (small !== large) {
    const cost = (r: ReportsBench, name: string) => 1 / r.cases.find((c) => c.name === name)!.quiet.rps
    console.log(
      `Flat ${small.size} → ${large.size} invoices (target ≤ ×${FLAT}): ${large.cases.map((c) => `${c.name.split(' (')[0]} ×${fmt(cost(large, c.name) / cost(small, c.name), 2)}`).join('; ')}`,
    )
  }
}

if (import.meta.main) {
  ensureWrk()
  printReports(
    await benchReports(
      (process.env.BENCH_REPORT_SIZES ?? '5000,50000').split(',').map(Number),
      Number(process.env.BENCH_SECONDS ?? 8),
    ),
  )
}
