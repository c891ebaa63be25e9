import { keys } from '../keys.ts'
import type { Store, Versioned, WriteOptions } from '../store.ts'

/**
 * A company's collection kept one record per item (contacts, products, mails ...), under
 * `company:<id>:<collection>:<item id>`: a change writes one item, a list reads them all.
 */
export function companyRecords<T extends { id: string }>(store: Store, empresa: number, collection: string) {
  const key = (id: string) => keys.companyRecord(empresa, collection, id)
  return {
    async all(): Promise<T[]> {
      const ids = await store.children(keys.companyRecords(empresa, collection))
      return (await store.getMany<T>(ids.map(key))).flatMap((r) => (r ? [r.value] : []))
    },
    get: (id: string): Promise<Versioned<T> | null> => store.get<T>(key(id)),
    put: (item: T, options?: WriteOptions) => store.put(key(item.id), item, options),
    /** Changes one item atomically; null when there is no such id. */
    update: (id: string, fn: (item: T) => T, options?: WriteOptions) =>
      store.update<T>(key(id), (current) => (current ? fn(current.value) : undefined), options),
    remove: (id: string) => store.remove(key(id)),
    /** Writes the items only when the collection is empty (seeds: a second start keeps edits). */
    async fillIfEmpty(items: T[]) {
      if ((await store.children(keys.companyRecords(empresa, collection))).length > 0) return
      for (const item of items) await store.put(key(item.id), item)
    },
  }
}
