import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { getPlatformProxy } from 'wrangler'
import { companyShard, durableObjectAdapter } from '../../storage/drivers/durable-object.ts'
import { fsAdapter } from '../../storage/drivers/fs.ts'
import { memoryAdapter } from '../../storage/drivers/memory.ts'
import { openStore } from '../../storage/open.ts'
import { createStore } from '../../storage/store.ts'
import { storageContract } from '../shared/storage-contract.ts'
import { startStrictStore } from '../shared/strict-store.ts'

const register = (name: string, fn: () => Promise<void>) => it(name, fn)

describe('memory storage', () => {
  storageContract(register, () => openStore({ driver: 'memory' }))
})

describe('the write mark', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fs-mark-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
  it('is kept by the stores only this process writes (memory; fs: one server per data dir), and by no other', async () => {
    const stores = [
      await openStore({ driver: 'memory' }),
      await openStore({ driver: 'fs', dataDir }),
      await openStore({ driver: 'redis', url: inject('redisUrl') }),
    ]
    try {
      expect(stores.map((s) => typeof s.writeMark())).toEqual(['number', 'number', 'object'])
      expect(stores[2].writeMark()).toBeNull()
    } finally {
      await Promise.all(stores.map((s) => s.dispose()))
    }
  })

  it('moves once a write is over, never while it is under way', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const memory = memoryAdapter()
    const store = createStore({
      ...memory,
      swap: async (key, expected, next, writeId) => (await gate, memory.swap(key, expected, next, writeId)),
    })
    const before = store.writeMark()
    const writing = store.put('slow:one', { n: 1 })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(store.writeMark()).toBe(before)
    release()
    await writing
    expect(store.writeMark()).not.toBe(before)
  })
})

describe('fs storage', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fs-contract-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
  storageContract(register, () => openStore({ driver: 'fs', dataDir }))

  it('keeps in memory at most its budget of characters of records: the oldest large ones are read from disk again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fs-budget-'))
    try {
      // room for 100 records, but 1,000 characters: two records of 400 characters and a little
      const adapter = fsAdapter(dir, 100, 1_000)
      const big = (n: number) => ({ text: String(n).repeat(400) })
      for (const n of [1, 2, 3]) await adapter.swap(`lru:k${n}`, 'any', big(n), `w${n}`)
      // each file changed behind the cache's back: a record still kept answers as it was, one dropped as on disk
      for (const n of [1, 2, 3])
        writeFileSync(join(dir, 'lru', `k${n}.json`), JSON.stringify({ v: 9, w: 'disk', d: { text: 'on disk' } }))
      const read = async (n: number) => ((await adapter.read(`lru:k${n}`))?.value as { text: string }).text
      expect([await read(1), await read(3)]).toEqual(['on disk', big(3).text])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('redis storage', () => {
  storageContract(register, () => openStore({ driver: 'redis', url: inject('redisUrl') }))
})

describe('Cloudflare KV storage (workerd, through wrangler)', () => {
  const proxy = getPlatformProxy<{ DATA: unknown }>({ configPath: 'wrangler.toml', persist: false })
  afterAll(async () => (await proxy).dispose())
  storageContract(register, async () => openStore({ driver: 'cloudflare-kv', binding: (await proxy).env.DATA }))
})

describe('Durable Object storage (workerd, through Miniflare)', () => {
  // getPlatformProxy cannot run a Durable Object class of the Worker it reads: Miniflare runs the class itself
  const workerd = startStrictStore()
  afterAll(async () => (await workerd).dispose())
  storageContract(register, async () => createStore(durableObjectAdapter((await workerd).strict(), companyShard)))
})
