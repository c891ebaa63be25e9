import type { Storage } from 'unstorage'
import { createKeyLock } from '../lock.ts'
import { createLru } from '../../domain/lru.ts'
import { decodeRecord, decodeWrite, encodeRecord, type DriverAdapter, type Versioned } from '../store.ts'

type Options = {
  /**
   * Keep recently read records and listings in memory. Only for a store that this process
   * alone writes (fs: one server per data dir), where every write passes through here.
   */
  cacheSize?: number
  /** At most this many characters of stored records in that cache (a record's weight is its stored length). */
  cacheChars?: number
  /** Only this process writes the data (memory; fs: one server per data dir). */
  soleWriter?: boolean
}

/**
 * An adapter for unstorage drivers with no compare-and-swap (memory, fs, Cloudflare KV):
 * every write of a key runs under an in-process lock of that key, so read-compare-write is
 * atomic within this process (and, on Cloudflare KV, within this isolate only).
 */
/** A text value longer than this (a file's chunk, docs/shell.md §9) is read from the driver each time, never cached. */
const UNCACHED_TEXT = 4096

export function lockedAdapter(
  name: string,
  storage: Storage,
  listChildren: (parent: string) => Promise<string[]>,
  options: Options = {},
): DriverAdapter {
  const records = options.cacheSize ? createLru<Versioned<unknown> | null>(options.cacheSize, options.cacheChars) : null
  // a listing counts its names' characters too: one of 50,000 invoices is read again, not kept
  const listings = options.cacheSize
    ? createLru<string[]>(Math.max(64, Math.floor(options.cacheSize / 100)), (options.cacheChars ?? Infinity) / 8)
    : null
  const parentOf = (key: string) => key.slice(0, Math.max(0, key.lastIndexOf(':')))
  /** Keeps a record in the cache, unless it is a file's bytes (a long string): photos would fill the memory. */
  const remember = (key: string, record: Versioned<unknown> | null, stored: unknown) => {
    if (typeof record?.value === 'string' && record.value.length > UNCACHED_TEXT) records?.delete(key)
    else records?.set(key, record, typeof stored === 'string' ? stored.length : 0)
  }

  const read = async (key: string) => {
    const cached = records?.get(key)
    if (cached !== undefined) return cached
    // Frozen on every driver that comes through here, cached or not: a caller that changes a
    // record it read in place fails loudly in the tests (memory) as it would on fs (cache).
    const raw = await storage.getItemRaw(key)
    const record = decodeRecord(raw)
    remember(key, record && deepFreeze(record), raw)
    return record && deepFreeze(record)
  }
  return {
    name,
    read,
    async readMany(keys) {
      // Cache hits are answered without a promise each; only the misses go to the driver.
      const out = keys.map((key) => records?.get(key))
      const misses = out.flatMap((hit, i) => (hit === undefined ? [i] : []))
      const loaded = await Promise.all(misses.map((i) => read(keys[i])))
      misses.forEach((i, n) => (out[i] = loaded[n]))
      return out as Array<Versioned<unknown> | null>
    },
    async swap(key, expected, next, writeId) {
      const actual = (await read(key))?.version ?? 0
      if (expected !== 'any' && expected !== actual) return { ok: false, actual }
      try {
        if (next === undefined) {
          await storage.removeItem(key)
          records?.set(key, null)
          if (actual !== 0) listings?.delete(parentOf(key))
          return { ok: true, version: 0 }
        }
        const stored = encodeRecord(actual + 1, next, writeId)
        await storage.setItemRaw(key, stored)
        // the cache keeps its own copy, so a caller changing its object cannot change the cache
        remember(key, deepFreeze({ version: actual + 1, value: structuredClone(next) }), stored)
        if (actual === 0) listings?.delete(parentOf(key))
        return { ok: true, version: actual + 1 }
      } catch (error) {
        records?.delete(key)
        listings?.delete(parentOf(key))
        throw error
      }
    },
    readBack: async (key) => decodeWrite(await storage.getItemRaw(key)),
    async children(parent) {
      const cached = listings?.get(parent)
      if (cached) return [...cached]
      const ids = await listChildren(parent)
      listings?.set(
        parent,
        ids,
        ids.reduce((n, id) => n + id.length, 0),
      )
      return [...ids]
    },
    exclusive: createKeyLock(),
    soleWriter: options.soleWriter ?? false,
    dispose: () => storage.dispose(),
  }
}

/** Records read are read-only (cached ones are shared by every reader): frozen, so a change in place fails loudly. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const child of Object.values(value)) deepFreeze(child)
  }
  return value
}
