// How the benchmarks start servers: with the Node flags and environment of `npm start`.
import { spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { seedDemoData } from '../../seeds/index.ts'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'
import { openStore } from '../../storage/open.ts'
import type { Store } from '../../storage/store.ts'
import { freePort } from '../runtime/servers.ts'

export const root = join(import.meta.dirname, '../..')

// Every server runs with the Node flags of `npm start`, baselines included.
const startScript = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } })
  .scripts.start
// BENCH_NODE_FLAGS adds flags to the measured servers (--trace-gc, --cpu-prof ...); BENCH_SERVER_LOG
// names a file their standard output goes to.
const flagsFor = (heapMb?: number) => [
  ...startScript
    .split(/\s+/)
    .filter((part) => part.startsWith('--'))
    .map((flag) => flag.replace(/\$\{HEAP_MB:-(\d+)\}/, (_, fallback: string) => String(heapMb ?? fallback))),
  ...(process.env.BENCH_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? []),
]
export const nodeFlags = flagsFor()
/** The environment `npm start` sets before node (MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-2} ...). */
export const startEnv = Object.fromEntries(
  [...startScript.matchAll(/(?:^|\s)(\w+)=\$\{\w+:-([^}]+)\}/g)].map((m) => [m[1], m[2]]),
)

export function start(
  args: string[],
  env: Record<string, string>,
  readyUrl: string,
  heapMb?: number,
  /** How long it may take to answer (a start that works out what its data lacks takes longer). */
  readyWithinMs = 30_000,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...flagsFor(heapMb), ...args], {
    cwd: root,
    env: { ...process.env, ...startEnv, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  if (process.env.BENCH_SERVER_LOG) child.stdout!.pipe(createWriteStream(process.env.BENCH_SERVER_LOG, { flags: 'a' }))
  else child.stdout!.resume()
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + readyWithinMs
    const poll = async () => {
      try {
        if ((await fetch(readyUrl)).ok) return resolve(child)
      } catch {
        // not up yet
      }
      if (Date.now() > deadline || child.exitCode !== null)
        return reject(new Error(`server did not start: ${args.join(' ')}`))
      setTimeout(poll, 200)
    }
    void poll()
  })
}

/** Peak resident memory of a process so far (VmHWM), in MB. */
export function peakMemoryMb(pid: number): number {
  const kb = Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmHWM:\s+(\d+) kB/)?.[1])
  return Math.round(kb / 1024)
}

/** The settings of a production start (what the benchmarks measure): a secret and the public address are required. */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  JWT_SECRET: 'bench-secret-0123456789-abcdefghijklmnop',
  PUBLIC_URL: 'https://bench.example',
}

type Starter = (args: string[], env: Record<string, string>, readyUrl: string) => Promise<{ kill(): void }>

/**
 * A production server over a fresh fs data dir holding the demo data and what `fill` adds: `use`
 * gets its address and the demo admin's headers in the demo company's main branch; the server
 * and its data go afterwards.
 */
export async function withSeededServer<T>(
  name: string,
  /** What the server's data holds besides the demo's: written to the store in `dataDir` before it starts. */
  fill: (store: Store, dataDir: string) => Promise<void>,
  use: (server: { base: string; headers: Record<string, string>; seedSeconds: number }) => Promise<T>,
  starter: Starter = start,
): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), `bench-${name}-`))
  try {
    const began = performance.now()
    const store = await openStore({ driver: 'fs', dataDir })
    await seedDemoData(store, { info: () => {}, error: () => {} })
    await fill(store, dataDir)
    await store.dispose()
    const seedSeconds = (performance.now() - began) / 1000
    const port = await freePort()
    const base = `http://127.0.0.1:${port}`
    const app = await starter(
      ['build/node/server.js'],
      { PORT: String(port), STORAGE_DRIVER: 'fs', DATA_DIR: dataDir, ...PRODUCTION_ENV },
      `${base}/api/health`,
    )
    try {
      const signIn = await fetch(`${base}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(DEMO_ADMIN),
      })
      const { accessToken } = (await signIn.json()) as { accessToken: string }
      return await use({
        base,
        headers: { Authorization: `Bearer ${accessToken}`, 'X-Empresa': '1', 'X-Filial': '2' },
        seedSeconds,
      })
    } finally {
      app.kill()
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** The trivial React Router page (tests/bench/baselines.ts), production mode, started for `use` and stopped after. */
export async function withTrivialPage<T>(use: (url: string) => Promise<T>): Promise<T> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}/`
  const server = await start(['tests/bench/baselines.ts', 'trivial', String(port)], { NODE_ENV: 'production' }, url)
  try {
    return await use(url)
  } finally {
    server.kill()
  }
}
