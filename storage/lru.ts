/** A small least-recently-used map: a Map keeps insertion order, so the first key is the oldest. */
export function createLru<V>(capacity: number) {
  const map = new Map<string, V>()
  return {
    get(key: string): V | undefined {
      const value = map.get(key)
      if (value === undefined) return undefined
      map.delete(key)
      map.set(key, value)
      return value
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
