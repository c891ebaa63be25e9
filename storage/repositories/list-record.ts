import type { Store, WriteOptions } from '../store.ts'

/**
 * A small ordered collection kept as one versioned record (tags, labels, messages,
 * notifications, shortcuts ...): one read lists it, one atomic update changes it, so
 * "added first" and "strip this tag everywhere" are single writes.
 */
export function listRecord<T extends { id: string }>(store: Store, key: string, seed: () => T[] = () => []) {
  // A fresh array each time: the stored one is read-only, and callers sort and filter what they get.
  const read = async (): Promise<T[]> => [...((await store.get<T[]>(key))?.value ?? seed())]
  const change = async <R>(fn: (items: T[]) => { items: T[]; result: R }, options?: WriteOptions): Promise<R> => {
    let result!: R
    await store.update<T[]>(
      key,
      (current) => {
        const out = fn([...(current?.value ?? seed())])
        result = out.result
        return out.items
      },
      options,
    )
    return result
  }
  return {
    key,
    all: read,
    /** Writes the list only when there is none yet (seeds: a second start keeps edits). */
    createOnce: (items: T[]) => store.create(key, items),
    async find(id: string): Promise<T | null> {
      return (await read()).find((item) => item.id === id) ?? null
    },
    add(item: T, where: 'first' | 'last' = 'first') {
      return change((items) => ({ items: where === 'first' ? [item, ...items] : [...items, item], result: item }))
    },
    /** Merges `changes` into the item; null when there is no such id (nothing written). */
    patch(id: string, changes: (item: T) => T) {
      return change((items) => {
        const at = items.findIndex((item) => item.id === id)
        if (at < 0) return { items, result: null as T | null }
        items[at] = changes(items[at])
        return { items, result: items[at] as T | null }
      })
    },
    /** False, and nothing written, when there is no such id. */
    async remove(id: string) {
      if (!(await read()).some((item) => item.id === id)) return false
      return change((items) => {
        const kept = items.filter((item) => item.id !== id)
        return { items: kept, result: kept.length !== items.length }
      })
    },
    replace(fn: (items: T[]) => T[]) {
      return change((items) => {
        const next = fn(items)
        return { items: next, result: next }
      })
    },
  }
}
