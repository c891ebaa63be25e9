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
export const MAX_KEPT_URL = 2_048

/** An answer as kept: its body (bytes, or a page's text), its headers, and the write mark it was made at. */
export type Kept = { mark: number; body: Uint8Array<ArrayBuffer> | string; headers: Array<[string, string]>; bytes: number }

/**
 * The kept answers of one server, the API's reads and the signed-in pages alike, in one bounded
 * memory (AnswerLimits): an answer is found only at the write mark it was made at, and the first
 * answer kept after a write lets go of all the older ones.
 */
export class KeptAnswers {
  readonly #kept = new Map<string, Kept>()
  readonly #limits: AnswerLimits
  #bytes = 0
  #mark = -1
  constructor(limits: AnswerLimits = LIMITS) {
    this.#limits = limits
  }

  find(key: string, mark: number): Kept | undefined {
    const hit = this.#kept.get(key)
    return hit?.mark === mark ? hit : undefined
  }

  keep(key: string, mark: number, body: Kept['body'], headers: Array<[string, string]>) {
    if (mark < this.#mark) return
    if (mark > this.#mark) {
      this.#kept.clear()
      this.#bytes = 0
      this.#mark = mark
    }
    this.#drop(key)
    // strings count two bytes a character
    const bodyBytes = typeof body === 'string' ? 2 * body.length : body.byteLength
    const bytes = bodyBytes + 2 * (key.length + headers.reduce((n, [name, value]) => n + name.length + value.length, 0))
    if (bytes > this.#limits.entryBytes) return
    this.#kept.set(key, { mark, body, headers, bytes })
    this.#bytes += bytes
    for (const [oldest] of this.#kept) {
      if (this.#bytes <= this.#limits.totalBytes && this.#kept.size <= this.#limits.entries) break
      this.#drop(oldest)
    }
  }

  #drop(key: string) {
    const old = this.#kept.get(key)
    if (!old) return
    this.#kept.delete(key)
    this.#bytes -= old.bytes
  }
}

/** A request that asks for a fresh answer (a browser's hard reload sends Cache-Control: no-cache) is computed again, and kept anew. */
export const asksFresh = (cacheControl: string | undefined) => cacheControl !== undefined && /\bno-cache\b/i.test(cacheControl)

/**
 * Keeps a signed-in read's answer (GET, 200) and answers the same read from it while the store
 * has not been written and the quarter hour is the same: one caller (user, company and branch
 * asked for, language) asking the same address gets the same bytes without the records being
 * read, sorted and serialised again. After requireAuth: the session is checked on every request;
 * an access change is a write, so a kept answer never outlives the right to read it.
 */
export function answersUntilWrite(deps: { writeMark: WriteMark; now: () => number }, kept = new KeptAnswers()) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const mark = deps.writeMark()
    if (mark === null || c.req.method !== 'GET' || c.req.url.length > MAX_KEPT_URL) return next()
    const key = untilWriteKey('api', c.get('auth').user.id, c.req.header('x-empresa') ?? '', c.req.header('x-filial') ?? '', (c.req.header('accept-language') ?? '').slice(0, 200), quarterHour(deps.now()), c.req.url)
    const hit = asksFresh(c.req.header('cache-control')) ? undefined : kept.find(key, mark)
    if (hit) return new Response(hit.body, { status: 200, headers: hit.headers })
    await next()
    if (c.res.status !== 200 || deps.writeMark() !== mark) return
    const body = new Uint8Array(await c.res.arrayBuffer())
    const headers = [...c.res.headers]
    c.res = new Response(body, { status: 200, headers })
    kept.keep(key, mark, body, headers)
  })
}
