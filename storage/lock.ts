/**
 * In-process per-key mutex: serialises read-modify-write of one key inside one process.
 * Used by the drivers that have no compare-and-swap of their own (memory, fs, Cloudflare KV).
 *
 * A waiter waits on a promise it made itself, which the holder before it resolves. On Workers each
 * request has its own I/O context: a waiter that followed a promise another request made would go
 * on in that request's context, and its storage calls would be cancelled when that request
 * answers, leaving every later waiter hung.
 */
export function createKeyLock() {
  const waiting = new Map<string, Array<() => void>>()
  return async function withLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const queue = waiting.get(key) ?? []
    if (waiting.has(key)) await new Promise<void>((resolve) => queue.push(resolve))
    else waiting.set(key, queue)
    try {
      return await fn()
    } finally {
      const next = queue.shift()
      if (next) next()
      else waiting.delete(key)
    }
  }
}
