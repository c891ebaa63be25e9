import { ConflictError } from '../errors.ts'
import { keys } from '../keys.ts'
import type { Store } from '../store.ts'

/** Who holds a value, and since when (a claim whose record never came is stale after CLAIM_GRACE_MS). */
type Claim = { id: string; at: number }

/** How long a claim waits for its record to be written: a create in flight takes far less. */
export const CLAIM_GRACE_MS = 60_000

/**
 * Values that name one record of a company collection (a client's tax id, a job's code), claimed
 * atomically as the e-mail index is: the claim's key is created only when absent, so of any number
 * of simultaneous creations one wins (docs/domain.md). A claim is stale, and taken over, when its
 * record no longer holds the value (changed, or a crash between the claim and a change), or never
 * came within CLAIM_GRACE_MS (a crash between the claim and a create).
 */
export function uniqueValues(store: Store, empresa: number, collection: string, field: string, now: () => number) {
  const key = (value: string) => keys.unique(empresa, collection, field, value)
  return {
    /**
     * Claims `value` for record `id`: true when it holds it now (already, or newly), false when
     * another record does. `holds(id)`: whether that record is stored with the value — null when
     * there is no such record.
     */
    async claim(value: string, id: string, holds: (id: string) => Promise<boolean | null>): Promise<boolean> {
      for (let attempt = 0; attempt < 10; attempt++) {
        if (await store.create<Claim>(key(value), { id, at: now() })) return true
        const current = await store.get<Claim>(key(value))
        if (!current) continue
        if (current.value.id === id) return true
        const held = await holds(current.value.id)
        if (held === true) return false
        if (held === null && now() - current.value.at < CLAIM_GRACE_MS) return false
        try {
          await store.put<Claim>(key(value), { id, at: now() }, { expectVersion: current.version })
          return true
        } catch (error) {
          if (!(error instanceof ConflictError)) throw error
        }
      }
      return false
    },
    /** Gives `value` up when `id` holds the claim (after a change away from it, or a write that failed). */
    async release(value: string, id: string): Promise<void> {
      const current = await store.get<Claim>(key(value))
      if (current?.value.id !== id) return
      await store.remove(key(value), { expectVersion: current.version }).catch((error: unknown) => {
        if (!(error instanceof ConflictError)) throw error
      })
    },
  }
}
