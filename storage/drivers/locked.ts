import type { Storage } from 'unstorage'
import { createKeyLock } from '../lock.ts'
import { decodeRecord, encodeRecord, type DriverAdapter } from '../store.ts'

/**
 * An adapter for unstorage drivers with no compare-and-swap (memory, fs, Cloudflare KV):
 * every write of a key runs under an in-process lock of that key, so read-compare-write is
 * atomic within this process (and, on Cloudflare KV, within this isolate only).
 */
export function lockedAdapter(name: string, storage: Storage, children: (parent: string) => Promise<string[]>): DriverAdapter {
  const read = async (key: string) => decodeRecord(await storage.getItemRaw(key))
  return {
    name,
    read,
    async swap(key, expected, next) {
      const actual = (await read(key))?.version ?? 0
      if (expected !== 'any' && expected !== actual) return { ok: false, actual }
      if (next === undefined) {
        await storage.removeItem(key)
        return { ok: true, version: 0 }
      }
      await storage.setItemRaw(key, encodeRecord(actual + 1, next))
      return { ok: true, version: actual + 1 }
    },
    children,
    exclusive: createKeyLock(),
    dispose: () => storage.dispose(),
  }
}
