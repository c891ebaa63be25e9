import type { Context } from 'hono'
import type { AppEnv, Deps } from './deps.ts'
import { authenticate, bearerToken } from './auth.ts'
import { CULTURES, requestCulture } from '../../domain/cultures.ts'
import { apiError } from './errors.ts'

/** The calls the real backend answers in upstream mode (docs/shell.md §7): the ac_*, cd_* modules and the FileManager. */
export const FORWARDED = /^(?:\/api)?\/(?:ac_|cd_|FileManager\/)/

/** Accept-Language as docs/shell.md §7 sends it: en-US, es-MX or pt-BR from the culture, default en. */
export function upstreamLanguage(header: string | undefined): string {
  const culture = requestCulture(header, null)
  return culture ? CULTURES[culture] : 'en'
}

// Hop-by-hop and length headers are the connection's own, never passed on.
const DROPPED = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'content-length',
  'content-encoding',
])

/**
 * Upstream mode (UPSTREAM_API_URL): the BFF checks the session (401 here, nothing sent on) and
 * forwards the call to `{UPSTREAM_API_URL}/api/...` with the headers of docs/shell.md §7 —
 * the same bearer token, Accept-Language, X-Filial and X-Empresa (-1 by default), no-store,
 * JSON content type unless the body is form data — streaming the body both ways. The real
 * backend owns companies, branches, users and files there: its answers (status, body, wrapper)
 * come back untouched. No answer within the time limit: 504; unreachable: 502. The caller
 * sends only the FORWARDED calls here.
 */
export function forwardUpstream(deps: Deps, base: string, timeoutMs: number) {
  const root = base.replace(/\/+$/, '')
  return async (c: Context<AppEnv>): Promise<Response> => {
    const token = bearerToken(c.req.header('authorization'))
    if (!token || !(await authenticate(deps, token))) throw apiError(401, 'Invalid token')
    const url = new URL(c.req.url)
    const target = `${root}/api${c.req.path.replace(/^\/api(?=\/)/, '')}${url.search}`
    const incomingType = c.req.header('content-type') ?? ''
    const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.req.raw.body !== null
    const headers: Record<string, string> = {
      Authorization: `Bearer ${token}`,
      'Accept-Language': upstreamLanguage(c.req.header('accept-language')),
      'X-Filial': c.req.header('x-filial')?.trim() || '-1',
      'X-Empresa': c.req.header('x-empresa')?.trim() || '-1',
      'Cache-Control': 'no-store',
      Accept: c.req.header('accept') ?? 'application/json',
    }
    if (hasBody || incomingType)
      headers['Content-Type'] = incomingType.startsWith('multipart/form-data') ? incomingType : 'application/json'
    if (c.req.header('if-match')) headers['If-Match'] = c.req.header('if-match')!
    // a write that may be sent again is the upstream's to run once (docs/api.md §8)
    if (c.req.header('idempotency-key')) headers['Idempotency-Key'] = c.req.header('idempotency-key')!
    let answer: Response
    // the bound is on the answer's coming (the request sent and the answer's status and headers
    // back): a large answer then streams through for as long as it takes (one that stalls mid-way is
    // ended by fetch's own wait for the next bytes of a body, 300 s)
    const waiting = new AbortController()
    const timer = setTimeout(
      () => waiting.abort(new DOMException('The upstream did not answer in time', 'TimeoutError')),
      timeoutMs,
    )
    try {
      answer = await fetch(target, {
        method: c.req.method,
        headers,
        body: hasBody ? c.req.raw.body : undefined,
        // a request body is streamed as it arrives
        ...(hasBody ? { duplex: 'half' } : {}),
        redirect: 'manual',
        signal: waiting.signal,
      } as RequestInit)
    } catch (error) {
      const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')
      deps.log.error(`upstream ${c.req.method} ${target} ${timedOut ? 'timed out' : 'failed'}`, error)
      if (timedOut)
        return c.json(
          {
            IsSuccess: false,
            Dados: null,
            Msg: `The service did not answer within ${Math.round(timeoutMs / 100) / 10} s. Try again in a moment.`,
          },
          504,
        )
      return c.json(
        { IsSuccess: false, Dados: null, Msg: 'The service cannot be reached. Try again in a moment.' },
        502,
      )
    } finally {
      clearTimeout(timer)
    }
    const out = new Headers()
    answer.headers.forEach((value, name) => {
      if (!DROPPED.has(name.toLowerCase())) out.set(name, value)
    })
    out.set('Cache-Control', 'no-store')
    return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: out })
  }
}
