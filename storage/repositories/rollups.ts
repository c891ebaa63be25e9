import { joinKey, keys } from '../keys.ts'
import type { Store } from '../store.ts'
import type { Figures } from '../../domain/revenue.ts'

/** One source's part of a bucket, at the version of the source it was worked out from; null: none any more. */
type Entry = { v: number; f: Figures | null }
type Entries = { entries: Record<string, Entry> }
/** A bucket's totals, with the version of its parts they were added up from. */
type Totals = { v: number; f: Figures }
type Source = { buckets: string[] }
/** One source's figures by bucket, as of its version (what `contribute` takes). */
export type Contribution = { source: string; version: number; parts: Record<string, Figures> }

const entriesKey = (empresa: number, bucket: string) => joinKey('company', empresa, 'rollup-entries', bucket)
const totalsKey = (empresa: number, bucket: string) => joinKey('company', empresa, 'rollups', bucket)
const sourceKey = (empresa: number, source: string) => joinKey('company', empresa, 'rollup-sources', source)

/**
 * The bucket a bucket's totals are added up into: `account.<id>@2026-11` (a period of a measure)
 * into `account.<id>`, so a measure kept for all time reads one small record and each write touches
 * one period's parts, never every part since the start.
 */
export const parentBucket = (bucket: string): string | null => {
  const at = bucket.lastIndexOf('@')
  return at > 0 ? bucket.slice(0, at) : null
}

/** The figures of a bucket's parts added up. */
function sum(entries: Record<string, Entry>): Figures {
  const out: Figures = {}
  for (const { f } of Object.values(entries))
    for (const [name, n] of Object.entries(f ?? {})) out[name] = (out[name] ?? 0) + n
  return out
}

/**
 * A company's report figures kept per bucket (a measure of a branch in a month: `revenue.2.2026-11`),
 * so a report reads one small record per bucket whatever the number of records behind it
 * (docs/domain.md "Reports"). Each source (an invoice) keeps its own part of each bucket, stamped
 * with the version of the source it comes from: parts are set, never added, and an older version
 * never overwrites a newer one, so a settling run again, or two at once in any order, end the same.
 * A bucket's totals are worked out again from its parts on every change, stamped with the version
 * of the parts they add up (the newest wins); a period's bucket (`name@period`) is in turn a part
 * of its measure's bucket, stamped the same way.
 */
export function rollupsRepository(store: Store, empresa: number) {
  const generationKey = keys.companyRecord(empresa, 'meta', 'rollups-generation')
  /**
   * After the parts are set: what is kept from the figures (a report's answer, its ETag) is worked
   * out again. A crash before it leaves the settling owed, and the settling run again bumps it.
   */
  const bump = () => store.update<number>(generationKey, (cur) => (cur?.value ?? 0) + 1)

  /** Sets parts of `bucket` (each only over an older one), then its totals, then its part of its parent's. */
  async function setParts(bucket: string, parts: Record<string, Entry>) {
    const saved = await store.update<Entries>(entriesKey(empresa, bucket), (cur) => {
      const entries = { ...(cur?.value.entries ?? {}) }
      for (const [source, entry] of Object.entries(parts)) {
        const had = entries[source]
        if (had && had.v > entry.v) continue
        if (entry.f === null && !had) continue
        entries[source] = entry
      }
      return { entries }
    })
    if (!saved) return
    // the totals of the newest parts win: a settling that added up older ones never writes over them
    const totals = sum(saved.value.entries)
    await store.update<Totals>(totalsKey(empresa, bucket), (cur) =>
      cur && cur.value.v >= saved.version ? cur.value : { v: saved.version, f: totals },
    )
    const parent = parentBucket(bucket)
    if (parent) await setParts(parent, { [bucket]: { v: saved.version, f: totals } })
  }

  /**
   * Every bucket each source ever had a part of, listed (atomically: two at once list both) before
   * the parts are set, so a crash between leaves no part out of reach of the next settling. Answers
   * the parts to set, by bucket (null where a source no longer has one).
   */
  async function listed(contributions: Contribution[]): Promise<Map<string, Record<string, Entry>>> {
    const byBucket = new Map<string, Record<string, Entry>>()
    // each source its own record: listed all at once (a batch's writes overlap on the disk)
    const saved = await Promise.all(
      contributions.map(({ source, parts }) =>
        // a source with no part now and none ever (a visit not ended yet, a draft) writes nothing
        store.update<Source>(sourceKey(empresa, source), (cur) =>
          !cur && !Object.keys(parts).length
            ? undefined
            : { buckets: [...new Set([...(cur?.value.buckets ?? []), ...Object.keys(parts)])].sort() },
        ),
      ),
    )
    for (const [k, { source, version, parts }] of contributions.entries()) {
      for (const bucket of saved[k]?.value.buckets ?? []) {
        const entries = byBucket.get(bucket) ?? {}
        entries[source] = { v: version, f: parts[bucket] ?? null }
        byBucket.set(bucket, entries)
      }
    }
    return byBucket
  }

  return {
    /**
     * `source`'s parts as of its `version`: `parts` by bucket; a bucket it had a part of and no
     * longer has loses it.
     */
    async contribute(source: string, version: number, parts: Record<string, Figures>): Promise<void> {
      const buckets = await listed([{ source, version, parts }])
      for (const [bucket, entries] of buckets) await setParts(bucket, entries)
      if (buckets.size) await bump()
    },
    /**
     * Many sources' parts at once (the figures worked out again for a whole company): the same as
     * `contribute` for each, with each bucket written once for all of them.
     */
    async contributeMany(contributions: Contribution[]): Promise<void> {
      // buckets are records of their own too; a period's and its measure's meet in atomic updates
      const buckets = await listed(contributions)
      await Promise.all([...buckets].map(([bucket, entries]) => setParts(bucket, entries)))
      if (buckets.size) await bump()
    },
    /** A number that changes with the figures, by any process's write (what a report's ETag is made of). */
    generation: async (): Promise<number> => (await store.get<number>(generationKey))?.value ?? 0,
    /** The totals of buckets, each (empty figures for one nothing went into). */
    async totals(buckets: string[]): Promise<Figures[]> {
      const found = await store.getMany<Totals>(buckets.map((b) => totalsKey(empresa, b)))
      return found.map((hit) => hit?.value.f ?? {})
    },
  }
}
