import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { authenticate } from './auth.ts'
import { randomToken } from './base64.ts'
import type { Deps } from './deps.ts'
import { quarterHour, untilWriteKey, type KeptAnswers } from './until-write.ts'

/** The cookie of a page's session (app/lib/cookies.server.ts COOKIE.token). */
export const SESSION_COOKIE = 'token'

/** A page answer's nonce for the scripts it inlines: new for every answer, kept ones included. */
export const pageNonce = () => randomToken(18)

/**
 * What the page handler does with a request: answer it from a kept page, or render it and pass the
 * answer through `keep`, saying whether every call to the BFF the render made succeeded (a page
 * drawn around a failed call shows less than there is: it is not kept).
 */
export type PageKeeping =
  { answer: Response } | { keep: (res: Response, complete: boolean) => Promise<Response> } | null

/** A document, or the data of a page the browser navigates to in the app; never a file a resource route sends. */
const KEPT_TYPES = /^text\/(html|x-script)\b/
const POLICY = 'content-security-policy'
const NONCE = /'nonce-([\w-]+)'/

/**
 * Signed-in pages kept until the next write, as the API's reads are (KeptAnswers, one memory for
 * both): a page answer (GET, 200, HTML or page data, setting no cookie) to a request with a
 * session is kept per Cookie header (session, company, branch, language, theme, form token),
 * Accept-Language, quarter hour and address: what rendering that request again would give while
 * the store is not written. Before a kept page goes out its session is checked (it may have ended
 * since, with nothing written), and the page gets a nonce of its own, put in place of the kept one
 * in its policy and its scripts. A kept page skips its loaders, so a token near its end is renewed
 * (view-layout) at the next quarter hour at the latest: hours before it ends.
 */
export function pagesUntilWrite(deps: Deps, kept: KeptAnswers) {
  return async (c: Context): Promise<PageKeeping> => {
    const since = c.req.method === 'GET' ? kept.since(c.req.url) : null
    const token = getCookie(c, SESSION_COOKIE)
    if (since === null || !token) return null
    const language = (c.req.header('accept-language') ?? '').slice(0, 200)
    const key = untilWriteKey('page', c.req.header('cookie') ?? '', language, quarterHour(deps.now()), c.req.url)
    const hit = kept.find(key, c.req.header('cache-control'))
    if (typeof hit?.body === 'string' && (await authenticate(deps, token))) {
      const old = NONCE.exec(hit.headers.find(([name]) => name === POLICY)?.[1] ?? '')?.[1]
      const nonce = pageNonce()
      const fresh = (text: string) => (old ? text.replaceAll(old, () => nonce) : text)
      const headers = hit.headers.map(([name, value]): [string, string] => [
        name,
        name === POLICY ? fresh(value) : value,
      ])
      return { answer: new Response(fresh(hit.body), { status: 200, headers }) }
    }
    return {
      keep: async (res, complete) => {
        if (
          !complete ||
          res.status !== 200 ||
          res.headers.has('set-cookie') ||
          !KEPT_TYPES.test(res.headers.get('content-type') ?? '')
        )
          return res
        const body = await res.text()
        const headers = [...res.headers]
        kept.keep(key, since, body, headers)
        return new Response(body, { status: 200, headers })
      },
    }
  }
}
