// npm run bench: the product's throughput against two baselines measured in the same run.
// Loopback only, every run bounded in time. Figures are machine-dependent: read the ratios.
import { execFileSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createRepositories } from '../../storage/repositories/index.ts'
import { openStore } from '../../storage/open.ts'
import { seedDemoData } from '../../seeds/index.ts'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'
import { freePort } from '../runtime/servers.ts'
import { benchBoard, printBoard } from './board.ts'
import { benchInvoices, printInvoices } from './invoices.ts'
import { lighthousePages, printLighthouse, type LighthouseScores } from './lighthouse.ts'
import { benchLists } from './lists.ts'
import { benchMix, printMix } from './mix.ts'
import { benchPages, printPages } from './pages.ts'
import { benchPlans, printPlans } from './plans.ts'
import { benchQuotes, printQuotes } from './quotes.ts'
import { benchReports, printReports } from './reports.ts'
import { benchVisits, printVisits } from './visits.ts'
import { ensureWrk, wrk, type WrkResult } from './wrk.ts'
import { nodeFlags, peakMemoryMb, PRODUCTION_ENV, root, start, startEnv } from './server.ts'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8)
/** Pages are asked for as browsers ask: gzip accepted (the product compresses, which costs CPU). */
const PAGE_HEADERS = { 'Accept-Encoding': 'gzip' }

ensureWrk()
if (!existsSync(join(root, 'build/node/server.js')))
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
execFileSync('npx', ['react-router', 'build', 'tests/bench/trivial'], { cwd: root, stdio: 'ignore' })

// The product's data: the demo seed plus branches up to 50 in the demo company.
const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'))
{
  const store = await openStore({ driver: 'fs', dataDir })
  await seedDemoData(store, { info: () => {}, error: () => {} })
  const repos = createRepositories(store)
  for (let n = 100; n < 147; n++) {
    await repos.companies.saveBranch({
      COD_EMPRESA: 1,
      COD_FILIAL: n,
      NOM_FILIAL: `Branch ${n}`,
      FLG_PRINCIPAL: 'N',
      PREFIX: `B${n}`,
      TIME_ZONE: 'America/Sao_Paulo',
      ACTIVE: true,
    })
  }
  await store.dispose()
}

const [helloPort, trivialPort, appPort] = [await freePort(), await freePort(), await freePort()]
const children: ChildProcess[] = []
const results: Record<string, WrkResult> = {}
let peak: number
let listRows: number
let listBytes: number
let lighthouse: LighthouseScores[]
try {
  // the baselines run in production mode too (React's production build), as the product does
  const hello = await start(
    ['tests/bench/baselines.ts', 'hello', String(helloPort)],
    { NODE_ENV: 'production' },
    `http://127.0.0.1:${helloPort}/`,
  )
  children.push(hello)
  results.hello = wrk(`http://127.0.0.1:${helloPort}/`, {}, SECONDS)
  hello.kill()

  const trivial = await start(
    ['tests/bench/baselines.ts', 'trivial', String(trivialPort)],
    { NODE_ENV: 'production' },
    `http://127.0.0.1:${trivialPort}/`,
  )
  children.push(trivial)
  results.trivial = wrk(`http://127.0.0.1:${trivialPort}/`, PAGE_HEADERS, SECONDS)
  trivial.kill()

  const base = `http://127.0.0.1:${appPort}`
  const app = await start(
    ['build/node/server.js'],
    { PORT: String(appPort), STORAGE_DRIVER: 'fs', DATA_DIR: dataDir, ...PRODUCTION_ENV },
    `${base}/api/health`,
  )
  children.push(app)
  const signIn = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ADMIN),
  })
  const { accessToken } = (await signIn.json()) as { accessToken: string }
  const tenant = { 'X-Empresa': '1', 'X-Filial': '2' }
  const list = await fetch(`${base}/api/cd_filial?size=50`, {
    headers: { authorization: `Bearer ${accessToken}`, ...tenant },
  })
  const listed = ((await list.json()) as { Dados: { items: unknown[] } }).Dados.items.length
  if (listed !== 50) throw new Error(`the list answered ${listed} records, not 50`)
  // as a browser sends them after sign-in (production's cookie names): a page sets no new CSRF cookie each time
  const pageCookies = `token=${accessToken}; __Host-csrf=benchcsrftoken0123456789abcdef; currentEmpresa=1; currentFilial=2`
  const home = await fetch(`${base}/view/home`, { headers: { cookie: pageCookies }, redirect: 'manual' })
  if (home.status !== 200 || !(await home.text()).includes('Welcome back'))
    throw new Error(`the signed-in home answered ${home.status}`)

  // the quotes pages the bench renders below (asked for before wrk runs: an idle keep-alive connection may be closed meanwhile)
  const quoteList = await fetch(`${base}/api/cd_cotacao?size=1`, {
    headers: { authorization: `Bearer ${accessToken}`, ...tenant },
  })
  const quoteId = ((await quoteList.json()) as { Dados: { items: Array<{ id: string }> } }).Dados.items[0].id
  const listPage = await fetch(`${base}/view/cd_cotacao`, {
    headers: { cookie: pageCookies },
  })
  const listHtml = await listPage.text()
  listRows = (listHtml.match(/data-testid="data-row"/g) ?? []).length
  listBytes = new TextEncoder().encode(listHtml).length

  results.health = wrk(`${base}/api/health`, {}, SECONDS)
  results.list = wrk(`${base}/api/cd_filial?size=50`, { Authorization: `Bearer ${accessToken}`, ...tenant }, SECONDS)
  // issue 25 §7: pages are rendered for each request (nothing is kept); each costs the server's one thread
  results.home = wrk(`${base}/view/home`, { ...PAGE_HEADERS, Cookie: pageCookies }, SECONDS)
  results.quotesRendered = wrk(`${base}/view/cd_cotacao`, { ...PAGE_HEADERS, Cookie: pageCookies }, SECONDS)
  results.quoteRendered = wrk(`${base}/view/cd_cotacao/${quoteId}`, { ...PAGE_HEADERS, Cookie: pageCookies }, SECONDS)
  peak = peakMemoryMb(app.pid!)
  lighthouse = await lighthousePages(base, [
    { page: 'sign-in', path: '/sign-in' },
    {
      page: 'signed-in home',
      path: '/view/home',
      cookies: { token: accessToken, currentEmpresa: '1', currentFilial: '2' },
    },
  ])
} finally {
  for (const child of children) child.kill()
  rmSync(dataDir, { recursive: true, force: true })
}

const rows: Array<[string, string, WrkResult, WrkResult]> = [
  ['bare Hono route (baseline)', 'hello', results.hello, results.hello],
  ['trivial React Router page (baseline)', 'trivial', results.trivial, results.trivial],
  ['GET /api/health', 'hello', results.health, results.hello],
  ['authenticated tenant list, 50 records', 'hello', results.list, results.hello],
  ['signed-in home page (SSR, rendered each time)', 'trivial', results.home, results.trivial],
  ['quotes list page, 20 rows (SSR, rendered each time)', 'trivial', results.quotesRendered, results.trivial],
  ['one quote page (SSR, rendered each time)', 'trivial', results.quoteRendered, results.trivial],
]
const fmt = (n: number, digits = 0) => n.toFixed(digits)
console.log(`\n| case | req/s | p50 ms | p99 ms | ratio to its baseline | errors |\n|---|---:|---:|---:|---:|---:|`)
for (const [name, baseline, r, b] of rows) {
  console.log(
    `| ${name} | ${fmt(r.rps)} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} | ${fmt(r.rps / b.rps, 2)} (${baseline}) | ${r.errors} |`,
  )
}
console.log(
  `\nServer peak memory (VmHWM): ${peak} MB; as npm start runs it: ${Object.entries(startEnv)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ')} ${nodeFlags.join(' ')}`,
)
printLighthouse(lighthouse)
console.log(
  `Targets (issue 14): list ≥ 0.25 of hello → ${fmt(results.list.rps / results.hello.rps, 2)}; home ≥ 0.6 of trivial → ${fmt(results.home.rps / results.trivial.rps, 2)} with p99 ≤ 50 ms → ${fmt(results.home.p99, 1)} ms; memory < 200 MB → ${peak} MB`,
)

// A page's cost on the server's one thread, against the trivial page's (req/s at saturation: 1000 / ms per request).
const msOf = (r: WrkResult) => 1000 / r.rps
console.log(`\n| page rendered each time | ms per request | × trivial page (target ≤ 3 and < 6 ms) |\n|---|---:|---:|`)
for (const [name, r] of [
  ['trivial React Router page', results.trivial],
  ['signed-in home', results.home],
  ['quotes list', results.quotesRendered],
  ['one quote', results.quoteRendered],
] as const) {
  console.log(`| ${name} | ${fmt(msOf(r), 2)} | ${fmt(msOf(r) / msOf(results.trivial), 2)} |`)
}
console.log(
  `Quotes list page: ${listRows} rows in ${fmt(listBytes / 1024, 1)} KB of HTML (target: 20 rows under 40 KB)`,
)

// Every kind of page against the trivial page, alone and under writes; the board's day and week;
// Lighthouse on a phone (issue 46). BENCH_PROFILE=1 adds where each page's CPU goes.
const pages = await benchPages(SECONDS, process.env.BENCH_PROFILE === '1')
printPages(pages)

// The demo lists at three sizes, each against the hello-world baseline of this run.
const sizes = (process.env.BENCH_LIST_SIZES ?? '1000,10000,100000').split(',').map(Number)
// 100,000 records of each kind need more than the default heap: HEAP_MB=512, as the README says.
const lists = await benchLists((args, env, url) => start(args, env, url, 512), sizes, SECONDS)
console.log(`\n| list | records | matched | req/s | p99 ms | ratio to hello |\n|---|---:|---:|---:|---:|---:|`)
for (const l of lists) {
  console.log(
    `| products (search, sort by price, page of 10) | ${l.size} | ${l.productsMatched} | ${fmt(l.products.rps)} | ${fmt(l.products.p99, 2)} | ${fmt(l.products.rps / results.hello.rps, 3)} |`,
  )
  console.log(
    `| mails (inbox, page 1) | ${l.size} | ${l.mailsMatched} | ${fmt(l.mails.rps)} | ${fmt(l.mails.p99, 2)} | ${fmt(l.mails.rps / results.hello.rps, 3)} |`,
  )
}
const at = (n: number) => lists.find((l) => l.size === n)
const [ten, hundred] = [at(10_000), at(100_000)]
if (ten) console.log(`Target: products at 10,000 records p99 < 25 ms → ${fmt(ten.products.p99, 2)} ms`)
if (ten && hundred) {
  const cost = (r: WrkResult) => 1 / r.rps
  console.log(
    `Growth 10,000 → 100,000: products cost ×${fmt(cost(hundred.products) / cost(ten.products), 2)} for ×${fmt(hundred.productsMatched / ten.productsMatched, 2)} matched; mails cost ×${fmt(cost(hundred.mails) / cost(ten.mails), 2)} for ×${fmt(hundred.mailsMatched / ten.mailsMatched, 2)} matched`,
  )
}
// The quotes list at 5,000 and 50,000 quotes, and one quote's PDF (issue 10).
const quotes = await benchQuotes((process.env.BENCH_QUOTE_SIZES ?? '5000,50000').split(',').map(Number), SECONDS)
printQuotes(quotes)
// The dispatch board's week (10 technicians, 500 appointments) and the orders list at 5,000 and
// 50,000 orders, alone and while a dispatcher moves a visit twice a second (issue 28 §7).
const board = await benchBoard((process.env.BENCH_ORDER_SIZES ?? '5000,50000').split(',').map(Number), SECONDS)
printBoard(board)
// The technician's day page and his home, rendered each time, alone and while a dispatcher moves
// one of his visits; 5 photos of 5 MB uploaded at once under the memory bound (issue 29 §7).
const visits = await benchVisits(SECONDS)
printVisits(visits)
// The invoices list at 5,000 and 50,000 invoices (by number, by due date, a search, the overdue ones;
// first and deep pages), its page rendered each time and one invoice's PDF, alone and while the
// office records payments and makes invoices (issue 30).
const invoices = await benchInvoices(
  (process.env.BENCH_INVOICE_SIZES ?? '5000,50000').split(',').map(Number),
  SECONDS,
  process.env.BENCH_INVOICE_HEAP_MB ? Number(process.env.BENCH_INVOICE_HEAP_MB) : undefined,
)
printInvoices(invoices)
// The reports page, the revenue and the cash flow over two years of four branches with 5,000 and
// 50,000 invoices and 40 % as many payables, alone and while the office records payments (issue 44 §6).
const reportsBench = await benchReports(
  (process.env.BENCH_REPORT_SIZES ?? '5000,50000').split(',').map(Number),
  SECONDS,
)
printReports(reportsBench)
// The maintenance plans' scheduled run making a month of orders for 2,000 plans of 5 machines, and
// the board and the lists meanwhile (issue 47 §5).
const plans = await benchPlans(Number(process.env.BENCH_PLANS ?? 2000), Number(process.env.BENCH_PLAN_MONTHS ?? 6))
printPlans(plans)
mkdirSync(join(root, 'tests/artifacts'), { recursive: true })
writeFileSync(
  join(root, 'tests/artifacts/bench.json'),
  JSON.stringify(
    {
      seconds: SECONDS,
      results,
      peakMemoryMb: peak,
      lighthouse,
      lists,
      quotes,
      board,
      visits,
      invoices,
      reports: reportsBench,
      plans,
      pages,
      quotesPage: { rows: listRows, bytes: listBytes },
    },
    null,
    2,
  ),
)
// The realistic mix (issue 25 §7): 20 sessions reading, one office worker writing.
const mix = await benchMix()
printMix(mix)
writeFileSync(join(root, 'tests/artifacts/bench-mix.json'), JSON.stringify(mix))
// Crash and concurrency soak (issue 14 §4): SIGKILLed servers under mixed traffic, fs and redis.
if (process.env.SOAK_SECONDS !== '0')
  execFileSync(process.execPath, ['tests/bench/soak.ts'], { cwd: root, stdio: 'inherit' })
