import { execFile, execFileSync, spawnSync } from 'node:child_process'
import { promisify } from 'node:util'

export type WrkResult = { rps: number; p50: number; p99: number; errors: number }

/** wrk from Debian's packages; installed when missing (as root), else a clear error. */
export function ensureWrk() {
  if (spawnSync('wrk', ['--version']).error === undefined) return
  if (process.getuid?.() !== 0) throw new Error('wrk is missing: apt-get install -y wrk')
  console.log('Installing wrk from Debian packages…')
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' })
  execFileSync('apt-get', ['install', '-y', '-qq', 'wrk'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
}

const toMs = (value: string, unit: string) =>
  Number(value) * ({ us: 0.001, ms: 1, s: 1000 } as Record<string, number>)[unit]

const wrkArgs = (url: string, headers: Record<string, string>, seconds: number, connections: number) => {
  if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(url)) throw new Error(`refusing to load anything but loopback: ${url}`)
  return [
    '-t1',
    `-c${connections}`,
    `-d${seconds}s`,
    '--latency',
    '--timeout',
    '5s',
    ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
    url,
  ]
}

function parse(out: string): WrkResult {
  const rps = Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1])
  const pct = (p: string) => {
    const m = out.match(new RegExp(`\\s${p}%\\s+([\\d.]+)(us|ms|s)`))
    return m ? toMs(m[1], m[2]) : NaN
  }
  const non2xx = Number(out.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0)
  const socket = out.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/)
  const errors = non2xx + (socket ? socket.slice(1).reduce((s, n) => s + Number(n), 0) : 0)
  return { rps, p50: pct('50'), p99: pct('99'), errors }
}

/** One bounded wrk run against a loopback URL: a warm-up, then the measured seconds. */
export function wrk(url: string, headers: Record<string, string>, seconds: number, connections = 10): WrkResult {
  execFileSync('wrk', wrkArgs(url, headers, 2, connections), { encoding: 'utf8' })
  return parse(execFileSync('wrk', wrkArgs(url, headers, seconds, connections), { encoding: 'utf8' }))
}

const run = promisify(execFile)

/** The same run without blocking this process (what else it does meanwhile goes on: a writer's loop). */
export async function wrkAsync(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections = 10,
): Promise<WrkResult> {
  await run('wrk', wrkArgs(url, headers, 2, connections), { encoding: 'utf8' })
  return parse((await run('wrk', wrkArgs(url, headers, seconds, connections), { encoding: 'utf8' })).stdout)
}
