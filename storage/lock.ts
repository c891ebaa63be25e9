/**
 * In-process per-key mutex: serialises read-modify-write of one key inside one process.
 * Used by the drivers that have no compare-and-swap of their own (memory, fs, Cloudflare KV).
 */
export function createKeyLock() {
  const tails = new Map<string, Promise<void>>()
  return async function withLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve()
    let release!: () => void
    const current = new Promise<void>((resolve) => (release = resolve))
    const tail = previous.then(() => current)
    tails.set(key, tail)
    await previous
    try {
      return await fn()
    } finally {
      release()
      if (tails.get(key) === tail) tails.delete(key)
    }
  }
}
