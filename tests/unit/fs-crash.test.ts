import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openStore } from '../../storage/open.ts'

const writer = join(import.meta.dirname, '../shared/fs-writer.ts')

function killMidWrite(dataDir: string, key: string, afterMs: number) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [writer, dataDir, key], { stdio: ['ignore', 'pipe', 'inherit'] })
    child.stdout.once('data', () => setTimeout(() => child.kill('SIGKILL'), afterMs))
    child.on('exit', () => resolve())
    child.on('error', reject)
  })
}

describe('fs storage under crashes', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fs-crash-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('never leaves a corrupt or half-written record when the writer is killed with SIGKILL', async () => {
    const key = 'crash:record'
    for (let round = 0; round < 25; round++) {
      await killMidWrite(dataDir, key, 20 + ((round * 37) % 90))
      const store = await openStore({ driver: 'fs', dataDir })
      const record = await store.get<{ i: number; fill: string; check: number }>(key)
      expect(record, `round ${round}`).not.toBeNull()
      expect(record!.value.fill.length).toBe(record!.value.check)
      expect(record!.value.fill).toBe(String(record!.value.i % 10).repeat(200_000))
      await store.dispose()
    }
    // the killed writers left temp files at most, never a broken record, and opening the store removed them
    const names = readdirSync(join(dataDir, 'crash'))
    expect(names).toEqual(['record.json'])
  }, 120_000)
})
