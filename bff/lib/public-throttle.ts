import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv, Deps } from './deps.ts'
import { tooManyRequests } from './errors.ts'

/**
 * What one address may ask of the client's links (a quote's, an invoice's) in TEN_MINUTES: at
 * once, then one more every TEN_MINUTES / limit. A person opening their invoice, reloading it,
 * printing it a few times and paying never comes near; a loop does at once.
 */
export const PUBLIC_LIMITS = {
  /** The document's page and its API reads, its logo, a quote's answer. */
  page: 120,
  /** A PDF (rendering one costs tens to hundreds of milliseconds of the one thread). */
  pdf: 20,
  /** A card checkout (each opens one at the provider). */
  card: 10,
  /**
   * A signed-in person's PDFs (a quote, an invoice, a work order), counted per person: renders take
   * turns in a process shared by every company, so one account printing in a loop must not keep the
   * others waiting. A person printing a day's documents stays far below.
   */
  print: 60,
  /**
   * Sign-up, forgot-password and a sign-up's confirmation of every address together (counted as
   * one caller, `all`): past it they need a proof of work (bff/lib/account-requests.ts), never
   * a refusal of everyone. Each address has its own limit besides, in storage.
   */
  accounts: 100,
} as const
export type PublicUse = keyof typeof PUBLIC_LIMITS
const TEN_MINUTES = 10 * 60_000
/** Addresses and uses remembered at most (a few MB). */
const MAX_ADDRESSES = 50_000

/**
 * The client's links' throttle, per address and use, in this process's memory: what it protects is
 * this process's time, and it costs no storage write on each public read (a write per read would
 * cost more than many reads). Each process (each Worker isolate) counts its own callers, so a
 * flood spread over several processes meets the limit in each: a few times the limit in all,
 * still far from what would matter. A restart forgets the counts, which only lets a client in.
 *
 * The generic cell rate algorithm: per address and use, the time at which its allowance is whole
 * again (`full`); a request is allowed while that stays within the window, and moves it on by one
 * request's share of the window.
 */
export function createPublicThrottle() {
  const full = new Map<string, number>()
  // past the bound: the whole ones go, then, still too many (a flood from many addresses), the
  // least recent, which only lets them in sooner; down to nine tenths, so this runs seldom
  const forgetWhole = (now: number) => {
    for (const [key, at] of full) if (at <= now) full.delete(key)
    for (const key of full.keys()) {
      if (full.size <= MAX_ADDRESSES * 0.9) break
      full.delete(key)
    }
  }
  return {
    /** Counts a request; answers the milliseconds to wait when it is one too many. */
    take(use: PublicUse, address: string, now: number): { allowed: true } | { allowed: false; retryAfterMs: number } {
      const key = `${use} ${address}`
      const share = TEN_MINUTES / PUBLIC_LIMITS[use]
      const next = Math.max(full.get(key) ?? now, now) + share
      if (next - now > TEN_MINUTES) return { allowed: false, retryAfterMs: next - now - TEN_MINUTES }
      full.delete(key)
      full.set(key, next)
      if (full.size > MAX_ADDRESSES) forgetWhole(now)
      return { allowed: true }
    },
  }
}
export type PublicThrottle = ReturnType<typeof createPublicThrottle>

/**
 * An operation under the throttle: 429 with Retry-After, before any work, past its use's limit for
 * its caller — by default the client's address (a client's link); `caller` names another (a person).
 */
export const throttled =
  (deps: Deps, use: PublicUse, caller?: (c: Context<AppEnv>) => string): MiddlewareHandler<AppEnv> =>
  (c, next) => {
    const who = caller ? caller(c) : (deps.clientAddress(c) ?? 'unknown')
    const verdict = deps.publicThrottle.take(use, who, deps.now())
    if (!verdict.allowed) throw tooManyRequests(verdict.retryAfterMs)
    return next()
  }

/** A signed-in person's PDFs under the throttle (PUBLIC_LIMITS.print), counted per person. */
export const printThrottled = (deps: Deps) => throttled(deps, 'print', (c) => `user ${c.get('auth').user.id}`)
