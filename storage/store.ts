import { ConflictError, StorageUnavailableError } from './errors.ts'

/** One stored record: its value and a version that grows by one on every write (0 = absent). */
export type Versioned<T> = { version: number; value: T }

/**
 * What a storage driver must offer. `swap` is the one primitive every write goes through:
 * it writes (or, with `next === undefined`, deletes) `key` only when the stored version is
 * `expected` (0: the key must not exist; 'any': whatever it is), atomically where the driver
 * can make it so.
 */
export type DriverAdapter = {
  readonly name: string
  read(key: string): Promise<Versioned<unknown> | null>
  readMany?(keys: string[]): Promise<Array<Versioned<unknown> | null>>
  /** `writeId` is stored with the record, so a write whose reply was lost can tell whether it landed (`readBack`). */
  swap(
    key: string,
    expected: number | 'any',
    next: unknown,
    writeId: string,
  ): Promise<{ ok: true; version: number } | { ok: false; actual: number }>
  /** What the storage itself holds of `key` now (no cache): its version and the id of the write that made it. */
  readBack(key: string): Promise<{ version: number; writeId?: string } | null>
  /** Record ids stored directly below `parent` (one level), in no particular order. */
  children(parent: string): Promise<string[]>
  /** Serialises a read-modify-write where the driver has no compare-and-swap of its own. */
  exclusive?<T>(key: string, fn: () => Promise<T>): Promise<T>
  /** Every write to this data passes through this adapter in this process (memory; fs: one server per data dir). */
  soleWriter?: boolean
  dispose(): Promise<void>
}

export type WriteOptions = { expectVersion?: number }

export type Store = {
  readonly driver: string
  get<T>(key: string): Promise<Versioned<T> | null>
  getMany<T>(keys: string[]): Promise<Array<Versioned<T> | null>>
  /** Writes `value`; with `expectVersion` refuses a stale write with ConflictError. */
  put<T>(key: string, value: T, options?: WriteOptions): Promise<Versioned<T>>
  /** Creates `key` only when it does not exist yet; false when it does. */
  create<T>(key: string, value: T): Promise<boolean>
  /** Atomic read-modify-write. `fn` gets the current record (or null) and returns the new value, or undefined to delete. */
  update<T>(
    key: string,
    fn: (current: Versioned<T> | null) => T | undefined | Promise<T | undefined>,
    options?: WriteOptions,
  ): Promise<Versioned<T> | null>
  remove(key: string, options?: WriteOptions): Promise<boolean>
  children(parent: string): Promise<string[]>
  /**
   * A number that changes with every write made through this store, or null where another process
   * may write the same data (redis, KV): what was computed from the data while it stayed the same
   * may be answered again, and only while it does.
   */
  writeMark(): number | null
  dispose(): Promise<void>
}

const MAX_RETRIES = 50
/** The longest pause before a write refused for another process's write tries again. */
const MAX_CONFLICT_PAUSE_MS = 50

/**
 * A random pause, growing with the attempts, after a write was refused because another process
 * wrote first (redis, the Durable Object). Without it two processes that each run their writes of
 * one key one after another keep in step, and the one a request behind loses every round.
 */
const pauseAfterConflict = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(2 ** attempt, MAX_CONFLICT_PAUSE_MS)))
/** How long a write whose reply was lost keeps asking the storage whether it landed. */
const READ_BACK_MS = 2000

/**
 * A write whose reply was lost (the connection dropped, a time-out): it may have landed or not.
 * What the storage holds says which (docs/domain.md, "Every write exactly once"): the record this
 * write made (its write id), the deletion it asked for, or the record unchanged — then the
 * outcome is still unknown, and the write fails as the storage being unavailable.
 */
async function outcomeOf(
  adapter: DriverAdapter,
  key: string,
  expected: number | 'any',
  next: unknown,
  writeId: string,
  lost: StorageUnavailableError,
): Promise<{ ok: true; version: number } | { ok: false; actual: number }> {
  const until = Date.now() + READ_BACK_MS
  for (;;) {
    try {
      const stored = await adapter.readBack(key)
      if (next === undefined) {
        if (stored === null) return { ok: true, version: 0 }
        // the record is there as it was: the deletion may still land (unknown); changed by another: refused
        if (expected === 'any' || stored.version === expected) throw lost
        return { ok: false, actual: stored.version }
      }
      if (stored?.writeId === writeId) return { ok: true, version: stored.version }
      // someone else's write came first: this one's compare-and-swap is refused as it would have been
      if (expected !== 'any' && (stored?.version ?? 0) !== expected) return { ok: false, actual: stored?.version ?? 0 }
      throw lost
    } catch (error) {
      if (error === lost || !(error instanceof StorageUnavailableError) || Date.now() > until) throw lost
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

export function createStore(adapter: DriverAdapter): Store {
  const exclusive = adapter.exclusive?.bind(adapter) ?? (<T>(_key: string, fn: () => Promise<T>) => fn())
  let writes = 0
  // counted once the write is over, whatever its outcome: what was read before it is never taken as current after it
  const swap = async (key: string, expected: number | 'any', next: unknown) => {
    const writeId = crypto.randomUUID()
    try {
      return await adapter.swap(key, expected, next, writeId)
    } catch (error) {
      if (!(error instanceof StorageUnavailableError)) throw error
      return await outcomeOf(adapter, key, expected, next, writeId, error)
    } finally {
      writes++
    }
  }

  async function update<T>(
    key: string,
    fn: (current: Versioned<T> | null) => T | undefined | Promise<T | undefined>,
    options: WriteOptions = {},
  ): Promise<Versioned<T> | null> {
    return exclusive(key, async () => {
      for (let attempt = 0; attempt < MAX_RETRIES; attempt++) {
        const current = (await adapter.read(key)) as Versioned<T> | null
        const currentVersion = current?.version ?? 0
        if (options.expectVersion !== undefined && options.expectVersion !== currentVersion) {
          throw new ConflictError(key, options.expectVersion, currentVersion)
        }
        const next = await fn(current)
        if (next === undefined && !current) return null
        const result = await swap(key, currentVersion, next)
        if (result.ok) return next === undefined ? null : { version: result.version, value: next }
        if (options.expectVersion !== undefined) throw new ConflictError(key, options.expectVersion, result.actual)
        await pauseAfterConflict(attempt)
      }
      throw new Error(`Too much contention on ${key}`)
    })
  }

  return {
    driver: adapter.name,
    get: (key) => adapter.read(key) as Promise<never>,
    getMany: (keys) =>
      (adapter.readMany ? adapter.readMany(keys) : Promise.all(keys.map((k) => adapter.read(k)))) as Promise<never>,
    put(key, value, options = {}) {
      return exclusive(key, async () => {
        const result = await swap(key, options.expectVersion ?? 'any', value)
        if (!result.ok) throw new ConflictError(key, options.expectVersion ?? 0, result.actual)
        return { version: result.version, value }
      })
    },
    async create(key, value) {
      return exclusive(key, async () => (await swap(key, 0, value)).ok)
    },
    update,
    async remove(key, options = {}) {
      let existed = false
      await update(
        key,
        (current) => {
          existed = current !== null
          return undefined
        },
        options,
      )
      return existed
    },
    children: (parent) => adapter.children(parent),
    writeMark: () => (adapter.soleWriter ? writes : null),
    dispose: () => adapter.dispose(),
  }
}

/** The stored form of a record, the same on every driver: {"v":version,"w":"write id","d":value}. */
export function encodeRecord(version: number, value: unknown, writeId: string): string {
  return `{"v":${version},"w":${JSON.stringify(writeId)},"d":${JSON.stringify(value)}}`
}

/** The version and write id of a stored record (what `readBack` answers), or null. */
export function decodeWrite(raw: unknown): { version: number; writeId?: string } | null {
  if (raw === null || raw === undefined) return null
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { v: number; w?: string }
  return { version: parsed.v, writeId: parsed.w }
}

export function decodeRecord(raw: unknown): Versioned<unknown> | null {
  if (raw === null || raw === undefined) return null
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { v: number; d: unknown }
  return { version: parsed.v, value: parsed.d }
}
