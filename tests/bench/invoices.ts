// The invoices benchmark (issue 30): the invoices list of the demo company's main branch with 5,000
// and 50,000 invoices — sorted by number, by due date newest first, a search and the overdue ones,
// each at its first page and at a deep one — its server-rendered page (rendered for each request)
// and one invoice's PDF (20 lines, with the Pix QR: its first print, then as the server keeps it until
// the invoice changes, bff/lib/printing.ts), each alone and then while the office records
// payments and makes invoices twice a second. Against two baselines measured in the same run,
// before each size: a bare Hono route and a trivial React Router page. On the fs storage of npm
// start, with its heap (BENCH_INVOICE_HEAP_MB another). Run alone: node tests/bench/invoices.ts (after
// npm run build; BENCH_INVOICE_SIZES and BENCH_SECONDS change the sizes and the seconds a run);
// npm run bench runs it too.
import { execFileSync, type ChildProcess } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'
import { join } from 'node:path'
import { addDays, dateIn } from '../../domain/dates.ts'
import { documentTotals, type LineInput } from '../../domain/document-lines.ts'
import { documentNumber, seriesName, type DocumentKind } from '../../domain/document-numbers.ts'
import { addressLine, type ClientRecord } from '../../domain/schemas/clients.ts'
import {
  DEFAULT_DUE_DAYS,
  INVOICES,
  invoiceState,
  type InvoiceStatus,
  type StoredInvoice,
} from '../../domain/schemas/invoices.ts'
import { paidOf, PAYMENT_METHODS, type PaymentRecord } from '../../domain/schemas/payments.ts'
import type { JobRecord } from '../../domain/schemas/jobs.ts'
import { SEED_QUOTE_BRANCH, SEED_QUOTE_PREFIX, seedClients, seedJobs } from '../../seeds/field-service.ts'
import { seeded } from '../../seeds/random.ts'
import { keys } from '../../storage/keys.ts'
import { createRepositories } from '../../storage/repositories/index.ts'
import { indexedRecords } from '../../storage/repositories/indexed-records.ts'
import type { Store } from '../../storage/store.ts'
import { freePort } from '../runtime/servers.ts'
import { percentile, WRITES_PER_SECOND, writing, type Writes } from './board.ts'
import { nodeFlags, peakMemoryMb, root, start, withSeededServer } from './server.ts'
import { ensureWrk, wrkAsync, type WrkResult } from './wrk.ts'

/** The demo's main branch's time zone: the invoices' days are its days. */
const TIME_ZONE = 'America/Sao_Paulo'
const DAY = 86_400_000
/** Lines of the invoice whose PDF is measured (the others have 1 to 4). */
const PDF_LINES = 20
const SEARCH = 'almeida'
/** The deep page: this far into the list's pages. */
const DEEP = 0.9
const PAGE_SIZE = 20
/**
 * A Pix key for the demo company when its seed gives none (docs/domain.md cd_invoice: the PDF then
 * carries the QR of what is open).
 */
const PIX = { PIX_KEY: '11222333000181', CIDADE: 'São Paulo' }
/** Who recorded the seeded payments and voids: the demo admin. */
const BY = 'Ana Costa'
/** The statuses and their shares (of 20): most invoices paid, some open, a few drafts and voided. */
const STATUS_SHARES: Array<[InvoiceStatus, number]> = [
  ['draft', 1],
  ['issued', 5],
  ['partially_paid', 2],
  ['paid', 10],
  ['void', 2],
]
/** The lists measured (docs/domain.md cd_invoice: overdue is computed from the due date in the branch's zone). */
const LISTS: Array<[string, string]> = [
  ['sorted by number', 'sort=number'],
  ['sorted by due date, newest first', 'sort=dueDate&order=desc'],
  [`search "${SEARCH}"`, `search=${SEARCH}`],
  ['overdue, by due date', 'state=overdue&sort=dueDate'],
]
/** How far a list may grow from 5,000 to 50,000 and still read as flat (the issue: a ratio close to 1). */
const FLAT = 1.5
const TARGET = { listP99: 25, pdfP99: 150 }
/** Writes, each followed by one timed request, for the first answer after a write. */
const AFTER_WRITE = 10

export type InvoicesCase = {
  name: string
  kind: 'list' | 'page' | 'pdf'
  /** The page of the list asked for (null for the PDF). */
  page: number | null
  matched: number
  quiet: WrkResult
  busy: WrkResult
  writes: Writes
  /** The first answer after each of a few writes, alone (ms). */
  afterWrite: number[]
}
export type InvoicesBench = {
  size: number
  seedSeconds: number
  /** The baselines, just before this size's cases: the bare Hono route on 10 connections, the trivial page on 1. */
  hello: WrkResult
  trivial: WrkResult
  /** The machine's load average (1 minute) before and after this size: other work on it makes the figures noisy. */
  load: number[]
  overdue: number
  /** The first list after the start, which builds the list's index from the stored invoices (ms). */
  firstListMs: number
  /** When the server's own work after its start was over (seconds after it answered first): the cases began then. */
  settledSeconds: number
  /** The server's heap limit (--max-old-space-size, MB) and its peak memory (VmHWM, MB) when it lived to the end. */
  heapMb: number
  peakMb: number
  /** How and when the server died, when it did: the cases after that were not measured. */
  died: string | null
  /** When the server's build was made (build/node/node-server.js). */
  build: string
  pdfBytes: number
  /** The PDF's first answer: a render (the ones after it are the kept PDF). */
  pdfPrintedMs: number
  pageBytes: number
  cases: InvoicesCase[]
}

/** A line of a catalogue job, as the office adds it. */
const jobLine = (r: ReturnType<typeof seeded>, jobs: JobRecord[]): LineInput => {
  const job = r.pick(jobs)
  return {
    jobId: job.id,
    description: job.name,
    quantity: job.unit === 'hour' ? r.int(1, 8) : r.int(1, 3),
    unitPrice: job.unitPrice,
    discountPercent: r.pick([0, 0, 5, 10]),
    taxPercent: job.taxPercent,
  }
}

/** Payments of `amount` in all, in `parts`, from the issue day on (never after today). */
function payments(r: ReturnType<typeof seeded>, amount: number, parts: number, issueDate: string, today: string) {
  const out: PaymentRecord[] = []
  for (let k = 0; k < parts; k++) {
    const day = addDays(issueDate, r.int(0, 40))
    const date = day > today ? today : day
    out.push({
      id: r.uuid(),
      date,
      amount: k === parts - 1 ? amount - out.reduce((s, p) => s + p.amount, 0) : Math.floor(amount / parts),
      method: r.pick(PAYMENT_METHODS),
      reference: '',
      note: '',
      by: BY,
      at: `${date}T15:00:00.000Z`,
      reversed: null,
    })
  }
  return out
}

/** A branch the bench's invoices are made in, and the account each payment method lands in. */
export type InvoiceBranch = { filial: number; prefix: string; accountOf: (method: string) => string | null }

/**
 * `count` invoices of a branch (the main one unless told) as the app stores them (StoredInvoice):
 * by hand, 1 to 4 lines, in every status — the open ones issued in the last 90 days (due 30 days
 * later, so most of them overdue), the others over two years — paid ones with their payments;
 * numbered FAT-<prefix>-<year>-000001 on, in the order they were made. The first is the PDF's: 20
 * lines, three orders' visits, partly paid, due in 25 days.
 */
export function manyInvoices(
  count: number,
  seed: number,
  now: number,
  numbered: (year: string) => number,
  schedule: number[],
  branch: InvoiceBranch = { filial: SEED_QUOTE_BRANCH, prefix: SEED_QUOTE_PREFIX, accountOf: () => null },
) {
  const r = seeded(seed)
  const [clients, jobs] = [seedClients(), seedJobs()]
  const statuses = STATUS_SHARES.flatMap(([status, n]) => Array.from({ length: n }, () => status))
  const today = dateIn(TIME_ZONE, now)
  const made = Array.from({ length: count }, (_, i): StoredInvoice => {
    const pdf = i === 0
    const status: InvoiceStatus = pdf ? 'partially_paid' : r.pick(statuses)
    const open = status === 'issued' || status === 'partially_paid'
    const days = pdf ? 5 : status === 'draft' ? r.int(0, 20) : open ? r.int(0, 90) : r.int(30, 730)
    const created = now - days * DAY - r.int(0, DAY - 1)
    const client: ClientRecord = r.pick(clients)
    const lines = Array.from({ length: pdf ? PDF_LINES : r.int(1, 4) }, () => jobLine(r, jobs))
    const totals = documentTotals(lines)
    const issueDate = status === 'draft' ? null : dateIn(TIME_ZONE, created)
    const paid = (
      status === 'paid'
        ? payments(r, totals.total, r.int(1, 2), issueDate!, today)
        : status === 'partially_paid'
          ? payments(r, Math.floor((totals.total * r.int(20, 80)) / 100), 1, issueDate!, today)
          : []
    ).map((p) => ({ ...p, accountId: branch.accountOf(p.method) }))
    const orderNumbers = pdf ? [1, 2, 3].map((n) => documentNumber('OS', branch.prefix, '2026', 90_000 + n)) : []
    const address = client.addresses.find((a) => a.isDefault) ?? client.addresses[0]
    return {
      id: r.uuid(),
      filial: branch.filial,
      number: '',
      clientId: client.id,
      clientName: client.name,
      clientTaxId: client.taxId,
      serviceAddress: address ? addressLine(address) : '',
      orderIds: orderNumbers.map(() => r.uuid()),
      orderNumbers,
      visits: orderNumbers.map((orderNumber, k) => ({
        orderNumber,
        date: addDays(issueDate!, k - 12),
        technician: 'Carlos Lima',
        minutes: 45 + 30 * k,
      })),
      lines,
      totals,
      currency: 'BRL',
      culture: 'pt',
      issueDate,
      dueDate: issueDate ? addDays(issueDate, DEFAULT_DUE_DAYS) : '',
      terms: 'Pagamento por Pix ou transferência.',
      notes: '',
      status,
      paid: paidOf(paid),
      payments: paid,
      voided:
        status === 'void' ? { reason: 'Faturada em duplicidade', by: BY, at: new Date(created).toISOString() } : null,
      sendCount: issueDate ? 1 : 0,
      sentAt: issueDate ? new Date(created).toISOString() : null,
      delivery: issueDate ? { by: 'none', reason: 'no_mail_server' } : null,
      // the reminders of the company's schedule already sent (docs/domain.md cd_invoice, "Reminders"), as
      // the server's timer leaves them: its first run after the start finds nothing to write
      reminders:
        open && issueDate
          ? schedule
              .filter((step) => addDays(issueDate, DEFAULT_DUE_DAYS + step) <= today)
              .map((step) => ({
                step,
                at: `${addDays(issueDate, DEFAULT_DUE_DAYS + step)}T12:00:00.000Z`,
                delivery: { by: 'none', reason: 'no_mail_server' },
              }))
          : [],
      createdAt: new Date(created).toISOString(),
      timeZone: TIME_ZONE,
    }
  })
  const { items: invoices, series } = numberedInOrder(made, 'FAT', branch.prefix, numbered)
  return { invoices, series, pdfId: made.find((i) => i.lines.length === PDF_LINES)!.id, clients, today }
}

/**
 * Documents numbered in the order they were made, a series a year (docs/domain.md cd_invoice:
 * `<kind>-<prefix>-<year>-000001`), after those `numbered` already: the documents and each year's last number.
 */
export function numberedInOrder<T extends { createdAt: string; number: string }>(
  made: T[],
  kind: DocumentKind,
  prefix: string,
  numbered: (year: string) => number,
) {
  const series = new Map<string, number>()
  const items = [...made]
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((item) => {
      const year = dateIn(TIME_ZONE, Date.parse(item.createdAt)).slice(0, 4)
      const n = (series.get(year) ?? numbered(year)) + 1
      series.set(year, n)
      return { ...item, number: documentNumber(kind, prefix, year, n) }
    })
  return { items, series }
}

/**
 * What the bench seeded: the PDF's invoice, the issued ones payments go to, the clients new
 * invoices name, how many are overdue and how many the branch holds.
 */
export type SeededInvoices = {
  pdfId: string
  payable: string[]
  clientIds: string[]
  overdue: number
  inBranch: number
}

/**
 * The data: `size` invoices of the main branch in all (the demo's, if it has some, and the bench's),
 * written as the app stores them (the list's index is built from them at the first list); the
 * branch's number series go on after them, and the company has a Pix key. Exported: a profile of
 * the server starts from the same data.
 */
export async function fillInvoices(store: Store, size: number, now: number): Promise<SeededInvoices> {
  const collection = indexedRecords(store, 1, INVOICES, (i: StoredInvoice) => i)
  const demo = [...(await collection.rows()).values()]
  const seriesKey = (year: string) => keys.series(1, seriesName('FAT', SEED_QUOTE_BRANCH, year))
  // the numbers the branch's series gave already, in the years the bench's invoices were made (two back)
  const lastOf = new Map<string, number>()
  const thisYear = Number(dateIn(TIME_ZONE, now).slice(0, 4))
  for (const year of [thisYear - 2, thisYear - 1, thisYear].map(String))
    lastOf.set(year, (await store.get<{ last: number }>(seriesKey(year)))?.value.last ?? 0)
  const repos = createRepositories(store)
  const company = await repos.companies.find(1)
  if (!company) throw new Error('the demo company is missing')
  if (!company.PIX_KEY) await repos.companies.save({ ...company, ...PIX })
  const { invoices, series, pdfId, clients, today } = manyInvoices(
    size - demo.length,
    9000 + size,
    now,
    (year) => lastOf.get(year) ?? 0,
    company.REMINDER_DAYS ?? [],
  )
  await collection.putMany(invoices)
  // the branch's series go on after them (docs/domain.md cd_invoice: numbers per branch and year, without gaps)
  for (const [year, last] of series) await store.put(seriesKey(year), { last, free: [] })
  const branch = [...demo, ...invoices].filter((i) => i.filial === SEED_QUOTE_BRANCH)
  return {
    pdfId,
    inBranch: branch.length,
    payable: invoices.filter((i) => i.status === 'issued').map((i) => i.id),
    clientIds: clients.map((c) => c.id),
    overdue: branch.filter((i) => invoiceState(i, today) === 'overdue').length,
  }
}

/**
 * Where the office writes: a payment of R$ 1,00 in cash on the next issued invoice, or a new invoice
 * by hand of one visit.
 */
type Office = { base: string; headers: Record<string, string>; next: () => string; clientIds: string[] }

/** The office's `n`th write: a payment when `n` is even, a new invoice when odd. */
function write(office: Office, n: number) {
  const [url, body] =
    n % 2 === 0
      ? [`${office.base}/api/cd_invoice/${office.next()}/payments`, { amount: 100, method: 'cash' }]
      : [
          `${office.base}/api/cd_invoice`,
          {
            clientId: office.clientIds[n % office.clientIds.length],
            lines: [{ description: 'Visit', quantity: 1, unitPrice: 9000 }],
          },
        ]
  return fetch(url, {
    method: 'POST',
    headers: { ...office.headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  })
}

/** The office, twice a second until `stopped`: a payment, then a new invoice, in turn. */
const billing = (office: Office, stopped: () => boolean): Promise<Writes> =>
  writing((n) => write(office, n - 1), stopped)

/**
 * The first answer after a write, alone on the server: `AFTER_WRITE` times a write, then the URL
 * once, timed. A write changes the invoices, so what a list kept of them is worked out again
 * (docs/domain.md cd_invoice); a request behind that one waits for it.
 */
async function afterAWrite(office: Office, url: string, headers: Record<string, string>): Promise<number[]> {
  const ms: number[] = []
  for (let n = 0; n < AFTER_WRITE; n++) {
    const res = await write(office, n)
    await res.arrayBuffer()
    if (!res.ok) throw new Error(`a write answered ${res.status}`)
    const sent = performance.now()
    const answer = await fetch(url, { headers, redirect: 'manual' })
    await answer.arrayBuffer()
    if (answer.status !== 200) throw new Error(`${url} answered ${answer.status} after a write`)
    ms.push(performance.now() - sent)
  }
  return ms
}

type ListAnswer = {
  Dados: {
    items: Array<{ id: string; state: string; dueDate: string }>
    pagination: { length: number; lastPage: number }
  }
}

async function listed(url: string, headers: Record<string, string>) {
  const res = await fetch(url, { headers })
  if (res.status !== 200) throw new Error(`the invoices list answered ${res.status}: ${url}`)
  return ((await res.json()) as ListAnswer).Dados
}

/** The server's reminders (docs/domain.md cd_invoice, "Reminders") run a first time this long after its start. */
const FIRST_REMINDERS_MS = 5_000
/** A list answered alone this fast, so many times in a row: the server is doing nothing else. */
const CALM = { ms: 15, times: 5, atMostSeconds: 120 }

/**
 * Waits for the server's own work after its start to be over: past the reminders' first run, one
 * list at a time until CALM.times in a row answer within CALM.ms. Answers when, in seconds after `startedAt`.
 */
export async function settled(startedAt: number, url: string, headers: Record<string, string>) {
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
  await wait(Math.max(0, startedAt + FIRST_REMINDERS_MS + 1000 - performance.now()))
  for (let calm = 0; calm < CALM.times && performance.now() - startedAt < CALM.atMostSeconds * 1000;) {
    const sent = performance.now()
    await (await fetch(url, { headers })).arrayBuffer()
    calm = performance.now() - sent <= CALM.ms ? calm + 1 : 0
    await wait(100)
  }
  return (performance.now() - startedAt) / 1000
}

/** The trivial page's build, made when missing (npm run build empties build/, this one included). */
function ensureTrivialBuild() {
  if (!existsSync(join(root, 'build/bench-trivial/server/index.js')))
    execFileSync('npx', ['react-router', 'build', 'tests/bench/trivial'], { cwd: root, stdio: 'ignore' })
}

/** When the server's build was made: two sizes measured on two builds do not compare. */
const builtAt = () => statSync(join(root, 'build/node/node-server.js')).mtime.toISOString()

/** The bare Hono route and the trivial React Router page, measured now (the baselines of what follows). */
export async function baselines(seconds: number) {
  const measure = async (kind: 'hello' | 'trivial', headers: Record<string, string>, connections: number) => {
    if (kind === 'trivial') ensureTrivialBuild()
    const port = await freePort()
    const url = `http://127.0.0.1:${port}/`
    const server = await start(['tests/bench/baselines.ts', kind, String(port)], { NODE_ENV: 'production' }, url)
    try {
      return await wrkAsync(url, headers, seconds, connections)
    } finally {
      server.kill()
    }
  }
  return {
    hello: await measure('hello', {}, 10),
    trivial: await measure('trivial', { 'Accept-Encoding': 'gzip' }, 1),
  }
}

/**
 * The benchmark at each size, on a server started as npm start starts it (its heap: `heapMb` when
 * given). A server that dies on the way (out of memory ...) ends that size: what was measured
 * before is kept, with when it died.
 */
export async function benchInvoices(sizes: number[], seconds: number, heapMb?: number): Promise<InvoicesBench[]> {
  const out: InvoicesBench[] = []
  for (const size of sizes) {
    const load = [loadavg()[0]]
    const { hello, trivial } = await baselines(seconds)
    let data: SeededInvoices | undefined
    let server: ChildProcess | undefined
    let startedAt = 0
    const now = Date.now()
    const result = await withSeededServer(
      `invoices-${size}`,
      async (store) => void (data = await fillInvoices(store, size, now)),
      async ({ base, headers, seedSeconds }): Promise<InvoicesBench> => {
        const { pdfId, payable, clientIds, overdue, inBranch } = data!
        let paying = 0
        const office: Office = { base, headers, next: () => payable[paying++ % payable.length], clientIds }
        const token = headers.Authorization.replace(/^Bearer /, '')
        // as a browser sends them after sign-in (production's cookie names), pages asked with gzip
        const pageHeaders = {
          'Accept-Encoding': 'gzip',
          Cookie: `token=${token}; __Host-csrf=benchcsrftoken0123456789abcdef; currentEmpresa=1; currentFilial=2`,
        }
        const bench: InvoicesBench = {
          size,
          seedSeconds,
          hello,
          trivial,
          load,
          overdue,
          firstListMs: NaN,
          settledSeconds: NaN,
          heapMb: heapMb ?? DEFAULT_HEAP_MB,
          peakMb: NaN,
          died: null,
          build: builtAt(),
          pdfBytes: NaN,
          pdfPrintedMs: NaN,
          pageBytes: NaN,
          cases: [],
        }
        let doing = 'the first list'
        try {
          // what is measured answers what it should (and the list's index is built before wrk runs)
          const began = performance.now()
          await listed(`${base}/api/cd_invoice?page=1&size=${PAGE_SIZE}`, headers)
          bench.firstListMs = performance.now() - began
          doing = 'the lists checked before measuring'
          const measured: Array<Omit<InvoicesCase, 'quiet' | 'busy' | 'writes' | 'afterWrite'> & { url: string }> = []
          for (const [name, query] of LISTS) {
            const url = (page: number) => `${base}/api/cd_invoice?${query}&page=${page}&size=${PAGE_SIZE}`
            const first = await listed(url(1), headers)
            const deep = Math.max(2, Math.floor(first.pagination.lastPage * DEEP))
            const deeper = await listed(url(deep), headers)
            for (const page of [first, deeper]) {
              if (page.items.length !== PAGE_SIZE) throw new Error(`${name}: a page of ${page.items.length} invoices`)
              if (query.includes('state=overdue') && page.items.some((i) => i.state !== 'overdue'))
                throw new Error('the overdue list answered invoices not overdue')
              if (query.includes('order=desc') && page.items.some((i, k) => k && i.dueDate > page.items[k - 1].dueDate))
                throw new Error('the list by due date is not newest first')
            }
            if (query === 'sort=number' && first.pagination.length !== inBranch)
              throw new Error(`the list holds ${first.pagination.length} invoices, not ${inBranch}`)
            if (query.includes('state=overdue') && first.pagination.length !== overdue)
              throw new Error(`${first.pagination.length} invoices listed overdue, ${overdue} seeded`)
            const matched = first.pagination.length
            measured.push({ name, kind: 'list', page: 1, matched, url: url(1) })
            measured.push({ name, kind: 'list', page: deep, matched, url: url(deep) })
          }
          const pageUrl = `${base}/view/cd_invoice`
          const page = await fetch(pageUrl, { headers: { Cookie: pageHeaders.Cookie }, redirect: 'manual' })
          const html = await page.text()
          const rows = (html.match(/data-testid="data-row"/g) ?? []).length
          if (page.status !== 200 || rows !== PAGE_SIZE)
            throw new Error(`the invoices page answered ${page.status} with ${rows} rows`)
          bench.pageBytes = new TextEncoder().encode(html).length
          measured.push({
            name: 'invoices page (SSR, rendered each time)',
            kind: 'page',
            page: 1,
            matched: inBranch,
            url: pageUrl,
          })
          const pdfUrl = `${base}/api/cd_invoice/${pdfId}/pdf`
          const printing = performance.now()
          const pdf = await fetch(pdfUrl, { headers })
          bench.pdfBytes = (await pdf.arrayBuffer()).byteLength
          bench.pdfPrintedMs = performance.now() - printing
          if (pdf.status !== 200 || pdf.headers.get('content-type') !== 'application/pdf')
            throw new Error(`the invoice's PDF answered ${pdf.status}`)
          measured.push({
            name: `one invoice's PDF (${PDF_LINES} lines, Pix QR; kept after its first print)`,
            kind: 'pdf',
            page: null,
            matched: 1,
            url: pdfUrl,
          })

          // the server's own work after its start (the invoice reminders' first run reads every overdue
          // invoice, docs/domain.md cd_invoice) is over before anything is measured
          doing = "the server's own work after its start"
          bench.settledSeconds = await settled(startedAt, `${base}/api/cd_invoice?page=1&size=${PAGE_SIZE}`, headers)

          // a list is an API answer, asked by many (10 connections); a page or a PDF costs far more:
          // one connection, as an office worker asks for it (ten would measure requests queued on the one thread)
          for (const { url, ...c } of measured) {
            const [h, connections] = c.kind === 'list' ? [headers, 10] : [c.kind === 'page' ? pageHeaders : headers, 1]
            doing = `${label(c)}, alone`
            const quiet = await wrkAsync(url, h, seconds, connections)
            doing = `${label(c)}, under writes`
            let stop = false
            const writer = billing(office, () => stop)
            const busy = await wrkAsync(url, h, seconds, connections).finally(() => (stop = true))
            const writes = await writer
            doing = `${label(c)}, first answers after a write`
            // a PDF is kept by what it shows, which the list's writes (other invoices) do not change
            const afterWrite = c.kind === 'pdf' ? [] : await afterAWrite(office, url, h)
            bench.cases.push({ ...c, quiet, busy, writes, afterWrite })
            if (exited(server!)) break
          }
        } catch (error) {
          // a request the dying server dropped fails a moment before its exit is seen
          if (!(await exitedWithin(server!, 3000))) throw error
        }
        if (exited(server!)) bench.died = `${server!.signalCode ?? `exit code ${server!.exitCode}`} during ${doing}`
        else bench.peakMb = peakMemoryMb(server!.pid!)
        return bench
      },
      async (args, env, readyUrl) => {
        server = await start(args, env, readyUrl, heapMb)
        startedAt = performance.now()
        return server
      },
    )
    result.load.push(loadavg()[0])
    out.push(result)
  }
  return out
}

/** The heap npm start gives the server. */
const DEFAULT_HEAP_MB = Number(nodeFlags.find((f) => f.startsWith('--max-old-space-size='))?.split('=')[1])
const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null
/** Whether the child has exited, or does within `ms`. */
const exitedWithin = (child: ChildProcess, ms: number) =>
  exited(child)
    ? Promise.resolve(true)
    : new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(exited(child)), ms)
        child.once('exit', () => {
          clearTimeout(timer)
          resolve(true)
        })
      })
const fmt = (n: number, digits = 0) => n.toFixed(digits)
const label = (c: Pick<InvoicesCase, 'kind' | 'name' | 'page'>) =>
  c.kind === 'list' ? `${c.name}, page ${c.page}` : c.name
/** A case's baseline: the bare route for the API's lists, the trivial page for a page or a PDF (1 connection). */
const baselineOf = (r: InvoicesBench, c: InvoicesCase) => (c.kind === 'list' ? r.hello : r.trivial)
/** A request's cost on the server's one thread as a multiple of its baseline's (req/s at saturation). */
const cost = (w: WrkResult, b: WrkResult) => b.rps / w.rps
const worst = (c: InvoicesCase) => Math.max(c.quiet.p99, c.busy.p99)
const verdict = (value: number, target: number, unit = ' ms') =>
  value <= target ? 'met' : `MISSED by ${fmt(value - target, 1)}${unit} (×${fmt(value / target, 2)})`
/** The same case at another size (the deep page is another page number there), if it was measured. */
const sameAs = (r: InvoicesBench, c: InvoicesCase) =>
  r.cases.find((x) => x.name === c.name && (x.page === 1) === (c.page === 1))

export function printInvoices(results: InvoicesBench[]) {
  console.log(
    `\n| invoices (${WRITES_PER_SECOND} writes/s while busy: a payment, a new invoice) | invoices | matched | req/s | p50 ms | p99 ms | cost × baseline | busy req/s | busy p50 ms | busy p99 ms | busy cost × baseline | writes 2xx (warm-up included) | write p50 ms | write p99 ms | first after a write p50 ms | … max ms | errors |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`,
  )
  for (const r of results) {
    const [h, t] = [r.hello, r.trivial]
    console.log(
      `| bare Hono route (baseline, 10 connections) | ${r.size} | | ${fmt(h.rps)} | ${fmt(h.p50, 2)} | ${fmt(h.p99, 2)} | 1.00 | | | | | | | | | | ${h.errors} |`,
    )
    console.log(
      `| trivial React Router page (baseline, 1 connection) | ${r.size} | | ${fmt(t.rps)} | ${fmt(t.p50, 2)} | ${fmt(t.p99, 2)} | 1.00 | | | | | | | | | | ${t.errors} |`,
    )
    for (const c of r.cases) {
      const b = baselineOf(r, c)
      const refused = Object.values(c.writes.refused).reduce((s, n) => s + n, 0)
      const after = c.afterWrite.length
        ? `${fmt(percentile(c.afterWrite, 50), 1)} | ${fmt(Math.max(...c.afterWrite), 1)}`
        : ' | '
      console.log(
        `| ${label(c)} | ${r.size} | ${c.matched} | ${fmt(c.quiet.rps)} | ${fmt(c.quiet.p50, 2)} | ${fmt(c.quiet.p99, 2)} | ${fmt(cost(c.quiet, b), 2)} | ${fmt(c.busy.rps)} | ${fmt(c.busy.p50, 2)} | ${fmt(c.busy.p99, 2)} | ${fmt(cost(c.busy, b), 2)} | ${c.writes.ok} in ${fmt(c.writes.seconds, 1)} s | ${fmt(percentile(c.writes.ms, 50), 1)} | ${fmt(percentile(c.writes.ms, 99), 1)} | ${after} | ${c.quiet.errors + c.busy.errors + refused} |`,
      )
    }
  }
  for (const r of results) {
    const refused = r.cases.flatMap((c) => Object.entries(c.writes.refused))
    console.log(
      `At ${r.size} invoices (seeded in ${fmt(r.seedSeconds, 1)} s; load average ${r.load.map((l) => fmt(l, 2)).join(' → ')} on ${availableParallelism()} CPUs): ${r.overdue} overdue; the first list after the start (the index built) ${fmt(r.firstListMs)} ms, the server settled ${fmt(r.settledSeconds, 1)} s after its start; the list page ${fmt(r.pageBytes / 1024, 1)} KB of HTML; the PDF ${fmt(r.pdfBytes / 1024, 1)} KB, its first print ${fmt(r.pdfPrintedMs)} ms; server heap limit ${r.heapMb} MB, ${r.died ? `THE SERVER DIED (${r.died}): the cases after it were not measured` : `peak memory (VmHWM) ${r.peakMb} MB`}${refused.length ? `; writes not answered 2xx: ${refused.map(([what, n]) => `${what} × ${n}`).join(', ')}` : ''}`,
    )
  }
  const [small, large] = [results[0], results.at(-1)!]
  if (!small) return
  const builds = [...new Set(results.map((r) => r.build))]
  console.log(
    builds.length === 1
      ? `The server's build: ${builds[0]}`
      : `THE SIZES RAN ON DIFFERENT BUILDS (${results.map((r) => `${r.size}: ${r.build}`).join(', ')}): their ratios do not compare`,
  )

  // flat: each case at the largest size against the same case at the smallest, raw and against each size's own baseline
  const pairs = (kinds: Array<InvoicesCase['kind']>) =>
    small === large
      ? []
      : large.cases.flatMap((c) => {
          const s = kinds.includes(c.kind) ? sameAs(small, c) : undefined
          return s ? [{ s, c }] : []
        })
  if (pairs(['list', 'page']).length) {
    console.log(
      `\n| ${small.size} → ${large.size} invoices | p99 ms | p99 ms | × p99 | × cost against its baseline's | busy p99 ms | busy p99 ms | × busy p99 | first after a write p50 ms | … ms | × |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`,
    )
    for (const { s, c } of pairs(['list', 'page'])) {
      const [as, al] = [percentile(s.afterWrite, 50), percentile(c.afterWrite, 50)]
      console.log(
        `| ${c.kind === 'list' ? `${c.name}, ${c.page === 1 ? 'first page' : 'deep page'}` : c.name} | ${fmt(s.quiet.p99, 2)} | ${fmt(c.quiet.p99, 2)} | ${fmt(c.quiet.p99 / s.quiet.p99, 2)} | ${fmt(cost(c.quiet, baselineOf(large, c)) / cost(s.quiet, baselineOf(small, s)), 2)} | ${fmt(s.busy.p99, 2)} | ${fmt(c.busy.p99, 2)} | ${fmt(c.busy.p99 / s.busy.p99, 2)} | ${fmt(as, 1)} | ${fmt(al, 1)} | ${fmt(al / as, 2)} |`,
      )
    }
  }

  const lists = large.cases.filter((c) => c.kind === 'list')
  const missing = LISTS.length * 2 - lists.length
  // a server that died missed the targets, whatever the lists measured before said
  const judged = (value: number, target: number, unit?: string) =>
    large.died
      ? `MISSED: ${missing} of ${LISTS.length * 2} lists not measured, the server died`
      : verdict(value, target, unit)
  const worstOf = <T>(items: T[], by: (item: T) => number) =>
    items.length ? items.reduce((a, b) => (by(b) > by(a) ? b : a)) : undefined
  console.log(
    `\nTargets (issue 30), on this machine (at ${large.size}: hello p99 ${fmt(large.hello.p99, 2)} ms, trivial page p99 ${fmt(large.trivial.p99, 2)} ms):`,
  )
  for (const [when, p99] of [
    ['alone', (c: InvoicesCase) => c.quiet.p99],
    ['under writes', (c: InvoicesCase) => c.busy.p99],
  ] as const) {
    const w = worstOf(lists, p99)
    console.log(
      `- list p99 ≤ ${TARGET.listP99} ms at ${large.size}, ${when}: ${w ? `worst ${fmt(p99(w), 2)} ms (${label(w)})` : 'nothing measured'} → ${judged(w ? p99(w) : Infinity, TARGET.listP99)}`,
    )
  }
  const listPairs = pairs(['list'])
  if (small !== large) {
    const ratios = listPairs.map(({ s, c }) => ({
      c,
      raw: c.quiet.p99 / s.quiet.p99,
      baselined: cost(c.quiet, large.hello) / cost(s.quiet, small.hello),
      busy: c.busy.p99 / s.busy.p99,
      after: percentile(c.afterWrite, 50) / percentile(s.afterWrite, 50),
    }))
    const part = (what: string, key: 'raw' | 'baselined' | 'busy' | 'after') => {
      const w = worstOf(ratios, (x) => x[key])
      return w
        ? `${what} worst ×${fmt(w[key], 2)} (${label(w.c)}) → ${judged(w[key], FLAT, '')}`
        : `${what} not measured`
    }
    console.log(
      `- list flat ${small.size} → ${large.size} (p99 ratio close to 1, read here as ≤ ${FLAT}): ${part('alone', 'raw')}; ${part('cost against hello of each size', 'baselined')}; ${part('under writes', 'busy')}; ${part('first answer after a write', 'after')}`,
    )
  }
  const pdfs = results.flatMap((r) => r.cases.filter((c) => c.kind === 'pdf'))
  const pdfWorst = worstOf(pdfs, worst)
  console.log(
    `- PDF p99 ≤ ${TARGET.pdfP99} ms: ${pdfWorst ? `worst ${fmt(worst(pdfWorst), 2)} ms (alone ${pdfs.map((c) => fmt(c.quiet.p99, 2)).join(', ')}; under writes ${pdfs.map((c) => fmt(c.busy.p99, 2)).join(', ')}) → ${verdict(worst(pdfWorst), TARGET.pdfP99)}` : 'not measured'}${results.some((r) => r.died && !r.cases.some((c) => c.kind === 'pdf')) ? ' (not measured where the server died)' : ''}`,
  )
  const died = results.filter((r) => r.died)
  if (died.length) {
    console.error(
      `- the server lived through the bench → NO: ${died.map((r) => `at ${r.size} invoices, ${r.died} (heap limit ${r.heapMb} MB)`).join('; ')}`,
    )
    process.exitCode = 1
  }
}

if (import.meta.main) {
  ensureWrk()
  printInvoices(
    await benchInvoices(
      (process.env.BENCH_INVOICE_SIZES ?? '5000,50000').split(',').map(Number),
      Number(process.env.BENCH_SECONDS ?? 8),
      process.env.BENCH_INVOICE_HEAP_MB ? Number(process.env.BENCH_INVOICE_HEAP_MB) : undefined,
    ),
  )
}
