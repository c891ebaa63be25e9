/**
 * A bounded cache that forgets the entry written longest ago (a Map keeps insertion order).
 * Reads do not reorder it: a hit costs one lookup, and a popular entry that is dropped is
 * simply read again.
 */
export function createLru<V>(capacity: number) {
  const map = new Map<string, V>()
  return {
    get(key: string): V | undefined {
      return map.get(key)
    },
    set(key: string, value: V) {
      map.delete(key)
      map.set(key, value)
      if (map.size > capacity) map.delete(map.keys().next().value!)
    },
    delete(key: string) {
      map.delete(key)
    },
  }
}
