/**
 * A bounded cache that forgets the entry written longest ago (a Map keeps insertion order).
 * Reads do not reorder it: a hit costs one lookup, and a popular entry that is dropped is
 * simply read again. Bounded by its count of entries and, when `budget` is given, by the sum of
 * their weights (each `set` names its entry's: a record's length in characters), so a few large
 * entries cannot fill the memory that many small ones would not.
 */
export function createLru<V>(capacity: number, budget = Infinity) {
  const map = new Map<string, V>()
  const weights = new Map<string, number>()
  let total = 0
  // the oldest entries are found by one iterator kept across evictions: a new one would walk again
  // past every entry deleted at the front (V8 keeps them until the map is rehashed), which made
  // each eviction slower the longer the cache was used (3 s of 60 in tests/bench/plans.ts)
  let oldest = map.keys()
  const evictOne = () => {
    let next = oldest.next()
    if (next.done) {
      oldest = map.keys()
      next = oldest.next()
    }
    if (!next.done) drop(next.value)
  }
  const drop = (key: string) => {
    total -= weights.get(key) ?? 0
    weights.delete(key)
    map.delete(key)
  }
  return {
    get(key: string): V | undefined {
      return map.get(key)
    },
    set(key: string, value: V, weight = 0) {
      drop(key)
      map.set(key, value)
      if (weight) weights.set(key, weight)
      total += weight
      while (map.size > capacity || total > budget) evictOne()
    },
    delete: drop,
  }
}
