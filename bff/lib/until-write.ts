import { createMiddleware } from 'hono/factory'
import type { AppEnv } from './deps.ts'

/**
 * What is worked out from stored records and kept until the next write (Store.writeMark): a
 * request's derived facts (tenant, page levels) and signed-in reads' answers. Where another process
 * may write (redis, KV: no write mark) nothing is kept.
 */

/** A day begins on a quarter hour of UTC in every time zone: what depends on today (a quote's expiry) is kept within one. */
const QUARTER_HOUR_MS = 900_000
export const quarterHour = (now: number) => Math.floor(now / QUARTER_HOUR_MS)

/** A key of what it is made from (none of the parts holds a line break: ids, numbers, header values, a URL). */
export const untilWriteKey = (...parts: Array<string | number>) => parts.join('\n')

export type WriteMark = () => number | null

/** `derived(key, compute)`: compute's result for `key`, computed again only once the store was written. */
export type DerivedUntilWrite = <V>(key: string, compute: () => Promise<V>) => Promise<V>

/**
 * What a request derives from stored records, kept for the next request with the same key. Only
 * what has succeeded is shared (an error answer can be read once); requests that miss together
 * each compute; at most `capacity` keys.
 */
export function derivedUntilWrite(writeMark: WriteMark, capacity = 2_000): DerivedUntilWrite {
  let keptAt: number | null = null
  const kept = new Map<string, Promise<unknown>>()
  return <V>(key: string, compute: () => Promise<V>): Promise<V> => {
    const mark = writeMark()
    if (mark === null) return compute()
    if (mark !== keptAt) {
      kept.clear()
      keptAt = mark
    }
    const hit = kept.get(key) as Promise<V> | undefined
    if (hit) return hit
    const made = compute()
    made.then(
      () => {
        // computed across a write: it may mix before and after, so it is not kept
        if (writeMark() !== mark) return
        if (kept.size >= capacity) kept.clear()
        kept.set(key, made)
      },
      () => undefined,
    )
    return made
  }
}

/** What kept answers may take, keys and headers counted: no answer above `entryBytes`, the oldest go past `totalBytes`, at most `entries`. */
export type AnswerLimits = { entryBytes: number; totalBytes: number; entries: number }
const LIMITS: AnswerLimits = { entryBytes: 256 * 1024, totalBytes: 8 * 1024 * 1024, entries: 4_000 }
/** A longer address is answered but not kept (made-up parameters must not fill the memory). */
const MAX_KEPT_URL = 2_048

/** An answer as kept: its body (bytes, or a page's text), its headers, and what it takes of the memory. */
type Kept = { body: Uint8Array<ArrayBuffer> | string; headers: Array<[string, string]>; bytes: number }

/** A request that asks for a fresh answer (a browser's hard reload sends Cache-Control: no-cache) is computed again, and kept anew. */
const asksFresh = (cacheControl: string | undefined) => cacheControl !== undefined && /\bno-cache\b/i.test(cacheControl)

/**
 * The kept answers of one server, the API's reads and the signed-in pages alike, in one bounded
 * memory (AnswerLimits), all made at the store's present write mark: the first use after a write
 * lets go of every older one. A request takes the mark it starts from (`since`), and its answer is
 * kept only if nothing was written until it was made (it may mix before and after).
 */
export class KeptAnswers {
  readonly #kept = new Map<string, Kept>()
  readonly #writeMark: WriteMark
  readonly #limits: AnswerLimits
  #bytes = 0
  #at: number | null = null
  constructor(writeMark: WriteMark, limits: AnswerLimits = LIMITS) {
    this.#writeMark = writeMark
    this.#limits = limits
  }

  /** The write mark a read of `url` starts from, or null when its answer is not to be kept (another process may write; a longer address). */
  since(url: string): number | null {
    return url.length > MAX_KEPT_URL ? null : this.#writeMark()
  }

  /** The answer kept for `key`, unless the request asks for a fresh one. */
  find(key: string, cacheControl: string | undefined): Kept | undefined {
    if (asksFresh(cacheControl)) return undefined
    this.#current()
    return this.#kept.get(key)
  }

  keep(key: string, since: number, body: Kept['body'], headers: Array<[string, string]>) {
    if (this.#writeMark() !== since) return
    this.#current()
    this.#drop(key)
    // strings count two bytes a character
    const bodyBytes = typeof body === 'string' ? 2 * body.length : body.byteLength
    const bytes = bodyBytes + 2 * (key.length + headers.reduce((n, [name, value]) => n + name.length + value.length, 0))
    if (bytes > this.#limits.entryBytes) return
    this.#kept.set(key, { body, headers, bytes })
    this.#bytes += bytes
    for (const [oldest] of this.#kept) {
      if (this.#bytes <= this.#limits.totalBytes && this.#kept.size <= this.#limits.entries) break
      this.#drop(oldest)
    }
  }

  /** Lets go of what was made before the last write. */
  #current() {
    const mark = this.#writeMark()
    if (mark === this.#at) return
    this.#kept.clear()
    this.#bytes = 0
    this.#at = mark
  }

  #drop(key: string) {
    const old = this.#kept.get(key)
    if (!old) return
    this.#kept.delete(key)
    this.#bytes -= old.bytes
  }
}

/**
 * Keeps a signed-in read's answer (GET, 200) and answers the same read from it while the store
 * has not been written and the quarter hour is the same: one caller (user, company and branch
 * asked for, language) asking the same address gets the same bytes without the records being
 * read, sorted and serialised again. After requireAuth: the session is checked on every request;
 * an access change is a write, so a kept answer never outlives the right to read it.
 */
export function answersUntilWrite(kept: KeptAnswers, now: () => number) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const since = c.req.method === 'GET' ? kept.since(c.req.url) : null
    if (since === null) return next()
    const key = untilWriteKey(
      'api',
      c.get('auth').user.id,
      c.req.header('x-empresa') ?? '',
      c.req.header('x-filial') ?? '',
      (c.req.header('accept-language') ?? '').slice(0, 200),
      quarterHour(now()),
      c.req.url,
    )
    const hit = kept.find(key, c.req.header('cache-control'))
    if (hit) return new Response(hit.body, { status: 200, headers: hit.headers })
    await next()
    if (c.res.status !== 200) return
    const body = new Uint8Array(await c.res.arrayBuffer())
    const headers = [...c.res.headers]
    c.res = new Response(body, { status: 200, headers })
    kept.keep(key, since, body, headers)
  })
}
