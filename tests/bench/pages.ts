// The pages' benchmark (issue 46 §2): every kind of page, rendered for each request, asked as a
// browser asks (gzip), side by side with the trivial React Router page in one run: what a request
// costs the server's one thread (1000 / req/s at saturation) and its latency, alone and while
// a dispatcher moves a visit twice a second; the board's day and week (10 technicians × 500
// appointments) by their p99. On the fs storage of npm start, the production build. Run alone:
// node tests/bench/pages.ts (after npm run build); npm run bench runs it first. BENCH_PROFILE=1
// also starts a server per page under --cpu-prof and prints where its time goes (tests/bench/profile.ts);
// BENCH_PAGES=<regexp> measures only the pages it names.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { freePort } from '../runtime/servers.ts'
import { BOARD_WEEK, fillBoard, moving, percentile, WRITES_PER_SECOND, type Writes } from './board.ts'
import { lighthousePages, printLighthouse, type LighthouseScores } from './lighthouse.ts'
import { profileSummary, printProfile, type ProfileSummary } from './profile.ts'
import { PRODUCTION_ENV, root, start, withSeededServer, withTrivialPage } from './server.ts'
import { ensureWrk, wrkAsync, type WrkResult } from './wrk.ts'

const CSRF = 'benchcsrftoken0123456789abcdef'
/** The main branch's orders: the demo's, the board's week's 500 and as many more. */
const ORDERS = 1_060

/**
 * A run of one page: what a request costs the server's one thread (ms per request at saturation,
 * 1000 / req/s on 10 connections: the measure of the issues' ratios), and its latency as one user
 * asks for it (one connection: the board's p99 targets).
 */
export type PageRun = { cpuMs: number; saturated: WrkResult; alone: WrkResult }
export type PageCase = { name: string; kind: Page['kind']; quiet: PageRun; busy: PageRun; writes: Writes }
export type PagesBench = {
  trivial: PageRun
  cases: PageCase[]
  lighthouse: LighthouseScores[]
  profiles: Array<{ name: string } & ProfileSummary>
}

async function measure(url: string, headers: Record<string, string>, seconds: number): Promise<PageRun> {
  const saturated = await wrkAsync(url, headers, seconds, 10)
  const alone = await wrkAsync(url, headers, seconds, 1)
  return { cpuMs: 1000 / saturated.rps, saturated, alone }
}

/** floor: the frame around the smallest page, what every page costs at least (no target of its own). */
type Page = { name: string; kind: 'floor' | 'page' | 'board'; path: string; as: 'office' | 'technician'; shows: RegExp }

export async function benchPages(seconds: number, profile = false, only: RegExp | null = null): Promise<PagesBench> {
  execFileSync('npx', ['react-router', 'build', 'tests/bench/trivial'], { cwd: root, stdio: 'ignore' })
  const trivial = await withTrivialPage((url) => measure(url, { 'Accept-Encoding': 'gzip' }, seconds))

  let dataDir = ''
  return withSeededServer(
    'pages',
    (store, dir) => {
      dataDir = dir
      return fillBoard(store, ORDERS)
    },
    async ({ base, headers }) => {
      const first = async (module: string) => {
        const res = await fetch(`${base}/api/${module}?size=1`, { headers })
        const id = ((await res.json()) as { Dados: { items: Array<{ id: string }> } }).Dados.items[0]?.id
        if (!id) throw new Error(`no ${module} to open`)
        return id
      }
      const technician = (await (
        await fetch(`${base}/api/auth/sign-in`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(DEMO_TECHNICIAN),
        })
      ).json()) as { accessToken: string }
      const techHeaders = { Authorization: `Bearer ${technician.accessToken}`, 'X-Empresa': '1', 'X-Filial': '2' }
      const visits = (await (await fetch(`${base}/api/cd_techorders`, { headers: techHeaders })).json()) as {
        Dados: Array<{ id: string }>
      }
      const board = (await (
        await fetch(`${base}/api/cd_ordemagendamento/board?from=${BOARD_WEEK[0]}&to=${BOARD_WEEK[6]}`, { headers })
      ).json()) as { Dados: { appointments: Array<{ id: string; start: string; end: string }> } }
      const cookie = (token: string) => `token=${token}; __Host-csrf=${CSRF}; currentEmpresa=1; currentFilial=2`
      const pageHeaders = {
        office: { 'Accept-Encoding': 'gzip', Cookie: cookie(headers.Authorization.replace(/^Bearer /, '')) },
        technician: { 'Accept-Encoding': 'gzip', Cookie: cookie(technician.accessToken) },
      }
      const all: Page[] = [
        // the frame with a small page in it: the floor under every page below
        { name: 'frame (my account)', kind: 'floor', path: '/view/myaccount', as: 'office', shows: /<h1/ },
        { name: 'home', kind: 'page', path: '/view/home', as: 'office', shows: /data-testid="home-card-/ },
        ...(
          [
            ['quotes', 'cd_cotacao'],
            ['orders', 'cd_ordem'],
            ['invoices', 'cd_invoice'],
            ['clients', 'cd_cliente'],
          ] as const
        ).map(([name, module]): Page => ({
          name: `${name} list`,
          kind: 'page',
          path: `/view/${module}`,
          as: 'office',
          shows: /data-testid="data-row"/,
        })),
        ...(await Promise.all(
          (
            [
              ['quote', 'cd_cotacao'],
              ['order', 'cd_ordem'],
              ['invoice', 'cd_invoice'],
              ['client', 'cd_cliente'],
            ] as const
          ).map(async ([name, module]): Promise<Page> => ({
            name: `one ${name}`,
            kind: 'page',
            path: `/view/${module}/${await first(module)}`,
            as: 'office',
            shows: /<h1/,
          })),
        )),
        {
          name: "technician's day",
          kind: 'page',
          path: '/view/cd_techorders',
          as: 'technician',
          shows: /data-testid="visit"/,
        },
        {
          name: 'visit page',
          kind: 'page',
          path: `/view/cd_techorders/${visits.Dados[0].id}`,
          as: 'technician',
          shows: /<h1/,
        },
        {
          name: 'board, day (10 technicians)',
          kind: 'board',
          path: `/view/cd_ordemagendamento?view=day&date=${BOARD_WEEK[2]}`,
          as: 'office',
          shows: /data-testid="agenda-visit"/,
        },
        {
          name: 'board, week (10 technicians, 500 appointments)',
          kind: 'board',
          path: `/view/cd_ordemagendamento?view=week&date=${BOARD_WEEK[0]}`,
          as: 'office',
          shows: /data-testid="agenda-visit"/,
        },
      ]
      // BENCH_PAGES=week: only the pages whose names it matches (a profile of one page)
      const pages = all.filter((page) => !only || only.test(page.name))
      if (pages.length === 0)
        throw new Error(`BENCH_PAGES=${only?.source} names none of: ${all.map((p) => p.name).join(', ')}`)
      // what is measured answers what it should
      for (const page of pages) {
        const res = await fetch(`${base}${page.path}`, {
          headers: { Cookie: pageHeaders[page.as].Cookie },
          redirect: 'manual',
        })
        const html = await res.text()
        if (res.status !== 200 || !page.shows.test(html))
          throw new Error(`${page.name} (${page.path}) answered ${res.status} without ${page.shows}`)
      }

      const moved = board.Dados.appointments[0]
      const cases: PageCase[] = []
      for (const page of pages) {
        const url = `${base}${page.path}`
        const quiet = await measure(url, pageHeaders[page.as], seconds)
        let stop = false
        const writer = moving(base, headers, moved, () => stop)
        const busy = await measure(url, pageHeaders[page.as], seconds)
        stop = true
        cases.push({ name: page.name, kind: page.kind, quiet, busy, writes: await writer })
      }

      // issue 46 §3: what a phone on a slow line sees of the home, a list, a record, the board and the visit page
      const lighthousePaths = ['home', 'quotes list', 'one quote', 'board, day (10 technicians)', 'visit page']
        .flatMap((name) => pages.filter((p) => p.name === name))
        .map((page) => {
          const token = page.as === 'office' ? headers.Authorization.replace(/^Bearer /, '') : technician.accessToken
          return { page: page.name, path: page.path, cookies: { token, currentEmpresa: '1', currentFilial: '2' } }
        })
      const lighthouse = lighthousePaths.length ? await lighthousePages(base, lighthousePaths) : []

      const profiles: PagesBench['profiles'] = []
      if (profile) {
        for (const page of pages) {
          const dir = mkdtempSync(join(tmpdir(), 'bench-profile-'))
          const port = await freePort()
          const server = await start(
            ['--cpu-prof', `--cpu-prof-dir=${dir}`, 'build/node/server.js'],
            { PORT: String(port), STORAGE_DRIVER: 'fs', DATA_DIR: dataDir, ...PRODUCTION_ENV },
            `http://127.0.0.1:${port}/api/health`,
          )
          const url = `http://127.0.0.1:${port}${page.path}`
          await wrkAsync(url, pageHeaders[page.as], seconds, 1)
          const exited = new Promise((resolve) => server.once('exit', resolve))
          server.kill('SIGTERM')
          await exited
          profiles.push({ name: page.name, ...profileSummary(dir) })
          rmSync(dir, { recursive: true, force: true })
        }
      }
      return { trivial, cases, lighthouse, profiles }
    },
  )
}

export function printPages({ trivial, cases, lighthouse, profiles }: PagesBench) {
  const fmt = (n: number, digits = 2) => n.toFixed(digits)
  console.log(
    `\n| page (rendered each time, gzip) | ms per request (1000 / req/s, 10 connections) | × trivial | p50 ms (1 connection) | p99 ms (1 connection) | with ${WRITES_PER_SECOND} moves/s: ms per request | × trivial | p99 ms (1 connection) | moves 2xx | target | met |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|`,
  )
  console.log(
    `| trivial React Router page (baseline) | ${fmt(trivial.cpuMs)} | 1.00 | ${fmt(trivial.alone.p50)} | ${fmt(trivial.alone.p99)} | | | | | | |`,
  )
  for (const c of cases) {
    const ratio = (r: PageRun) => r.cpuMs / trivial.cpuMs
    const worst = Math.max(ratio(c.quiet), ratio(c.busy))
    const p99 = Math.max(c.quiet.alone.p99, c.busy.alone.p99)
    const [target, met] =
      c.kind === 'floor'
        ? ['(the floor: no target)', null]
        : c.kind === 'page'
          ? ['≤ 3× and < 6 ms', worst <= 3 && Math.max(c.quiet.cpuMs, c.busy.cpuMs) < 6]
          : c.name.includes('week')
            ? ['p99 ≤ 50 ms', p99 <= 50]
            : ['p99 ≤ 20 ms', p99 <= 20]
    console.log(
      `| ${c.name} | ${fmt(c.quiet.cpuMs)} | ${fmt(ratio(c.quiet))} | ${fmt(c.quiet.alone.p50)} | ${fmt(c.quiet.alone.p99)} | ${fmt(c.busy.cpuMs)} | ${fmt(ratio(c.busy))} | ${fmt(c.busy.alone.p99)} | ${c.writes.ok} (p99 ${fmt(percentile(c.writes.ms, 99), 1)} ms) | ${target} | ${met === null ? '' : met ? 'yes' : 'NO'} |`,
    )
  }
  if (lighthouse.length) {
    printLighthouse(lighthouse)
    const slow = lighthouse.filter((s) => !(s.lcpMs <= 1700 && s.performance === 100))
    console.log(
      `Target (issue 46 §3): LCP ≤ 1.7 s and performance 100 → ${slow.length ? `NOT met: ${slow.map((s) => s.page).join(', ')}` : 'met'}`,
    )
  }
  for (const p of profiles) printProfile(p.name, p)
}

if (import.meta.main) {
  ensureWrk()
  printPages(
    await benchPages(
      Number(process.env.BENCH_SECONDS ?? 5),
      process.env.BENCH_PROFILE === '1',
      process.env.BENCH_PAGES ? new RegExp(process.env.BENCH_PAGES) : null,
    ),
  )
}
