// npm run bench runs this last (issue 25 §7): a realistic mix, not one page asked again and again.
// 20 signed-in sessions in both demo companies (the admin in each, the technician in the first)
// ask for pages as a browser does — document loads (gzip) and in-app navigations (React Router's
// .data requests) of the home, the lists and records — while one office worker saves a client
// twice a second. First the readers go as fast as they are answered, then at a busy office's
// pace (a second between a reader's pages on average, readers out of step). Loopback only; every loop ends by its deadline.
import { DEMO_ADMIN, DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { withSeededServer } from './server.ts'

const SECONDS = Number(process.env.MIX_SECONDS ?? 15)
const READERS = 20
const WRITES_PER_SECOND = 2

type Session = { cookie: string; paths: string[] }
/** Times of the answers that succeeded; what the others were (a status, or 'failed'), counted. */
type Timing = { ms: number[]; errors: number; refused: Record<string, number> }

const refuse = (timing: Timing, what: string) => {
  timing.errors++
  timing.refused[what] = (timing.refused[what] ?? 0) + 1
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

async function signIn(base: string, who: { email: string; password: string }) {
  const res = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  })
  if (!res.ok) throw new Error(`sign-in answered ${res.status}`)
  return ((await res.json()) as { accessToken: string }).accessToken
}

/** The pages a session moves between: its home, the lists its role opens, and a few records of each. */
async function sessionOf(
  base: string,
  who: { email: string; password: string },
  empresa: number,
  filial: number,
  lists: string[],
): Promise<Session> {
  const token = await signIn(base, who)
  const headers = { authorization: `Bearer ${token}`, 'x-empresa': String(empresa), 'x-filial': String(filial) }
  const records: string[] = []
  for (const list of lists) {
    const res = await fetch(`${base}/api/${list}?size=3`, { headers })
    if (!res.ok) continue
    const items = ((await res.json()) as { Dados: { items: Array<{ id: string }> } }).Dados.items
    records.push(...items.map((item) => `/view/${list}/${item.id}`))
  }
  return {
    cookie: `token=${token}; __Host-csrf=benchcsrftoken0123456789abcdef; currentEmpresa=${empresa}; currentFilial=${filial}`,
    paths: ['/view/home', ...lists.map((l) => `/view/${l}`), ...records],
  }
}

/** A reader's pause: `pause` ms on average, between half and one and a half of it (people do not read in step). */
const pauseOf = (pause: number) => pause * (0.5 + Math.random())

/**
 * One reader: a page after the other until the deadline, about `pause` ms between them, the first
 * within the first pause (readers started together would ask in bursts); 4 in 10 are document loads.
 */
async function read(base: string, session: Session, deadline: number, pause: number, timing: Timing) {
  let n = 0
  if (pause) await new Promise((resolve) => setTimeout(resolve, Math.random() * pause))
  while (Date.now() < deadline) {
    const path = session.paths[n++ % session.paths.length]
    const document = Math.random() < 0.4
    const began = performance.now()
    try {
      const res = await fetch(`${base}${document ? path : `${path}.data`}`, {
        headers: { cookie: session.cookie, 'accept-encoding': 'gzip' },
        redirect: 'manual',
        signal: AbortSignal.timeout(10_000),
      })
      await res.arrayBuffer()
      if (res.status !== 200) refuse(timing, String(res.status))
      else timing.ms.push(performance.now() - began)
    } catch {
      refuse(timing, 'failed')
    }
    if (pause) await new Promise((resolve) => setTimeout(resolve, pauseOf(pause)))
  }
}

/** The office worker: a client's notes saved twice a second (If-Match, as the form does), each timed. */
async function write(base: string, deadline: number, timing: Timing) {
  const headers = {
    authorization: `Bearer ${await signIn(base, DEMO_ADMIN)}`,
    'x-empresa': '1',
    'x-filial': '2',
    'content-type': 'application/json',
  }
  const clients = (
    (await (await fetch(`${base}/api/cd_cliente?size=10`, { headers })).json()) as {
      Dados: { items: Array<{ id: string }> }
    }
  ).Dados.items
  let n = 0
  while (Date.now() < deadline) {
    const next = Date.now() + 1000 / WRITES_PER_SECOND
    const id = clients[n++ % clients.length].id
    const began = performance.now()
    try {
      const current = await fetch(`${base}/api/cd_cliente/${id}`, { headers })
      await current.arrayBuffer()
      const res = await fetch(`${base}/api/cd_cliente/${id}`, {
        method: 'PATCH',
        headers: { ...headers, 'if-match': current.headers.get('etag')! },
        body: JSON.stringify({ notes: `Mix ${n}` }),
        signal: AbortSignal.timeout(10_000),
      })
      await res.arrayBuffer()
      if (res.ok) timing.ms.push(performance.now() - began)
      else refuse(timing, String(res.status))
    } catch {
      refuse(timing, 'failed')
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())))
  }
}

async function run(base: string, sessions: Session[], pause: number) {
  const deadline = Date.now() + SECONDS * 1000
  const pages: Timing = { ms: [], errors: 0, refused: {} }
  const writes: Timing = { ms: [], errors: 0, refused: {} }
  await Promise.all([...sessions.map((s) => read(base, s, deadline, pause, pages)), write(base, deadline, writes)])
  return { pages, writes, pagesPerSecond: pages.ms.length / SECONDS }
}

export async function benchMix() {
  return withSeededServer(
    'mix',
    async () => {},
    async ({ base }) => {
      const field = ['cd_cliente', 'cd_cotacao', 'cd_job']
      const sessions: Session[] = []
      for (let i = 0; i < READERS; i++) {
        // the technician in his branch of the first company; the admin in each company's main branch
        if (i % 3 === 2) sessions.push(await sessionOf(base, DEMO_TECHNICIAN, 1, 1, ['cd_cliente', 'cd_job']))
        else sessions.push(await sessionOf(base, DEMO_ADMIN, i % 2 ? 2 : 1, i % 2 ? 4 : 2, field))
      }
      const fast = await run(base, sessions, 0)
      const paced = await run(base, sessions, 1000)
      return { fast, paced }
    },
  )
}

export function printMix(mix: Awaited<ReturnType<typeof benchMix>>) {
  const row = (name: string, r: (typeof mix)['fast']) =>
    `| ${name} | ${r.pagesPerSecond.toFixed(0)} | ${percentile(r.pages.ms, 50).toFixed(1)} | ${percentile(r.pages.ms, 99).toFixed(1)} | ${percentile(r.writes.ms, 50).toFixed(1)} | ${percentile(r.writes.ms, 99).toFixed(1)} | ${r.pages.errors + r.writes.errors} |`
  console.log(
    `\n| realistic mix (${READERS} sessions, ${WRITES_PER_SECOND} writes/s, ${SECONDS} s) | pages/s | page p50 ms | page p99 ms | write p50 ms | write p99 ms | errors |\n|---|---:|---:|---:|---:|---:|---:|`,
  )
  console.log(row('readers as fast as answered', mix.fast))
  console.log(row('a second between a reader’s pages', mix.paced))
  const refused = [mix.fast, mix.paced].flatMap((r) => [
    ...Object.entries(r.pages.refused),
    ...Object.entries(r.writes.refused),
  ])
  if (refused.length) console.log(`Not answered 200: ${refused.map(([what, n]) => `${what} × ${n}`).join(', ')}`)
  console.log(
    `Targets (issue 25 §7): writes p99 ≤ 100 ms → ${percentile(mix.fast.writes.ms, 99).toFixed(1)} ms; paced page p99 ≤ 25 ms → ${percentile(mix.paced.pages.ms, 99).toFixed(1)} ms; pages/s at least twice the figure before the issue`,
  )
}

if (import.meta.url === `file://${process.argv[1]}`) printMix(await benchMix())
