import { decodeRecord, decodeWrite, encodeRecord, type DriverAdapter } from '../store.ts'

/** The part of Deno.Kv this adapter uses (so the file type-checks outside Deno). */
type KvEntry = { key: unknown[]; value: unknown; versionstamp: string | null }
export type DenoKv = {
  get(key: unknown[]): Promise<KvEntry>
  getMany(keys: unknown[][]): Promise<KvEntry[]>
  list(selector: { prefix: unknown[] }): AsyncIterable<KvEntry>
  atomic(): {
    check(entry: { key: unknown[]; versionstamp: string | null }): ReturnType<DenoKv['atomic']>
    set(key: unknown[], value: unknown): ReturnType<DenoKv['atomic']>
    delete(key: unknown[]): ReturnType<DenoKv['atomic']>
    commit(): Promise<{ ok: boolean }>
  }
  close(): void
}

/**
 * Deno KV: every write is an `atomic().check()` on the entry's versionstamp, so
 * read-compare-write is atomic across processes. Keys are the unstorage deno-kv layout
 * (the key split on ':'), so the data is readable with unstorage's driver as well.
 */
export function denoKvAdapter(kv: DenoKv): DriverAdapter {
  const path = (key: string) => key.split(':').filter(Boolean)
  return {
    name: 'deno-kv',
    read: async (key) => decodeRecord((await kv.get(path(key))).value),
    async readMany(keys) {
      const out: ReturnType<typeof decodeRecord>[] = []
      // getMany takes at most 10 keys a call
      for (let i = 0; i < keys.length; i += 10) {
        const entries = await kv.getMany(keys.slice(i, i + 10).map(path))
        out.push(...entries.map((e) => decodeRecord(e.value)))
      }
      return out
    },
    readBack: async (key) => decodeWrite((await kv.get(path(key))).value),
    async swap(key, expected, next, writeId) {
      for (;;) {
        const entry = await kv.get(path(key))
        const actual = decodeRecord(entry.value)?.version ?? 0
        if (expected !== 'any' && expected !== actual) return { ok: false, actual }
        const op = kv.atomic().check(entry)
        const version = next === undefined ? 0 : actual + 1
        if (next === undefined) op.delete(path(key))
        else op.set(path(key), encodeRecord(version, next, writeId))
        if ((await op.commit()).ok) return { ok: true, version }
      }
    },
    async children(parent) {
      const prefix = path(parent)
      const ids: string[] = []
      for await (const entry of kv.list({ prefix })) {
        if (entry.key.length === prefix.length + 1) ids.push(String(entry.key[prefix.length]))
      }
      return ids
    },
    dispose: async () => kv.close(),
  }
}
