import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { roundTrip } from './round-trip.ts'
import { freePort, startServer } from './servers.ts'

describe('the built worker in workerd (wrangler dev, KV binding)', () => {
  const state = mkdtempSync(join(tmpdir(), 'wrangler-state-'))
  afterAll(() => rmSync(state, { recursive: true, force: true }))

  const start = async () => {
    const port = await freePort()
    return startServer('npx', ['wrangler', 'dev', '--port', String(port), '--ip', '127.0.0.1', '--persist-to', state, '--var', 'JWT_SECRET:runtime-test-secret-0123456789abcdefgh', '--log-level', 'warn'], port, { CI: '1', WRANGLER_SEND_METRICS: 'false' })
  }

  it('signs in, keeps a change in KV across a restart, and serves pages and assets', async () => {
    const first = await start()
    try {
      const health = (await (await fetch(`${first.url}/api/health`)).json()) as { storage: string }
      expect(health.storage).toBe('cloudflare-kv')
      await roundTrip(first.url, 'Ana on Workers')
    } finally {
      await first.stop()
    }
    const second = await start()
    try {
      const signIn = await fetch(`${second.url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@demo.fieldservice.app', password: 'demo-admin-2026' }) })
      expect(((await signIn.json()) as { user: { name: string } }).user.name).toBe('Ana on Workers')
    } finally {
      await second.stop()
    }
  })
})
