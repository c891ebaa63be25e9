import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createLru } from '../../domain/lru.ts'

type Op = { kind: 'set'; key: string; weight: number } | { kind: 'delete'; key: string }

/** The cache as its contract says it, written plainly: entries in the order written, the oldest out first. */
function model(capacity: number, budget: number) {
  const entries: Array<{ key: string; weight: number }> = []
  return {
    apply(op: Op) {
      const at = entries.findIndex((e) => e.key === op.key)
      if (at >= 0) entries.splice(at, 1)
      if (op.kind === 'set') entries.push({ key: op.key, weight: op.weight })
      const total = () => entries.reduce((n, e) => n + e.weight, 0)
      while (entries.length > capacity || total() > budget) entries.shift()
    },
    keys: () => entries.map((e) => e.key),
  }
}

describe('createLru', () => {
  it('keeps what a plain list of the entries written keeps, whatever the writes and deletes, long after its first evictions', () => {
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({
        kind: fc.constant('set' as const),
        key: fc.integer({ min: 0, max: 40 }).map(String),
        weight: fc.integer({ min: 0, max: 9 }),
      }),
      fc.record({ kind: fc.constant('delete' as const), key: fc.integer({ min: 0, max: 40 }).map(String) }),
    )
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 5, max: 60 }),
        fc.array(op, { maxLength: 400 }),
        (capacity, budget, ops) => {
          const lru = createLru<string>(capacity, budget)
          const plain = model(capacity, budget)
          for (const o of ops) {
            if (o.kind === 'set') lru.set(o.key, `v${o.key}`, o.weight)
            else lru.delete(o.key)
            plain.apply(o)
          }
          for (let k = 0; k <= 40; k++)
            expect(lru.get(String(k)), `key ${k}`).toBe(plain.keys().includes(String(k)) ? `v${k}` : undefined)
        },
      ),
      { numRuns: 300 },
    )
  })
})
