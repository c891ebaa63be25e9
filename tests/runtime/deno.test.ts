import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { storageContract } from '../shared/storage-contract.ts'
import { restartKeepsData } from './round-trip.ts'
import { freePort, startServer } from './servers.ts'

describe('the server on Deno (Deno KV)', () => {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'deno-data-')), 'not-yet-made')
  afterAll(() => rmSync(join(dataDir, '..'), { recursive: true, force: true }))

  const start = async () => {
    const port = await freePort()
    return startServer('npx', ['deno', 'run', '-A', '--unstable-kv', 'bff/runtime/deno.ts'], port, {
      PORT: String(port),
      STORAGE_DRIVER: 'deno-kv',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
    })
  }

  it('signs in, keeps a change in Deno KV across a restart, and serves pages and assets', async () => {
    await restartKeepsData(start, 'deno-kv', 'Ana on Deno')
  })

  it('passes the storage contract on Deno KV', () => {
    const run = spawnSync('npx', ['deno', 'run', '-A', '--unstable-kv', 'tests/runtime/deno-kv-contract.ts'], {
      encoding: 'utf8',
      timeout: 90_000,
    })
    const output = `${run.stdout}${run.stderr}`
    // every test of the contract, counted as the other drivers register them
    const contract: string[] = []
    storageContract(
      (name) => contract.push(name),
      () => Promise.reject(new Error('not opened when counting')),
    )
    expect(output, output).toMatch(new RegExp(`^${contract.length} passed, 0 failed$`, 'm'))
    expect(run.status, output).toBe(0)
  })
})
