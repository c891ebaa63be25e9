import { createMiddleware } from 'hono/factory'
import type { AppEnv } from './deps.ts'

/** What a kept answer may take: entries above `entryBytes` are not kept, and the oldest go past `totalBytes`. */
export type AnswerCacheLimits = { entryBytes: number; totalBytes: number }
const LIMITS: AnswerCacheLimits = { entryBytes: 256 * 1024, totalBytes: 8 * 1024 * 1024 }

/** A day starts on a quarter hour in every time zone: an answer that depends on today (a quote's expiry) changes with it. */
const QUARTER_HOUR_MS = 900_000

type Kept = { mark: number; body: Uint8Array<ArrayBuffer>; headers: Array<[string, string]> }

/**
 * Keeps a read's answer (GET, 200) and answers the same read from it while the store has not
 * been written since and the quarter hour is the same: one caller (user, company and branch,
 * language) asking the same address gets the same bytes without the records being read, sorted
 * and serialised again. Runs after the caller is authenticated and the tenant resolved; an access
 * change is a write, so a kept answer never outlives the right to read it. Where another process
 * may write (redis, KV: no write mark) nothing is kept.
 */
export function answerCache(deps: { writeMark: () => number | null; now: () => number }, limits: AnswerCacheLimits = LIMITS) {
  const kept = new Map<string, Kept>()
  let bytes = 0
  const drop = (key: string) => {
    const old = kept.get(key)
    if (!old) return
    kept.delete(key)
    bytes -= old.body.byteLength
  }
  return createMiddleware<AppEnv>(async (c, next) => {
    const mark = deps.writeMark()
    if (mark === null || c.req.method !== 'GET') return next()
    // the caller and what the answer is made from besides the records: the tenant asked for, the language, the quarter hour
    const key = `${c.get('auth').user.id}\n${c.req.header('x-empresa') ?? ''}\n${c.req.header('x-filial') ?? ''}\n${c.req.header('accept-language') ?? ''}\n${Math.floor(deps.now() / QUARTER_HOUR_MS)}\n${c.req.url}`
    const hit = kept.get(key)
    if (hit?.mark === mark) return new Response(hit.body, { status: 200, headers: hit.headers })
    await next()
    // an answer read while the store was written may mix before and after: not kept
    if (c.res.status !== 200 || deps.writeMark() !== mark) return
    const body = new Uint8Array(await c.res.arrayBuffer())
    const headers = [...c.res.headers]
    c.res = new Response(body, { status: 200, headers })
    drop(key)
    if (body.byteLength > limits.entryBytes) return
    kept.set(key, { mark, body, headers })
    bytes += body.byteLength
    for (const [oldest] of kept) {
      if (bytes <= limits.totalBytes) break
      drop(oldest)
    }
  })
}
