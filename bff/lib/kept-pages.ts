import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { authenticate } from './auth.ts'
import { randomToken } from './base64.ts'
import type { Deps } from './deps.ts'
import { asksFresh, MAX_KEPT_URL, quarterHour, untilWriteKey, type KeptAnswers, type WriteMark } from './until-write.ts'

/** The cookie of a page's session (app/lib/cookies.server.ts COOKIE.token). */
export const SESSION_COOKIE = 'token'

/** A page answer's nonce for the scripts it inlines: new for every answer, kept ones included. */
export const pageNonce = () => randomToken(18)

/**
 * What the page handler does with a request: answer it from a kept page, or render it and pass the
 * answer through `keep`, saying whether every call to the BFF the render made succeeded (a page
 * drawn around a failed call shows less than there is: it is not kept).
 */
export type PageKeeping = { answer: Response } | { keep: (res: Response, complete: boolean) => Promise<Response> } | null

/** A document, or the data of a page the browser navigates to in the app; never a file a resource route sends. */
const KEPT_TYPES = /^text\/(html|x-script)\b/
const POLICY = 'content-security-policy'
const NONCE = /'nonce-([\w-]+)'/
/** The session cookie named twice: Hono's reading and the pages' may each take another one, so such a request is never kept. */
const SESSION_COOKIES = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=`, 'g')

/**
 * Signed-in pages kept until the next write, as the API's reads are (KeptAnswers, one memory for
 * both): a page answer (GET, 200, HTML or page data, setting no cookie) is kept per session and
 * cookies (company, branch, language, theme, form token: the Cookie header whole),
 * Accept-Language, quarter hour and address, and answered again while the store is not written.
 * The session is checked on every request before; each answer goes out with a nonce of its own,
 * put in place of the kept one in its policy and its scripts. A kept page skips its loaders, so
 * a token near its end is renewed (view-layout) at the next quarter hour at the latest: hours
 * before it ends.
 */
export function pagesUntilWrite(deps: Deps, kept: KeptAnswers, writeMark: WriteMark) {
  return async (c: Context): Promise<PageKeeping> => {
    const mark = writeMark()
    if (mark === null || c.req.method !== 'GET' || c.req.url.length > MAX_KEPT_URL) return null
    const cookies = c.req.header('cookie') ?? ''
    const token = getCookie(c, SESSION_COOKIE)
    if (!token || (cookies.match(SESSION_COOKIES)?.length ?? 0) > 1) return null
    const auth = await authenticate(deps, token)
    if (!auth) return null
    const language = (c.req.header('accept-language') ?? '').slice(0, 200)
    const key = untilWriteKey('page', auth.user.id, cookies, language, quarterHour(deps.now()), c.req.url)
    const hit = asksFresh(c.req.header('cache-control')) ? undefined : kept.find(key, mark)
    if (hit && typeof hit.body === 'string') {
      const old = NONCE.exec(hit.headers.find(([name]) => name === POLICY)?.[1] ?? '')?.[1]
      if (!old) return { answer: new Response(hit.body, { status: 200, headers: hit.headers }) }
      const nonce = pageNonce()
      const fresh = () => nonce
      const headers = hit.headers.map(([name, value]): [string, string] => [name, name === POLICY ? value.replaceAll(old, fresh) : value])
      return { answer: new Response(hit.body.replaceAll(old, fresh), { status: 200, headers }) }
    }
    return {
      keep: async (res, complete) => {
        if (!complete || res.status !== 200 || res.headers.has('set-cookie') || !KEPT_TYPES.test(res.headers.get('content-type') ?? '') || writeMark() !== mark) return res
        const body = await res.text()
        const headers = [...res.headers]
        kept.keep(key, mark, body, headers)
        return new Response(body, { status: 200, headers })
      },
    }
  }
}
