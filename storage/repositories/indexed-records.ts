import { QUARTER_HOUR_MS } from '../../domain/dates.ts'
import { StorageUnavailableError } from '../errors.ts'
import { keys } from '../keys.ts'
import { createKeyLock } from '../lock.ts'
import type { Store, Versioned, WriteOptions } from '../store.ts'

/** The rows in one order, and the order (a change moves its row within the list instead of sorting again). */
type Sorted<R> = { list: R[]; compare: (a: R, b: R) => number }
type Index<R> = { generation: number; rows: Map<string, R>; sorted: Map<string, Sorted<R>>; memo: Map<string, unknown> }

/** The index builds under way, by store and index: callers at once share one read of the records. */
const building = new WeakMap<Store, Map<string, Promise<unknown>>>()

/** Where `row` goes in `list` (sorted by `compare`): after the rows that come before it or tie with it. */
function insertAt<R>(list: R[], row: R, compare: (a: R, b: R) => number): number {
  let low = 0
  let high = list.length
  while (low < high) {
    const mid = (low + high) >>> 1
    if (compare(list[mid], row) <= 0) low = mid + 1
    else high = mid
  }
  return low
}

const indexes = new WeakMap<Store, Map<string, Index<unknown>>>()

/** A written record's row waiting for its collection's generation to be bumped, and how its writer hears it. */
type Bump = { indexKey: string; id: string; item: unknown; resolve: () => void; reject: (error: unknown) => void }
/** Per store and generation key, the writes whose bump goes in the counter's next write. */
const bumps = new WeakMap<Store, Map<string, Bump[]>>()
// one write of a counter at a time in a process: the writes asked meanwhile go together in the next
const bumping = createKeyLock()

/** An index with one record's row changed (`row` undefined: the record is gone), its kept orders moved. */
function changeRow<R>(index: Index<R>, id: string, row: R | undefined) {
  const old = index.rows.get(id)
  if (row) index.rows.set(id, row)
  else index.rows.delete(id)
  // each kept order moves the one row (a page of 50,000 is never sorted again for one change)
  for (const { list, compare } of index.sorted.values()) {
    if (old !== undefined) {
      const at = list.indexOf(old)
      if (at >= 0) list.splice(at, 1)
    }
    if (row) list.splice(insertAt(list, row, compare), 0, row)
  }
  index.memo.clear()
}

/**
 * A company collection with an in-memory index of compact rows (the fields lists filter
 * and sort on), so a list never reads every stored record: it scans the rows, then reads
 * the one page of records it answers. Writes through this process keep the index current;
 * a generation counter in storage tells when another process wrote, and the index is then
 * rebuilt once. `name` tells projections of one collection apart (each is its own index).
 */
export function indexedRecords<T extends { id: string }, R>(
  store: Store,
  empresa: number,
  collection: string,
  project: (item: T) => R,
  name = 'rows',
) {
  const key = (id: string) => keys.companyRecord(empresa, collection, id)
  const generationKey = keys.companyRecord(empresa, 'meta', `${collection}-generation`)
  // one index per projection: handles that project differently never share rows
  const indexKey = `${empresa}:${collection}:${name}`
  const perStore = indexes.get(store) ?? new Map<string, Index<unknown>>()
  indexes.set(store, perStore)

  async function currentGeneration() {
    return (await store.get<number>(generationKey))?.value ?? 0
  }

  async function rows(): Promise<Map<string, R>> {
    const generation = await currentGeneration()
    const known = perStore.get(indexKey) as Index<R> | undefined
    if (known && known.generation === generation) return known.rows
    // a build under way for this generation is shared (a start's first list and the reminders' run)
    const builds = building.get(store) ?? new Map<string, Promise<unknown>>()
    building.set(store, builds)
    const buildKey = `${indexKey}\n${generation}`
    let build = builds.get(buildKey) as Promise<Map<string, R>> | undefined
    if (!build) {
      build = (async () => {
        const ids = await store.children(keys.companyRecords(empresa, collection))
        const fresh: Index<R> = { generation, rows: new Map(), sorted: new Map(), memo: new Map() }
        // In batches, so a large collection is never held in memory whole while its rows are made.
        for (let at = 0; at < ids.length; at += 500) {
          for (const record of await store.getMany<T>(ids.slice(at, at + 500).map(key)))
            if (record) fresh.rows.set(record.value.id, project(record.value))
        }
        perStore.set(indexKey, fresh as Index<unknown>)
        return fresh.rows
      })().finally(() => builds.delete(buildKey))
      builds.set(buildKey, build)
    }
    return build
  }

  /**
   * After a write: bump the generation and, when this index was current, apply the change. The
   * write is done whatever happens here: when the bump fails, this process's index is dropped
   * (rebuilt on the next read) and the write still stands (a number taken for it is not given back).
   */
  async function written(id: string, item: T | null) {
    try {
      await apply(id, item)
    } catch {
      perStore.delete(indexKey)
    }
  }
  /**
   * A write whose outcome is unknown (its reply was lost: it may have landed): no index may go on
   * showing the record as it was. This process's is dropped, every other's told by the generation
   * (when the storage takes the bump; else a settling does it, bff/lib/derived.ts).
   */
  async function unknown<V>(write: () => Promise<V>): Promise<V> {
    try {
      return await write()
    } catch (error) {
      if (error instanceof StorageUnavailableError) {
        perStore.delete(indexKey)
        await refresh().catch(() => undefined)
      }
      throw error
    }
  }
  async function refresh() {
    perStore.delete(indexKey)
    await store.update<number>(generationKey, (cur) => (cur?.value ?? 0) + 1)
  }
  /**
   * Bumps the collection's generation for a write and, when this index was current, changes its
   * row. The writes asked while the counter is being written go together in its next write (a
   * group commit, bumped by their count: 16 plans making orders at once wait on one write, not
   * sixteen, tests/bench/plans.ts); the index takes their rows when it was current before them
   * and they all went through it, else it is read again on its next use.
   */
  function apply(id: string, item: T | null): Promise<void> {
    return new Promise((resolve, reject) => {
      const open = bumps.get(store) ?? new Map<string, Bump[]>()
      bumps.set(store, open)
      const bump: Bump = { indexKey, id, item, resolve, reject }
      const joined = open.get(generationKey)
      if (joined) return void joined.push(bump)
      const batch = [bump]
      open.set(generationKey, batch)
      void bumping(generationKey, async () => {
        // the writes asked from here on wait for the next bump
        open.delete(generationKey)
        let generation: number
        try {
          generation = (await store.update<number>(generationKey, (cur) => (cur?.value ?? 0) + batch.length))!.value
        } catch (error) {
          for (const b of batch) b.reject(error)
          return
        }
        // the counter is written: every writer hears so, whatever this index makes of their rows
        try {
          const index = perStore.get(indexKey) as Index<R> | undefined
          if (index && index.generation === generation - batch.length && batch.every((b) => b.indexKey === indexKey)) {
            for (const b of batch) changeRow(index, b.id, b.item ? project(b.item as T) : undefined)
            index.generation = generation
          }
        } catch {
          // a row that cannot be made or placed: the index is read again on its next use
          perStore.delete(indexKey)
        } finally {
          for (const b of batch) b.resolve()
        }
      })
    })
  }

  return {
    /** Where the record `id` is stored (what a number series confirms its document by). */
    keyOf: key,
    /** A number that changes with every write of the collection, by any process (what a live view compares). */
    generation: currentGeneration,
    rows,
    /**
     * The rows in one order, kept across changes (a change moves its row): a list then walks them
     * and picks its page instead of sorting on every request. `name` identifies the order; the
     * order of `compare` may not depend on the day (a row's place is only moved when it changes).
     */
    async sorted(name: string, compare: (a: R, b: R) => number): Promise<R[]> {
      await rows()
      const index = perStore.get(indexKey) as Index<R>
      let kept = index.sorted.get(name)
      if (!kept) index.sorted.set(name, (kept = { list: [...index.rows.values()].sort(compare), compare }))
      return kept.list
    },
    /**
     * The server's one cache of what is worked out from records: a value derived from the rows (a
     * count of matches, the ids of one list query ...), kept until the collection changes in this
     * company (its generation, in storage: a write by another process counts too). `now`: the value
     * depends on today in some time zone, so it is kept within the quarter hour.
     */
    async memo<V>(name: string, compute: (rows: Map<string, R>) => V, now?: number): Promise<V> {
      const all = await rows()
      const index = perStore.get(indexKey) as Index<R>
      if (now !== undefined) name = `${name}\n${Math.floor(now / QUARTER_HOUR_MS)}`
      if (!index.memo.has(name)) {
        if (index.memo.size > 1000) index.memo.clear()
        index.memo.set(name, compute(all))
      }
      return index.memo.get(name) as V
    },
    get: (id: string): Promise<Versioned<T> | null> => store.get<T>(key(id)),
    async getMany(ids: string[]): Promise<T[]> {
      return (await store.getMany<T>(ids.map(key))).flatMap((r) => (r ? [r.value] : []))
    },
    /** The records of `ids` that exist, each with its version. */
    async getVersioned(ids: string[]): Promise<Array<Versioned<T>>> {
      return (await store.getMany<T>(ids.map(key))).filter((r) => r !== null)
    },
    /** Every process's index of the collection read again from storage (a write of unknown outcome settled). */
    refresh,
    async put(item: T, options?: WriteOptions) {
      const saved = await unknown(() => store.put(key(item.id), item, options))
      await written(item.id, item)
      return saved
    },
    async update(id: string, fn: (item: T) => T | Promise<T>, options?: WriteOptions) {
      const saved = await unknown(() =>
        store.update<T>(key(id), (current) => (current ? fn(current.value) : undefined), options),
      )
      if (saved) await written(id, saved.value)
      return saved
    },
    async remove(id: string) {
      const removed = await unknown(() => store.remove(key(id)))
      if (removed) await written(id, null)
      return removed
    },
    isEmpty: async () => (await store.children(keys.companyRecords(empresa, collection))).length === 0,
    /**
     * Loads many items at once (seeds, imports): one generation bump at the end. When a write fails
     * partway, those before it stand: this process's index is dropped and the others' told (when the
     * storage takes the bump), so a retry finds them.
     */
    async putMany(items: T[]) {
      try {
        for (const item of items) await store.put(key(item.id), item)
      } catch (error) {
        await refresh().catch(() => perStore.delete(indexKey))
        throw error
      }
      await store.update<number>(generationKey, (cur) => (cur?.value ?? 0) + 1)
    },
  }
}
