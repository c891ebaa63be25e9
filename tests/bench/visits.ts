// The technician's day benchmark (issue 29 §7): the demo technician's day page and his home (which
// shows his day), rendered for each request, against the trivial React Router page of the same run,
// each alone and then while a dispatcher moves one of his visits twice a second; then 5 photos of
// about 5 MB uploaded at once to five of his visits, a few rounds, with the server's peak memory
// (target: under 200 MB). On the fs storage of npm start, over the demo data. Run alone:
// node tests/bench/visits.ts (after npm run build); npm run bench runs it too.
import { existsSync, readFileSync } from 'node:fs'
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { UPLOAD_MAX_BYTES } from '../../domain/upload-limits.ts'
import { MAX_VISIT_PHOTOS, PHOTO_MAX_SIDE } from '../../domain/schemas/appointments.ts'
import { DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { noisyPng } from '../shared/png.ts'
import { peakMemoryMb, root, start, withSeededServer, withTrivialPage } from './server.ts'
import { ensureWrk, wrkAsync, type WrkResult } from './wrk.ts'
import { moving, percentile, WRITES_PER_SECOND, type Writes } from './board.ts'

/** Photos sent at once, and how many times. */
const UPLOADS_AT_ONCE = 5
const UPLOAD_ROUNDS = 4
/** A noisy PNG of this size weighs about 5 MB (tests/shared/png.ts), as a phone's photo does. */
const PHOTO_SIDES = [1400, 1200] as const
const MEMORY_BOUND_MB = 200
/** As a browser sends them after sign-in (production's cookie names). */
const CSRF = 'benchcsrftoken0123456789abcdef'

export type VisitsCase = { name: string; quiet: WrkResult; busy: WrkResult; writes: Writes }
export type VisitsBench = {
  /** The trivial React Router page on one connection, as the pages are asked for. */
  trivial: WrkResult
  dayVisits: number
  dayBytes: number
  homeBytes: number
  cases: VisitsCase[]
  uploads: {
    photoBytes: number
    rounds: number
    atOnce: number
    ms: number[]
    /** The server's resident memory: VmHWM before and after the uploads, VmRSS polled during them (MB). */
    hwmBeforeMb: number
    hwmAfterMb: number
    polledMb: number
  }
}

type Visit = {
  id: string
  appointmentId: string
  status: string
  start: string
  end: string
  photos: Array<{ id: string }>
}

/** Resident memory of a process now (VmRSS), in MB. */
const rssMb = (pid: number) =>
  Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)?.[1]) / 1024

/**
 * `UPLOAD_ROUNDS` rounds of a photo sent to each of `UPLOADS_AT_ONCE` visits at once (one a visit:
 * two at once on one visit, as the app sends them without waiting, are a 412 for the later one),
 * each answered 200 (else an error), the round's photos taken off again (a visit holds at most
 * MAX_VISIT_PHOTOS); the server's resident memory polled meanwhile.
 */
async function uploading(base: string, headers: Record<string, string>, visits: Visit[], pid: number) {
  const [width, height] = PHOTO_SIDES
  const png = noisyPng(width, height)
  if (png.length > UPLOAD_MAX_BYTES || Math.max(width, height) > PHOTO_MAX_SIDE)
    throw new Error(`the bench's photo (${png.length} bytes, ${width}×${height}) is over the limits`)
  const targets = visits.filter((v) => v.photos.length < MAX_VISIT_PHOTOS).slice(0, UPLOADS_AT_ONCE)
  if (targets.length < UPLOADS_AT_ONCE)
    throw new Error(`the technician has ${targets.length} open visits with room for a photo, not ${UPLOADS_AT_ONCE}`)
  const hwmBeforeMb = peakMemoryMb(pid)
  let polledMb = rssMb(pid)
  const poll = setInterval(() => (polledMb = Math.max(polledMb, rssMb(pid))), 10)
  const ms: number[] = []
  try {
    for (let round = 0; round < UPLOAD_ROUNDS; round++) {
      const added = await Promise.all(
        targets.map(async (visit) => {
          const form = new FormData()
          form.set('photo', new File([png], 'bench.png', { type: 'image/png' }))
          form.set('label', 'before')
          const sent = performance.now()
          const res = await fetch(`${base}/api/cd_techorders/${visit.id}/photos`, {
            method: 'POST',
            headers,
            body: form,
            signal: AbortSignal.timeout(60_000),
          })
          const text = await res.text()
          if (res.status !== 200) throw new Error(`a photo upload answered ${res.status}: ${text.slice(0, 300)}`)
          ms.push(performance.now() - sent)
          const photos = (JSON.parse(text) as { Dados: Visit }).Dados.photos
          return { visit, ids: photos.filter((p) => !visit.photos.some((q) => q.id === p.id)).map((p) => p.id) }
        }),
      )
      for (const { visit, ids } of added) {
        for (const id of ids) {
          const res = await fetch(`${base}/api/cd_techorders/${visit.id}/photos/${id}`, { method: 'DELETE', headers })
          await res.arrayBuffer()
          if (res.status !== 200) throw new Error(`taking photo ${id} off answered ${res.status}`)
        }
      }
    }
  } finally {
    clearInterval(poll)
  }
  return {
    photoBytes: png.length,
    rounds: UPLOAD_ROUNDS,
    atOnce: UPLOADS_AT_ONCE,
    ms,
    hwmBeforeMb,
    hwmAfterMb: peakMemoryMb(pid),
    polledMb: Math.round(polledMb),
  }
}

export async function benchVisits(seconds: number): Promise<VisitsBench> {
  // the baseline: the trivial page on one connection, as the pages below are asked for
  const trivial = await withTrivialPage((url) => wrkAsync(url, { 'Accept-Encoding': 'gzip' }, seconds, 1))

  let pid = 0
  return withSeededServer(
    'visits',
    async () => {},
    async ({ base, headers: dispatcher }) => {
      const signIn = await fetch(`${base}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(DEMO_TECHNICIAN),
      })
      const { accessToken } = (await signIn.json()) as { accessToken: string }
      const headers = { Authorization: `Bearer ${accessToken}`, 'X-Empresa': '1', 'X-Filial': '2' }
      const pageHeaders = {
        'Accept-Encoding': 'gzip',
        Cookie: `token=${accessToken}; __Host-csrf=${CSRF}; currentEmpresa=1; currentFilial=2`,
      }

      // what is measured answers what it should: his visits, his day page and his home showing it
      const listed = await fetch(`${base}/api/cd_techorders`, { headers })
      const visits = ((await listed.json()) as { Dados: Visit[] }).Dados
      const open = visits.filter((v) => ['assigned', 'en_route', 'on_site'].includes(v.status))
      const moved = open.find((v) => v.status === 'assigned')
      if (listed.status !== 200 || !moved) throw new Error(`the technician's visits answered ${listed.status}`)
      const dayUrl = `${base}/view/cd_techorders`
      const homeUrl = `${base}/view/home`
      const day = await fetch(dayUrl, { headers: { Cookie: pageHeaders.Cookie }, redirect: 'manual' })
      const dayHtml = await day.text()
      const dayVisits = (dayHtml.match(/data-testid="visit"/g) ?? []).length
      if (day.status !== 200 || dayVisits === 0)
        throw new Error(`the day page answered ${day.status} with ${dayVisits} visits`)
      const home = await fetch(homeUrl, { headers: { Cookie: pageHeaders.Cookie }, redirect: 'manual' })
      const homeHtml = await home.text()
      if (home.status !== 200 || !homeHtml.includes('data-testid="day-list"'))
        throw new Error(`the technician's home answered ${home.status} without his day`)

      // the uploads first, on the server as it started: its peak memory (VmHWM) while it takes them
      const uploads = await uploading(base, headers, open, pid)
      const cases: VisitsCase[] = []
      // a page costs the server's one thread: one connection, as the technician asks for it
      for (const [name, url] of [
        ["technician's day page (SSR, rendered each time, 1 connection)", dayUrl],
        ["technician's home, his day (SSR, rendered each time, 1 connection)", homeUrl],
      ] as const) {
        const quiet = await wrkAsync(url, pageHeaders, seconds, 1)
        let stop = false
        const writer = moving(base, dispatcher, { ...moved, id: moved.appointmentId }, () => stop)
        const busy = await wrkAsync(url, pageHeaders, seconds, 1)
        stop = true
        cases.push({ name, quiet, busy, writes: await writer })
      }
      return {
        trivial,
        dayVisits,
        dayBytes: new TextEncoder().encode(dayHtml).length,
        homeBytes: new TextEncoder().encode(homeHtml).length,
        cases,
        uploads,
      }
    },
    async (args, env, readyUrl) => {
      const child = await start(args, env, readyUrl)
      pid = child.pid!
      return child
    },
  )
}

/** The peak of the server's resident memory over the uploads and before (MB). */
const uploadPeakMb = (r: VisitsBench) => Math.max(r.uploads.hwmAfterMb, r.uploads.polledMb)

export function printVisits(r: VisitsBench) {
  const fmt = (n: number, digits = 0) => n.toFixed(digits)
  const msOf = (w: WrkResult) => 1000 / w.rps
  console.log(
    `\n| technician's day (${WRITES_PER_SECOND} moves/s of one of his visits while busy) | req/s | p50 ms | p99 ms | ms per request × trivial | busy req/s | busy p50 ms | busy p99 ms | moves answered 2xx | move p50 ms | move p99 ms | errors |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`,
  )
  const t = r.trivial
  console.log(
    `| trivial React Router page (baseline, 1 connection) | ${fmt(t.rps)} | ${fmt(t.p50, 2)} | ${fmt(t.p99, 2)} | 1.00 | | | | | | | ${t.errors} |`,
  )
  for (const c of r.cases) {
    const refused = Object.values(c.writes.refused).reduce((s, n) => s + n, 0)
    console.log(
      `| ${c.name} | ${fmt(c.quiet.rps)} | ${fmt(c.quiet.p50, 2)} | ${fmt(c.quiet.p99, 2)} | ${fmt(msOf(c.quiet) / msOf(t), 2)} | ${fmt(c.busy.rps)} | ${fmt(c.busy.p50, 2)} | ${fmt(c.busy.p99, 2)} | ${c.writes.ok} in ${fmt(c.writes.seconds, 1)} s | ${fmt(percentile(c.writes.ms, 50), 1)} | ${fmt(percentile(c.writes.ms, 99), 1)} | ${c.quiet.errors + c.busy.errors + refused} |`,
    )
  }
  const u = r.uploads
  console.log(
    `His day page: ${r.dayVisits} visits in ${fmt(r.dayBytes / 1024, 1)} KB of HTML; his home ${fmt(r.homeBytes / 1024, 1)} KB. Photos: ${u.rounds} rounds of ${u.atOnce} at once, each a PNG of ${fmt(u.photoBytes / 1024 / 1024, 2)} MB, answered in p50 ${fmt(percentile(u.ms, 50))} ms, at most ${fmt(Math.max(...u.ms))} ms; server memory VmHWM ${u.hwmBeforeMb} MB before them, ${u.hwmAfterMb} MB after, VmRSS polled during them at most ${u.polledMb} MB`,
  )
  const worst = (prefix: string) => {
    const c = r.cases.find((x) => x.name.startsWith(prefix))!
    return Math.max(c.quiet.p99, c.busy.p99)
  }
  console.log(
    `Targets (issue 29 §7): day page p99 ≤ 50 ms → ${fmt(worst("technician's day"), 2)} ms; home p99 ≤ 50 ms → ${fmt(worst("technician's home"), 2)} ms (worst of quiet and busy; trivial page p99 ${fmt(t.p99, 2)} ms); ${u.atOnce} uploads of 5 MB at once, peak memory < ${MEMORY_BOUND_MB} MB → ${uploadPeakMb(r)} MB`,
  )
  if (uploadPeakMb(r) >= MEMORY_BOUND_MB) {
    console.error(`The server's peak memory with ${u.atOnce} uploads at once reached ${uploadPeakMb(r)} MB`)
    process.exitCode = 1
  }
}

if (import.meta.main) {
  ensureWrk()
  if (!existsSync(join(root, 'build/bench-trivial/server/index.js')))
    execFileSync('npx', ['react-router', 'build', 'tests/bench/trivial'], { cwd: root, stdio: 'ignore' })
  printVisits(await benchVisits(Number(process.env.BENCH_SECONDS ?? 8)))
}
