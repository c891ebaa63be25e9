import { StorageUnavailableError } from '../errors.ts'
import { createKeyLock } from '../lock.ts'
import type { Store } from '../store.ts'

/** A number taken for a document not confirmed written yet: the document's key, and when it was taken. */
type Pending = { n: number; key: string; at: number }
/**
 * The last number given, the numbers given back (their documents were never written) and the
 * numbers taken whose documents are not confirmed yet.
 */
type Series = { last: number; free: number[]; pending?: Pending[] }

/** A number pending this long is looked into: its document was written, or it is given back. */
export const PENDING_GRACE_MS = 30_000

// One process writes a series one write at a time (no compare-and-swap retries among its own
// requests); processes sharing a store are kept apart by the store's atomic update.
const inProcess = createKeyLock()

/** A change of a series waiting for its write, and how its caller hears the outcome. */
type Change = {
  fn: (series: Series) => Series | Promise<Series>
  resolve: () => void
  reject: (error: unknown) => void
}
/** Per store and series, the changes that will go in its next write. */
const waiting = new WeakMap<Store, Map<string, Change[]>>()

/** A number back among the free ones (the last one lowered when it was the last). */
function giveBack(s: Series, n: number): Series {
  const free = new Set([...s.free, n])
  let last = s.last
  while (free.has(last)) free.delete(last--)
  return { last, free: [...free], pending: (s.pending ?? []).filter((p) => p.n !== n) }
}

/**
 * A document number series (docs/domain.md: quotes, orders and invoices per branch and year): every
 * number once, in order, and none skipped because a write failed or a process died. A number is
 * taken with the key of the document it is for (pending), confirmed once the document is written,
 * and given back when it was not — the next one taken. A number whose document's write had an
 * unknown outcome (the storage stopped answering), or whose process died, stays pending: after
 * PENDING_GRACE_MS, or at the start of the data's one writer (`settle`), the document decides — there
 * with that number, the number is confirmed; absent, it is given back.
 */
export function numberSeries(store: Store, key: string, now: () => number = Date.now) {
  /**
   * A change of the series, written with the others asked meanwhile in one write (a group commit:
   * a run making 2,000 orders at once writes the series once per batch, not twice per order,
   * tests/bench/plans.ts); each applied in turn on what the one before left.
   */
  const change = (fn: Change['fn']) =>
    new Promise<void>((resolve, reject) => {
      const open = waiting.get(store) ?? new Map<string, Change[]>()
      waiting.set(store, open)
      const joined = open.get(key)
      if (joined) return void joined.push({ fn, resolve, reject })
      const batch: Change[] = [{ fn, resolve, reject }]
      const failed = new Map<Change, unknown>()
      open.set(key, batch)
      void inProcess(key, async () => {
        // the changes asked from here on wait for the next write
        open.delete(key)
        try {
          await store.update<Series>(key, async (cur) => {
            failed.clear()
            let next = cur?.value ?? { last: 0, free: [] }
            // a change that fails (a document it looks into cannot be read) fails alone: the others go on
            for (const c of batch)
              next = await Promise.resolve(c.fn(next)).catch((error: unknown) => {
                failed.set(c, error)
                return next
              })
            return next
          })
        } catch (error) {
          for (const c of batch) c.reject(error)
          return
        }
        for (const c of batch)
          if (failed.has(c)) c.reject(failed.get(c))
          else c.resolve()
      })
    })
  /** The pending numbers taken before `before`, looked into: confirmed where the document is there, else given back. */
  async function settled(s: Series, before: number): Promise<Series> {
    let out = s
    for (const p of s.pending ?? []) {
      if (p.at >= before) continue
      const written = await store.get(p.key)
      out = written ? { ...out, pending: (out.pending ?? []).filter((q) => q.n !== p.n) } : giveBack(out, p.n)
    }
    return out
  }
  const series = {
    /**
     * The number for the document at `documentKey`: the one it already holds pending (a write of the
     * same document run again), else the lowest given back, else one more than the last.
     */
    async take(documentKey: string): Promise<number> {
      let taken = 0
      await change(async (current) => {
        const held = current.pending?.find((p) => p.key === documentKey)
        if (held) {
          taken = held.n
          return current
        }
        const s = await settled(current, now() - PENDING_GRACE_MS)
        const free = [...s.free].sort((a, b) => a - b)
        taken = free.length ? free[0] : s.last + 1
        return {
          last: Math.max(s.last, taken),
          free: free.slice(free.length ? 1 : 0),
          pending: [...(s.pending ?? []), { n: taken, key: documentKey, at: now() }],
        }
      })
      return taken
    },
    /** The document of `n` is written. */
    async confirm(n: number): Promise<void> {
      await change((s) => ({ ...s, pending: (s.pending ?? []).filter((p) => p.n !== n) }))
    },
    /** Gives a number back (its document was not written). */
    async release(n: number): Promise<void> {
      await change((s) => giveBack(s, n))
    },
    /** Every pending number looked into now (at the start of the data's one writer: no write is in flight). */
    async settle(): Promise<void> {
      await change((s) => settled(s, Infinity))
    },
    /**
     * Takes a number and writes the document at `documentKey` with it: confirmed when written; when
     * refused, given back — unless `holds` says the document is there with this very number (another
     * write of the same document, two servers making one plan's order, took it and wrote first: the
     * number is that document's, and giving it back would give it twice); left pending when the
     * outcome is unknown.
     */
    async write<T>(
      documentKey: string,
      save: (n: number) => Promise<T>,
      holds: (n: number) => Promise<boolean> = async () => false,
    ): Promise<T> {
      const n = await series.take(documentKey)
      let saved: T
      try {
        saved = await save(n)
      } catch (error) {
        if (error instanceof StorageUnavailableError) throw error
        // what the other write left is read; unreadable, the number stays pending (the document decides later)
        const theirs = await holds(n).catch(() => null)
        if (theirs === false) await series.release(n)
        else if (theirs) await series.confirm(n).catch(() => undefined)
        throw error
      }
      // written: a confirmation that fails leaves the number pending, and the document there confirms it later
      await series.confirm(n).catch(() => undefined)
      return saved
    },
  }
  return series
}
