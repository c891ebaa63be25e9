import { describe, expect, it } from 'vitest'
import { memoryAdapter } from '../../storage/drivers/memory.ts'
import { rollupsRepository, type Contribution } from '../../storage/repositories/rollups.ts'
import { createStore } from '../../storage/store.ts'

// storage/repositories/rollups.ts: a source's parts set at its version, the newest winning, whatever
// order two settlings run in and however their writes interleave
describe('report figures kept per bucket', () => {
  it('end with the newest version’s figures when an older settling’s totals come last', async () => {
    const memory = memoryAdapter()
    // the older settling's totals (100) reach the storage late: after the newer one's parts and totals
    const store = createStore({
      ...memory,
      exclusive: undefined,
      async swap(key, expected, next, writeId) {
        const late = key.includes(':rollups:') && (next as { f?: { invoiced?: number } })?.f?.invoiced === 100
        if (late) await new Promise((resolve) => setTimeout(resolve, 30))
        return memory.swap(key, expected, next, writeId)
      },
    })
    const rollups = rollupsRepository(store, 1)
    const bucket = 'revenue.1.2026-11'
    await Promise.all([
      rollups.contribute('invoice.a', 1, { [bucket]: { invoiced: 100 } }),
      // the newer settling starts a moment after: its parts are written after the older one's
      new Promise((resolve) => setTimeout(resolve, 5)).then(() =>
        rollups.contribute('invoice.a', 2, { [bucket]: { invoiced: 250 } }),
      ),
    ])
    expect(await rollups.totals([bucket])).toEqual([{ invoiced: 250 }])
  })

  it('takes a part out of a bucket the source left', async () => {
    const rollups = rollupsRepository(createStore(memoryAdapter()), 1)
    await rollups.contribute('invoice.a', 1, { 'revenue.1.2026-01': { invoiced: 100 } })
    await rollups.contribute('invoice.b', 1, { 'revenue.1.2026-01': { invoiced: 40 } })
    await rollups.contribute('invoice.a', 2, { 'revenue.1.2026-02': { invoiced: 100 } })
    expect(await rollups.totals(['revenue.1.2026-01', 'revenue.1.2026-02'])).toEqual([
      { invoiced: 40 },
      { invoiced: 100 },
    ])
    // an older settling that comes late changes nothing
    await rollups.contribute('invoice.a', 1, { 'revenue.1.2026-01': { invoiced: 100 } })
    expect(await rollups.totals(['revenue.1.2026-01', 'revenue.1.2026-02'])).toEqual([
      { invoiced: 40 },
      { invoiced: 100 },
    ])
  })

  it('adds up a period’s bucket into its measure’s, a source moving from one period to another too', async () => {
    const rollups = rollupsRepository(createStore(memoryAdapter()), 1)
    await rollups.contribute('invoice.a', 1, { 'account.x@2026-01': { in: 100 } })
    await rollups.contribute('payable.b', 1, { 'account.x@2026-02': { out: 30 } })
    expect(await rollups.totals(['account.x'])).toEqual([{ in: 100, out: 30 }])
    // the payment's day moved to March: January loses it, the account keeps it once
    await rollups.contribute('invoice.a', 2, { 'account.x@2026-03': { in: 100 } })
    expect(await rollups.totals(['account.x', 'account.x@2026-01', 'account.x@2026-03'])).toEqual([
      { in: 100, out: 30 },
      {},
      { in: 100 },
    ])
    await rollups.contribute('invoice.a', 3, {})
    expect(await rollups.totals(['account.x'])).toEqual([{ out: 30 }])
  })

  it('ends the same when many sources are worked out at once as when each is', async () => {
    const one = rollupsRepository(createStore(memoryAdapter()), 1)
    const many = rollupsRepository(createStore(memoryAdapter()), 1)
    const sources = Array.from({ length: 40 }, (_, n): Contribution => ({
      source: `invoice.${n}`,
      version: 1 + (n % 3),
      parts:
        n % 5 === 0
          ? {}
          : { [`revenue.1.2026-0${1 + (n % 4)}`]: { invoiced: 10 * n }, [`account.x@2026-0${1 + (n % 2)}`]: { in: n } },
    }))
    for (const s of sources) await one.contribute(s.source, s.version, s.parts)
    await many.contributeMany(sources)
    const buckets = ['revenue.1.2026-01', 'revenue.1.2026-02', 'revenue.1.2026-03', 'revenue.1.2026-04', 'account.x']
    expect(await many.totals(buckets)).toEqual(await one.totals(buckets))
    expect((await many.totals(['account.x']))[0].in).toBe(sources.reduce((n, s, k) => n + (k % 5 ? k : 0), 0))
  })
})
