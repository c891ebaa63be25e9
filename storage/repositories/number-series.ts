import { createKeyLock } from '../lock.ts'
import type { Store } from '../store.ts'

/** The last number given and the numbers given back (their documents were never written). */
type Series = { last: number; free: number[] }

// One process takes its numbers one at a time (no compare-and-swap retries among its own requests);
// processes sharing a store are kept apart by the store's atomic update.
const inProcess = createKeyLock()

/**
 * A document number series (docs/domain.md: quotes, orders and invoices per branch and year): every
 * number once, in order, and none skipped because a write failed — a number whose document
 * could not be written is given back and is the next one taken.
 */
export function numberSeries(store: Store, key: string) {
  const change = (fn: (series: Series) => Series) =>
    inProcess(key, () => store.update<Series>(key, (cur) => fn(cur?.value ?? { last: 0, free: [] })))
  const series = {
    /** The next number: the lowest given back, else one more than the last. */
    async take(): Promise<number> {
      let taken = 0
      await change((s) => {
        if (s.free.length === 0) return { last: (taken = s.last + 1), free: [] }
        const free = [...s.free].sort((a, b) => a - b)
        taken = free[0]
        return { last: s.last, free: free.slice(1) }
      })
      return taken
    },
    /** Gives a number back (its document was not written). */
    async release(n: number): Promise<void> {
      await change((s) => {
        const free = new Set([...s.free, n])
        let last = s.last
        while (free.has(last)) free.delete(last--)
        return { last, free: [...free] }
      })
    },
    /** Takes a number and writes the document with it; a failed write gives the number back. */
    async write<T>(save: (n: number) => Promise<T>): Promise<T> {
      const n = await series.take()
      try {
        return await save(n)
      } catch (error) {
        await series.release(n)
        throw error
      }
    },
  }
  return series
}
