import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, inject, it } from 'vitest'
import { getPlatformProxy } from 'wrangler'
import { openStore } from '../../storage/open.ts'
import { storageContract } from '../shared/storage-contract.ts'

const register = (name: string, fn: () => Promise<void>) => it(name, fn)

describe('memory storage', () => {
  storageContract(register, () => openStore({ driver: 'memory' }))
})

describe('fs storage', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fs-contract-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
  storageContract(register, () => openStore({ driver: 'fs', dataDir }))
})

describe('redis storage', () => {
  storageContract(register, () => openStore({ driver: 'redis', url: inject('redisUrl') }))
})

describe('Cloudflare KV storage (workerd, through wrangler)', () => {
  const proxy = getPlatformProxy<{ DATA: unknown }>({ configPath: 'wrangler.toml', persist: false })
  afterAll(async () => (await proxy).dispose())
  storageContract(register, async () => openStore({ driver: 'cloudflare-kv', binding: (await proxy).env.DATA }))
})
