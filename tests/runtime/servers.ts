import { spawn } from 'node:child_process'
import { createServer } from 'node:net'

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
}

export type Running = { url: string; pid: number; output: () => string; stop: () => Promise<void> }

/** Starts a server process (in its own process group) and waits for /api/health. */
export async function startServer(
  command: string,
  args: string[],
  port: number,
  env: Record<string, string> = {},
): Promise<Running> {
  let log = ''
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.on('data', (d) => (log += d))
  child.stderr.on('data', (d) => (log += d))
  const url = `http://127.0.0.1:${port}`
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve()
      child.once('exit', () => resolve())
      try {
        process.kill(-child.pid!, 'SIGTERM')
      } catch {
        resolve()
      }
      setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL')
        } catch {
          // already gone
        }
      }, 5_000)
    })
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${command} exited with ${child.exitCode}:\n${log}`)
    if (child.signalCode !== null) throw new Error(`${command} was killed (${child.signalCode}):\n${log}`)
    try {
      const res = await fetch(`${url}/api/health`)
      if (res.ok) return { url, pid: child.pid!, output: () => log, stop }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  await stop()
  throw new Error(`${command} did not answer on ${url} in time:\n${log}`)
}

/**
 * The built Node server (build/node/server.js) in test mode on fs storage in `dataDir`, on a free
 * port; `env` adds settings (a fault test's CRASH_AFTER_WRITES). Started again on the same dir, it
 * finds what the last one left (a crash test's restarts).
 */
export async function startFsServer(dataDir: string, env: Record<string, string> = {}): Promise<Running> {
  const port = await freePort()
  return startServer(process.execPath, ['build/node/server.js'], port, {
    PORT: String(port),
    STORAGE_DRIVER: 'fs',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    JWT_SECRET: 'fs-crash-test-secret-that-is-long-enough-0123',
    ...env,
  })
}
