import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, it } from 'vitest'
import { restartKeepsData } from './round-trip.ts'
import { freePort, startServer } from './servers.ts'

describe('the built worker in workerd (wrangler dev, KV binding)', () => {
  const state = mkdtempSync(join(tmpdir(), 'wrangler-state-'))
  afterAll(() => rmSync(state, { recursive: true, force: true }))

  const start = async () => {
    const port = await freePort()
    return startServer(
      'npx',
      [
        'wrangler',
        'dev',
        '--port',
        String(port),
        '--ip',
        '127.0.0.1',
        '--persist-to',
        state,
        '--var',
        'JWT_SECRET:runtime-test-secret-0123456789abcdefgh',
        '--var',
        'DEMO_DATA:1',
        '--var',
        'PUBLIC_URL:https://fieldwise.example',
        '--log-level',
        'warn',
      ],
      port,
      { CI: '1', WRANGLER_SEND_METRICS: 'false' },
    )
  }

  it('signs in, keeps a change in KV across a restart, and serves pages and assets', async () => {
    await restartKeepsData(start, 'cloudflare-kv', 'Ana on Workers')
  })
})
