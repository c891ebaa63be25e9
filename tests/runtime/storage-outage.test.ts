// Storage down is said, fast (issue 27 §6, docs/api.md §3): the built server on redis, with redis
// frozen (SIGSTOP) and then killed and started again. Requests answer 503 with Retry-After within
// the bound, /api/health says the storage is down, pages say so in the user's language, and the
// server recovers without a restart.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'
import { freePort, startServer } from './servers.ts'

const BOUND_MS = 3500

async function startRedis(port: number, dir: string): Promise<ChildProcess> {
  const redis = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--appendonly',
      'yes',
      '--appendfsync',
      'always',
      '--save',
      '',
    ],
    { stdio: 'ignore' },
  )
  await expect
    .poll(
      () =>
        spawnSync('redis-cli', ['-p', String(port), 'ping'])
          .stdout?.toString()
          .trim(),
      { timeout: 10_000 },
    )
    .toBe('PONG')
  return redis
}

/** A request's status and how long it took. */
async function timed(url: string, init: RequestInit = {}) {
  const began = Date.now()
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) })
  const text = await res.text()
  return { status: res.status, ms: Date.now() - began, retryAfter: res.headers.get('retry-after'), text }
}

describe('storage down (redis)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'redis-outage-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('answers 503 with Retry-After within the bound, says so on health and pages, and recovers without a restart', async () => {
    const redisPort = await freePort()
    let redis = await startRedis(redisPort, dir)
    const port = await freePort()
    const server = await startServer(process.execPath, ['build/node/server.js'], port, {
      PORT: String(port),
      STORAGE_DRIVER: 'redis',
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      NODE_ENV: 'development',
      JWT_SECRET: '',
    })
    try {
      const signIn = await fetch(`${server.url}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
      })
      const token = ((await signIn.json()) as { accessToken: string }).accessToken
      const api = (path: string) => timed(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } })
      const page = () => timed(`${server.url}/view/home`, { headers: { cookie: `token=${token}` } })
      expect((await api('/api/common/user')).status).toBe(200)
      expect((await timed(`${server.url}/api/health`)).status).toBe(200)

      // frozen: every command waits for its bound, then 503
      redis.kill('SIGSTOP')
      const frozen = await api('/api/cd_cliente')
      expect(frozen.status).toBe(503)
      expect(frozen.ms).toBeLessThan(BOUND_MS)
      expect(frozen.retryAfter).toBe('5')
      const health = await timed(`${server.url}/api/health`)
      expect(health.status).toBe(503)
      expect(health.ms).toBeLessThan(BOUND_MS)
      const shown = await page()
      expect(shown.status).toBe(503)
      expect(shown.text).toContain('Back in a moment')
      expect(shown.ms).toBeLessThan(2 * BOUND_MS)
      redis.kill('SIGCONT')
      await expect.poll(async () => (await timed(`${server.url}/api/health`)).status, { timeout: 10_000 }).toBe(200)
      expect((await api('/api/common/user')).status).toBe(200)

      // gone: refused at once, then back with its data
      redis.kill('SIGKILL')
      await new Promise((resolve) => redis.once('exit', resolve))
      const gone = await api('/api/common/user')
      expect(gone.status).toBe(503)
      expect(gone.ms).toBeLessThan(BOUND_MS)
      const body = await (
        await fetch(`${server.url}/api/common/user`, { headers: { authorization: `Bearer ${token}` } })
      ).json()
      expect(body).toEqual({
        error: 'The service cannot reach its data for a moment: try again shortly',
        code: 'unavailable',
      })
      redis = await startRedis(redisPort, dir)
      await expect.poll(async () => (await api('/api/common/user')).status, { timeout: 10_000 }).toBe(200)
      expect((await page()).status).toBe(200)
    } finally {
      await server.stop()
      redis.kill('SIGKILL')
    }
  })
})
