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

/**
 * Issue 43 §3 and §5: a redis restart (5 s down) under six writers sending keyed creates through two
 * server processes, each sending a create again with its key until it gets an answer about it (a
 * 5xx, a dropped connection or "still running" is none). No key may stay locked ("running") for
 * more than a few seconds once redis is back, no acknowledged create is lost and no key makes two.
 */
describe('a redis restart under keyed writers', () => {
  const dir = mkdtempSync(join(tmpdir(), 'redis-restart-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('frees every key within seconds of redis coming back, loses nothing and makes nothing twice', async () => {
    const redisPort = await freePort()
    let redis = await startRedis(redisPort, dir)
    const env = {
      STORAGE_DRIVER: 'redis',
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      NODE_ENV: 'test',
      JWT_SECRET: 'redis-restart-secret-that-is-long-enough-01',
    }
    const servers: Array<Awaited<ReturnType<typeof startServer>>> = []
    for (let i = 0; i < 2; i++) {
      const port = await freePort()
      servers.push(await startServer(process.execPath, ['build/node/server.js'], port, { ...env, PORT: String(port) }))
    }
    try {
      const signIn = await fetch(`${servers[0].url}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(DEMO_ADMIN),
      })
      const token = ((await signIn.json()) as { accessToken: string }).accessToken
      const headers = { authorization: `Bearer ${token}`, 'x-empresa': '1', 'x-filial': '1' }
      const list = await fetch(`${servers[0].url}/api/cd_cliente?size=1`, { headers })
      const clientId = ((await list.json()) as { Dados: { items: Array<{ id: string }> } }).Dados.items[0].id
      const quote = JSON.stringify({
        clientId,
        validUntil: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
        lines: [{ description: 'Restart', quantity: 1, unitPrice: 1000 }],
      })
      let stop = false
      let back = Infinity
      const acknowledged = new Map<string, string>()
      /** Per key, the first and last "still running" answer after redis came back, and when it was answered. */
      const locked = new Map<string, { first: number; last: number; answered: number }>()
      let sent = 0
      let firstAfterBack = Infinity
      let stoppedAt = Infinity
      /** Keys still without an answer about them 20 s after the writers stopped, with the last reply each got. */
      const unanswered = new Map<string, string>()
      const writer = async (w: number) => {
        for (let k = 0; !stop; k++) {
          const key = `restart-${w}-${k}`
          sent++
          for (let attempt = 0; ; attempt++) {
            const res = await fetch(`${servers[(w + attempt) % 2].url}/api/cd_cotacao`, {
              method: 'POST',
              headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': key },
              body: quote,
              signal: AbortSignal.timeout(10_000),
            }).catch(() => null)
            const answer = res
              ? ((await res.json().catch(() => ({}))) as { code?: string; Dados?: { id: string } })
              : {}
            const now = Date.now()
            if (now > stoppedAt + 20_000) {
              unanswered.set(key, `${res?.status ?? 'no reply'} ${answer.code ?? ''}`.trim())
              break
            }
            if (res?.status === 409 && answer.code === 'idempotency_key_running' && now > back) {
              const seen = locked.get(key)
              locked.set(key, { first: seen?.first ?? now, last: now, answered: 0 })
            }
            if (res?.status === 200) {
              acknowledged.set(key, answer.Dados!.id)
              if (now > back) firstAfterBack = Math.min(firstAfterBack, now - back)
              const seen = locked.get(key)
              if (seen) seen.answered = now
              break
            }
            if (res && res.status < 500 && answer.code !== 'idempotency_key_running') break
            await new Promise((resolve) => setTimeout(resolve, 100))
          }
        }
      }
      const writers = Array.from({ length: 6 }, (_, w) => writer(w))
      await new Promise((resolve) => setTimeout(resolve, 2_000))
      redis.kill('SIGKILL')
      await new Promise((resolve) => redis.once('exit', resolve))
      await new Promise((resolve) => setTimeout(resolve, 5_000))
      redis = await startRedis(redisPort, dir)
      back = Date.now()
      const before = acknowledged.size
      // the writers go on for a while after redis is back
      await new Promise((resolve) => setTimeout(resolve, 8_000))
      stop = true
      stoppedAt = Date.now()
      await Promise.all(writers)
      // a key that never gets an answer fails here, saying why, instead of holding the test to its time-out
      const alive = (pid: number) => {
        try {
          process.kill(pid, 0)
          return true
        } catch {
          return false
        }
      }
      expect(
        Object.fromEntries(unanswered),
        servers
          .map((s, i) => `server ${i} ${alive(s.pid) ? 'running' : 'gone'}:\n${s.output().slice(-2000)}`)
          .join('\n'),
      ).toEqual({})
      const afterBack = acknowledged.size - before
      const longest = Math.max(0, ...[...locked.values()].map((l) => (l.answered || l.last) - back))
      // every acknowledged create is there, once; no key made two
      const all: Array<{ id: string; notes?: string }> = []
      for (let page = 1; ; page++) {
        const res = await fetch(`${servers[1].url}/api/cd_cotacao?size=100&page=${page}`, { headers })
        const items = ((await res.json()) as { Dados: { items: Array<{ id: string }> } }).Dados.items
        all.push(...items)
        if (items.length < 100) break
      }
      const stored = new Set(all.map((q) => q.id))
      const lost = [...acknowledged.values()].filter((id) => !stored.has(id)).length
      console.log(
        `redis down 5 s under 6 keyed writers on 2 processes: ${acknowledged.size} acknowledged creates (${afterBack} after redis was back, the first ${firstAfterBack} ms after it) of ${sent} keys; lost ${lost}; ${all.length} quotes stored; ${locked.size} keys answered "running" after redis was back, the longest locked ${longest} ms after it`,
      )
      expect(lost).toBe(0)
      expect(all.length).toBe(acknowledged.size)
      expect(new Set(acknowledged.values()).size).toBe(sent)
      expect(afterBack).toBeGreaterThan(0)
      expect(longest).toBeLessThanOrEqual(5_000)
    } finally {
      for (const server of servers) await server.stop()
      redis.kill('SIGKILL')
    }
  })
})
