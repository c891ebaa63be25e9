/**
 * What the open dispatch boards hear (docs/domain.md cd_ordemagendamento: every open board shows a
 * change within 2 seconds). In one process (Node, Deno) a write tells the boards at once; a
 * board's stream also compares the company's stamp in storage every LIVE_CHECK_MS, which is how it
 * hears the writes of other processes (redis) and of other isolates (Cloudflare Workers).
 */
export type Live = {
  publish(empresa: number): void
  /** Calls `listener` on each change of the company; answers how to stop. */
  subscribe(empresa: number, listener: () => void): () => void
}

/** How often a board's stream looks at the stored stamp besides what this process tells it. */
export const LIVE_CHECK_MS = 1500

export function createLive(): Live {
  const listeners = new Map<number, Set<() => void>>()
  return {
    publish(empresa) {
      for (const listener of listeners.get(empresa) ?? []) listener()
    },
    subscribe(empresa, listener) {
      const set = listeners.get(empresa) ?? new Set()
      listeners.set(empresa, set.add(listener))
      return () => {
        set.delete(listener)
        if (!set.size) listeners.delete(empresa)
      }
    },
  }
}
