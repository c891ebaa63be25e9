// The TypeScript SDK (clients/typescript, docs/api.md) against the built server: its example signs
// in, picks a company and branch, creates a client and a quote with two lines, and reads it back.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { example } from '../../clients/typescript/example.ts'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'
import { freePort, startServer } from './servers.ts'

describe('the TypeScript SDK', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sdk-data-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('runs its example against the server: a client and a quote of two lines, read back with its version', async () => {
    const port = await freePort()
    const server = await startServer(process.execPath, ['build/node/server.js'], port, {
      PORT: String(port),
      STORAGE_DRIVER: 'fs',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      JWT_SECRET: '',
    })
    try {
      const { client, quote, etag } = await example(server.url, DEMO_ADMIN.email, DEMO_ADMIN.password)
      expect(client.name).toBe('Padaria Pão Quente')
      expect(quote.clientId).toBe(client.id)
      expect(quote.status).toBe('draft')
      // 2 × 450.00 + 5 % tax = 945.00; 3.5 × 29.90 = 104.65
      expect(quote.lines.map((l) => l.total)).toEqual([94500, 10465])
      expect(quote.total).toBe(104965)
      expect(etag).toMatch(/^"\d+"$/)
    } finally {
      await server.stop()
    }
  })
})
