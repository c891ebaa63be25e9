import { joinKey } from '../keys.ts'
import type { Store } from '../store.ts'
import type { Figures } from '../../domain/revenue.ts'

/** One source's part of a bucket, at the version of the source it was worked out from; null: none any more. */
type Entry = { v: number; f: Figures | null }
type Entries = { entries: Record<string, Entry> }
/** A bucket's totals, with the version of its parts they were added up from. */
type Totals = { v: number; f: Figures }
type Source = { buckets: string[] }

const entriesKey = (empresa: number, bucket: string) => joinKey('company', empresa, 'rollup-entries', bucket)
const totalsKey = (empresa: number, bucket: string) => joinKey('company', empresa, 'rollups', bucket)
const sourceKey = (empresa: number, source: string) => joinKey('company', empresa, 'rollup-sources', source)

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
 * of the parts they add up (the newest wins).
 */
export function rollupsRepository(store: Store, empresa: number) {
  async function setPart(bucket: string, source: string, entry: Entry) {
    const saved = await store.update<Entries>(entriesKey(empresa, bucket), (cur) => {
      const entries = { ...(cur?.value.entries ?? {}) }
      const had = entries[source]
      if (had && had.v > entry.v) return cur!.value
      if (entry.f === null && !had) return cur?.value ?? { entries }
      entries[source] = entry
      return { entries }
    })
    if (!saved) return
    // the totals of the newest parts win: a settling that added up older ones never writes over them
    const totals = sum(saved.value.entries)
    await store.update<Totals>(totalsKey(empresa, bucket), (cur) =>
      cur && cur.value.v >= saved.version ? cur.value : { v: saved.version, f: totals },
    )
  }
  return {
    /**
     * `source`'s parts as of its `version`: `parts` by bucket; a bucket it had a part of and no
     * longer has loses it.
     */
    async contribute(source: string, version: number, parts: Record<string, Figures>): Promise<void> {
      // a source with no part now and none ever (a visit not ended yet, a draft) writes nothing
      if (!Object.keys(parts).length && !(await store.get<Source>(sourceKey(empresa, source)))) return
      // every bucket it ever had a part of is listed (atomically: two at once list both), before the
      // parts are set: a crash between leaves no part out of reach of the next settling
      const listed = await store.update<Source>(sourceKey(empresa, source), (cur) => ({
        buckets: [...new Set([...(cur?.value.buckets ?? []), ...Object.keys(parts)])].sort(),
      }))
      for (const bucket of listed?.value.buckets ?? [])
        await setPart(bucket, source, { v: version, f: parts[bucket] ?? null })
    },
    /** The totals of buckets, each (empty figures for one nothing went into). */
    async totals(buckets: string[]): Promise<Figures[]> {
      const found = await store.getMany<Totals>(buckets.map((b) => totalsKey(empresa, b)))
      return found.map((hit) => hit?.value.f ?? {})
    },
  }
}
