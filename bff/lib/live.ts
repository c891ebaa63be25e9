/**
 * What the open dispatch boards hear (docs/domain.md cd_ordemagendamento: every open board shows a
 * change within 2 seconds), each its own branch's changes and no other's (a board is one branch's).
 * In one process (Node, Deno) a write tells the branch's boards at once; a board's stream also
 * compares the branch's stamp in storage every LIVE_CHECK_MS, which is how it hears the writes of
 * other processes (redis) and of other isolates (Cloudflare Workers).
 */
export type Live = {
  publish(empresa: number, filial: number): void
  /** Calls `listener` on each change of the company's branch; answers how to stop. */
  subscribe(empresa: number, filial: number, listener: () => void): () => void
}

/** How often a board's stream looks at the stored stamp besides what this process tells it. */
export const LIVE_CHECK_MS = 1500

export function createLive(): Live {
  const listeners = new Map<string, Set<() => void>>()
  const branch = (empresa: number, filial: number) => `${empresa}:${filial}`
  return {
    publish(empresa, filial) {
      for (const listener of listeners.get(branch(empresa, filial)) ?? []) listener()
    },
    subscribe(empresa, filial, listener) {
      const key = branch(empresa, filial)
      const set = listeners.get(key) ?? new Set()
      listeners.set(key, set.add(listener))
      return () => {
        set.delete(listener)
        if (!set.size) listeners.delete(key)
      }
    },
  }
}
