/** `kept(key, compute)`: compute's result for `key`, computed again only once the store was written. */
export type KeptWhileUnwritten = <V>(key: string, compute: () => Promise<V>) => Promise<V>

/**
 * What a request derives from stored records (a tenant, the page levels) kept while the store is
 * not written (Store.writeMark): the next request with the same key takes it as it is. Where
 * another process may write (no write mark) everything is computed every time. A result that was
 * computed while a write happened, or that failed, is not kept; nor more than `capacity` keys.
 * Only what has succeeded is shared: requests that miss together each compute.
 */
export function keptWhileUnwritten(writeMark: () => number | null, capacity = 2_000): KeptWhileUnwritten {
  let keptAt: number | null = null
  const kept = new Map<string, Promise<unknown>>()
  return <V>(key: string, compute: () => Promise<V>): Promise<V> => {
    const mark = writeMark()
    if (mark === null) return compute()
    if (mark !== keptAt) {
      kept.clear()
      keptAt = mark
    }
    const hit = kept.get(key) as Promise<V> | undefined
    if (hit) return hit
    const made = compute()
    // kept once it has succeeded with no write meanwhile; a failure is each caller's own (an error answer is read once)
    made.then(
      () => {
        if (writeMark() !== mark || keptAt !== mark) return
        if (kept.size >= capacity) kept.clear()
        kept.set(key, made)
      },
      () => undefined,
    )
    return made
  }
}
