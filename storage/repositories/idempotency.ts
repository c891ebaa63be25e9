import { ConflictError } from '../errors.ts'
import { keys } from '../keys.ts'
import type { Store } from '../store.ts'

/**
 * A write's answer as its first request got it: what a repeat with the same key is answered. A body
 * over KEPT_BODY_MAX is kept as its SHA-256 `digest` (base64) instead, with an empty `body`.
 */
export type KeptAnswer = { status: number; headers: Record<string, string>; body: string; digest?: string }

/** One user's kept answers per UTC day: how many, and their bodies' size in characters. */
type Usage = { days: Array<{ day: number; keys: number; bytes: number }> }
const DAY_MS = 24 * 60 * 60 * 1000

/** One Idempotency-Key: the request it was first sent with (a hash) and its answer, null while it runs. */
type Entry = { fingerprint: string; at: number; answer: KeptAnswer | null }

/** A request's hold on its key: what it wrote there. */
export type Claim = { fingerprint: string; version: number }

/** How long an answer is kept for its key: a device offline for most of a week can still replay its writes. */
export const IDEMPOTENCY_KEEP_MS = 7 * 24 * 60 * 60 * 1000
/**
 * A running request holds its key by a lease it renews while it runs (every IDEMPOTENCY_RENEW_MS):
 * one not renewed for this long is taken as over (its process ended, its storage went away), and
 * its key may run again — within seconds of a crash, not a minute.
 */
export const IDEMPOTENCY_LEASE_MS = 5_000
export const IDEMPOTENCY_RENEW_MS = 1_500

/** A claim another request took over meanwhile: nothing of this one's to change. */
const ignoreConflict = (error: unknown): undefined => {
  if (!(error instanceof ConflictError)) throw error
  return undefined
}

/** What the first look at a key finds (docs/api.md §8). */
export type Begun =
  /** This request runs: `claim` is its hold on the key (the version it wrote), for finish or abandon. */
  | { kind: 'new'; claim: Claim }
  | { kind: 'replay'; answer: KeptAnswer }
  /** The key was sent with another request: 422. */
  | { kind: 'mismatch' }
  /** The first request with this key is still running: 409. */
  | { kind: 'running' }

/**
 * The Idempotency-Keys of the API's writes (docs/api.md §8): a key is claimed atomically when its
 * first request starts (created only when absent), holds the answer once it succeeded, and is
 * given up when it did not (a refused write changed nothing, so the same key may try again).
 */
export function idempotencyRepository(store: Store, now: () => number) {
  // the days whose answers may still be kept (an answer kept at the end of a day lives 7 days past it)
  const live = (days: Usage['days']) => days.filter((d) => (d.day + 1) * DAY_MS + IDEMPOTENCY_KEEP_MS > now())
  const stale = (entry: Entry) => now() - entry.at > (entry.answer ? IDEMPOTENCY_KEEP_MS : IDEMPOTENCY_LEASE_MS)
  return {
    async begin(hash: string, fingerprint: string): Promise<Begun> {
      const key = keys.idempotency(hash)
      const fresh: Entry = { fingerprint, at: now(), answer: null }
      for (let attempt = 0; attempt < 5; attempt++) {
        if (await store.create<Entry>(key, fresh)) return { kind: 'new', claim: { fingerprint, version: 1 } }
        const current = await store.get<Entry>(key)
        if (!current) continue
        if (!stale(current.value)) {
          if (current.value.fingerprint !== fingerprint) return { kind: 'mismatch' }
          return current.value.answer ? { kind: 'replay', answer: current.value.answer } : { kind: 'running' }
        }
        try {
          const taken = await store.put<Entry>(key, fresh, { expectVersion: current.version })
          return { kind: 'new', claim: { fingerprint, version: taken.version } }
        } catch (error) {
          if (!(error instanceof ConflictError)) throw error
        }
      }
      return { kind: 'running' }
    },
    /**
     * The first request succeeded: its answer is what the key answers from now on — unless another
     * request took the key over meanwhile (its lease ran out), whose claim stays.
     */
    finish: (hash: string, claim: Claim, answer: KeptAnswer) =>
      store
        .put<Entry>(
          keys.idempotency(hash),
          { fingerprint: claim.fingerprint, at: now(), answer },
          { expectVersion: claim.version },
        )
        .then(() => undefined, ignoreConflict),
    /** The running request renews its lease: its new claim, or null when another took the key over meanwhile. */
    renew: (hash: string, claim: Claim): Promise<Claim | null> =>
      store
        .put<Entry>(
          keys.idempotency(hash),
          { fingerprint: claim.fingerprint, at: now(), answer: null },
          { expectVersion: claim.version },
        )
        .then((taken) => ({ fingerprint: claim.fingerprint, version: taken.version }), ignoreConflict)
        .then((claimed) => claimed ?? null),
    /** The first request did not succeed (it changed nothing): the key is free again, if it still holds it. */
    async abandon(hash: string, claim: Claim): Promise<void> {
      await store.remove(keys.idempotency(hash), { expectVersion: claim.version }).catch(ignoreConflict)
    },
    /**
     * What one user keeps (docs/api.md §8's quota): the answers kept and their size over the days an
     * answer may still be kept, and when the oldest of those days stops counting.
     */
    async usage(userId: string): Promise<{ keys: number; bytes: number; freesAt: number }> {
      const days = live((await store.get<Usage>(keys.keptAnswers(userId)))?.value.days ?? [])
      return {
        keys: days.reduce((sum, d) => sum + d.keys, 0),
        bytes: days.reduce((sum, d) => sum + d.bytes, 0),
        freesAt: days.length ? (Math.min(...days.map((d) => d.day)) + 1) * DAY_MS + IDEMPOTENCY_KEEP_MS : now(),
      }
    },
    /** Counts an answer kept for the user (atomic: writes racing each other all count); `count`: 0 for a page's form. */
    async countKept(userId: string, bytes: number, count = 1): Promise<void> {
      const today = Math.floor(now() / DAY_MS)
      await store.update<Usage>(keys.keptAnswers(userId), (current) => {
        const days = live(current?.value.days ?? [])
        const day = days.find((d) => d.day === today) ?? { day: today, keys: 0, bytes: 0 }
        return {
          days: [...days.filter((d) => d !== day), { day: today, keys: day.keys + count, bytes: day.bytes + bytes }],
        }
      })
    },
    /** The data's one writer starts: no request is running, so keys left running by a crash are free. */
    async settle(): Promise<void> {
      for (const hash of await store.children(keys.idempotencyKeys())) {
        const entry = await store.get<Entry>(keys.idempotency(hash))
        if (entry && !entry.value.answer) await store.remove(keys.idempotency(hash)).catch(() => undefined)
      }
    },
    /** Removes the keys past their time; answers how many. */
    async sweep(): Promise<number> {
      let removed = 0
      for (const hash of await store.children(keys.idempotencyKeys())) {
        const entry = await store.get<Entry>(keys.idempotency(hash))
        if (entry && stale(entry.value)) {
          if (await store.remove(keys.idempotency(hash), { expectVersion: entry.version }).catch(ignoreConflict))
            removed++
        }
      }
      return removed
    },
  }
}
