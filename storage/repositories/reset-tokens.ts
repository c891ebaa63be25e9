import { keys } from '../keys.ts'
import type { Store } from '../store.ts'

/**
 * `epoch`: the account's session epoch when the link was made; a reset or a password change
 * raise it, voiding the link. `accept`: an invitation's link (first password) also accepts the
 * invitation of that company. `shown`: a link the office saw (to pass on), not only e-mailed: it
 * sets a password only while the account is nothing but that company's invitation, and proves no
 * mailbox.
 */
export type ResetTokenRecord = { userId: string; expiresAt: number; epoch: number; accept?: number; shown?: true }

/** One-time password reset tokens, stored by the hash of the token only. */
export function resetTokensRepository(store: Store) {
  return {
    async save(tokenHash: string, record: ResetTokenRecord) {
      await store.put(keys.resetToken(tokenHash), record)
    },
    /** The token's record without spending it (what its page shows); null when unknown or expired. */
    async find(tokenHash: string, now: number): Promise<ResetTokenRecord | null> {
      const found = await store.get<ResetTokenRecord>(keys.resetToken(tokenHash))
      return found && found.value.expiresAt > now ? found.value : null
    },
    /** Takes the token (it works once); null when unknown or expired. */
    async consume(tokenHash: string, now: number): Promise<ResetTokenRecord | null> {
      let taken: ResetTokenRecord | null = null
      await store.update<ResetTokenRecord>(keys.resetToken(tokenHash), (current) => {
        if (current && current.value.expiresAt > now) taken = current.value
        return undefined
      })
      return taken
    },
  }
}
