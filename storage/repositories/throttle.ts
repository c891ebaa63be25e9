import { keys } from '../keys.ts'
import type { Store } from '../store.ts'

type ThrottleRecord = { attempts: number[]; lockedUntil: number }

export type ThrottleRule = { limit: number; windowMs: number; lockMs: number }

/**
 * Counts attempts per subject. An attempt is counted *before* the work it guards (the
 * password check), in one atomic update, so N concurrent attempts can never all slip
 * under the limit; a success clears the count.
 */
export function throttleRepository(store: Store, scope: string, rule: ThrottleRule) {
  return {
    /** Reserves an attempt; answers the time until unlock when the subject is locked. */
    async begin(subject: string, now: number): Promise<{ allowed: true } | { allowed: false; retryAfterMs: number }> {
      let verdict: { allowed: true } | { allowed: false; retryAfterMs: number } = { allowed: true }
      await store.update<ThrottleRecord>(keys.throttle(scope, subject), (current) => {
        const record = current?.value ?? { attempts: [], lockedUntil: 0 }
        const attempts = record.attempts.filter((t) => t > now - rule.windowMs)
        if (record.lockedUntil > now) {
          verdict = { allowed: false, retryAfterMs: record.lockedUntil - now }
          return record
        }
        if (attempts.length >= rule.limit) {
          const lockedUntil = now + rule.lockMs
          verdict = { allowed: false, retryAfterMs: rule.lockMs }
          return { attempts, lockedUntil }
        }
        attempts.push(now)
        return { attempts, lockedUntil: attempts.length >= rule.limit ? now + rule.lockMs : 0 }
      })
      return verdict
    },
    /** Takes back the attempt reserved at `at` (it succeeded): the subject's other attempts still count. */
    async forgive(subject: string, at: number): Promise<void> {
      await store.update<ThrottleRecord>(keys.throttle(scope, subject), (current) => {
        if (!current) return undefined
        const attempts = [...current.value.attempts]
        const i = attempts.indexOf(at)
        if (i >= 0) attempts.splice(i, 1)
        return { ...current.value, attempts }
      })
    },
    async succeed(subject: string): Promise<void> {
      await store.remove(keys.throttle(scope, subject))
    },
  }
}
