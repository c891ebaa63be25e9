import { keys } from '../keys.ts'
import type { Store } from '../store.ts'
import type { PasswordHash } from '../../domain/tenancy.ts'
import type { SignUpCompany } from '../../domain/schemas/auth.ts'
import type { Culture } from '../../domain/cultures.ts'

/**
 * A sign-up waiting for its e-mail to be confirmed: nothing of it exists as an account or a
 * company until then. `founded`: the numbers and id its confirmation took, written before the
 * company, its branch and its admin are, so a confirmation cut short makes the same ones again.
 */
export type SignUpRecord = {
  name: string
  email: string
  culture: Culture
  password: PasswordHash
  company: SignUpCompany
  expiresAt: number
  founded?: {
    empresa: number
    filial: number
    userId: string
    at: number
    /** The one session the link signs in to; `opened` once it was (a confirmation sent again answers it, while it lasts). */
    session?: string
    opened?: boolean
  }
}

/** Pending sign-ups, stored by the hash of their confirmation link's token only. */
export function signUpsRepository(store: Store) {
  return {
    async save(tokenHash: string, record: SignUpRecord) {
      await store.put(keys.signUp(tokenHash), record)
    },
    /** The pending sign-up of a link; null when unknown or expired. */
    async find(tokenHash: string, now: number): Promise<SignUpRecord | null> {
      const found = await store.get<SignUpRecord>(keys.signUp(tokenHash))
      return found && found.value.expiresAt > now ? found.value : null
    },
    /** Keeps the first `founded` a confirmation claims: every later one (a retry, a race) gets that one. */
    async claim(tokenHash: string, founded: NonNullable<SignUpRecord['founded']>): Promise<SignUpRecord | null> {
      const saved = await store.update<SignUpRecord>(keys.signUp(tokenHash), (current) =>
        current ? { ...current.value, founded: current.value.founded ?? founded } : undefined,
      )
      return saved?.value ?? null
    },
    /** The link's session was opened: from now on a confirmation answers it, and none once it ended (sign-out). */
    async opened(tokenHash: string): Promise<void> {
      await store.update<SignUpRecord>(keys.signUp(tokenHash), (current) =>
        current?.value.founded ? { ...current.value, founded: { ...current.value.founded, opened: true } } : undefined,
      )
    },
  }
}
