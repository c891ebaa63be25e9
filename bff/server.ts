import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { getCookie } from 'hono/cookie'
import { serialize } from 'hono/utils/cookie'
import { createRequestHandler, RouterContextProvider, type RouterContext, type ServerBuild } from 'react-router'
import { createBff, type BffOptions } from './app.ts'
import { IDEMPOTENCY_HEADER } from './lib/idempotency.ts'
import { PAGE_REQUEST, type PageRequestMemo } from './lib/page-request.ts'
import { PAGE_CALLER } from './lib/client-address.ts'
import { randomToken, sha256Hex } from './lib/base64.ts'
import { gzipped } from './lib/gzip.ts'
import { timingSafeEqual } from './lib/passwords.ts'
import { formLimits } from './lib/form-limits.ts'
import { bodyLimit } from 'hono/body-limit'
import {
  FORM_EXPIRED,
  FORM_KEY_FIELD,
  PAGE_FORM_MAX_BYTES,
  type ServerContext as ServerContextValue,
} from '../domain/server-context.ts'

export type ServerOptions = BffOptions & {
  build: ServerBuild
  /** Serves the client build's files (runtime-specific); absent where the platform serves them. */
  staticFiles?: MiddlewareHandler
  /** gzip responses here (Node); Workers and Deno.serve compress on their own. */
  compress?: boolean
}

/** In production the __Host- prefix: the browser then takes it only Secure, for the whole site, from this host alone. */
const csrfCookieName = (production: boolean) => (production ? '__Host-csrf' : 'csrf')
const csrfCookie = (token: string, production: boolean) =>
  serialize(csrfCookieName(production), token, { path: '/', httpOnly: true, sameSite: 'Lax', secure: production })
const tooLarge = () =>
  new Response('The form is too large.', { status: 413, headers: { 'content-type': 'text/plain; charset=utf-8' } })
const PAGE_HEADERS = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'same-origin'],
  ['X-Frame-Options', 'DENY'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()'],
] as const
/**
 * A page's Content-Security-Policy: scripts only from this site and the ones the server inlined
 * with this request's nonce (React Router's hydration data); styles from this site (Tailwind's
 * classes) and inline style attributes; images from here, data URLs and the web (avatars, links
 * a user set); no framing, no plugins, forms only to this site.
 */
const pagePolicy = (nonce: string) =>
  [
    `default-src 'self'`,
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob: https:`,
    `font-src 'self' data:`,
    `connect-src 'self'`,
    `frame-ancestors 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `object-src 'none'`,
  ].join('; ')
/** The API answers data, never a document: nothing may run or frame it. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'"
/** HTTPS only from the first answer on, for a year (production: TLS is the proxy's or the platform's). */
const HSTS = 'max-age=31536000; includeSubDomains'
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** An answer that sets a session (not one that clears it): the cookie app/lib/cookies.server.ts names COOKIE.token. */
const SESSION_SET = /^token=[^;]/
/** An answer that ends the session on this browser (sign-out): the cookie cleared. */
const SESSION_CLEARED = /^token=;/

/**
 * The one deployable: the BFF under /api, the client build's files, and the React Router
 * pages for everything else, whose loaders and actions reach the BFF in process.
 */
export async function createServer(options: ServerOptions) {
  const bff = await createBff(options)
  const production = options.config.production
  // where the browser reaches the site: PUBLIC_URL in production (behind a TLS proxy the socket says
  // http and the Host is the proxy's to set), the request's own address outside it
  const publicOrigin = production && options.config.publicUrl ? new URL(options.config.publicUrl).origin : null
  // Production mode always: React Router's development mode answers errors with their stack and the install path.
  const handle = createRequestHandler(options.build, 'production')
  // The context key must be the very object the build's loaders read: take it from the build.
  const contextKey = (options.build.entry.module as unknown as { serverContext: RouterContext<ServerContextValue> })
    .serverContext

  // gzip for pages and assets (Node); Workers and Deno.serve compress on their own
  const zip = (res: Response, c: Context) => (options.compress ? gzipped(res, c.req.header('accept-encoding')) : res)
  const app = new Hono()
  // headers every answer carries; the pages add their policy with the request's nonce
  app.use('*', async (c, next) => {
    await next()
    if (production) c.res.headers.set('Strict-Transport-Security', HSTS)
    if (c.req.path.startsWith('/api/')) {
      if (!c.res.headers.has('Content-Security-Policy')) c.res.headers.set('Content-Security-Policy', API_POLICY)
      c.res.headers.set('X-Content-Type-Options', 'nosniff')
    }
  })
  app.route('/api', bff.api)
  // everything under /api is the API's: an unknown path answers its JSON 404, a known one with another method 405 and Allow, never a page
  app.all('/api/*', bff.unmatched)
  // docs/shell.md §7: the client's translation files at ./i18n/{lang}.json
  // the file name goes on encoded: a decoded '../' must not reach another API route
  app.get('/i18n/:file', (c) =>
    bff.api.fetch(new Request(new URL(`/i18n/${encodeURIComponent(c.req.param('file'))}`, c.req.url)), c.env),
  )
  if (options.staticFiles) {
    app.use('/assets/*', async (c, next) => {
      await next()
      if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable')
      const zipped = zip(c.res, c)
      if (zipped !== c.res) {
        c.res = zipped
        // Hono carries the old headers over to the new answer: the plain length must go
        c.res.headers.delete('content-length')
      }
    })
    app.use('/assets/*', options.staticFiles)
    app.use('/favicon.svg', options.staticFiles)
  }
  // Every page write is bounded before anything reads it (the CSRF check parses the form): by
  // what its route declares (a route that takes files), else as a small form.
  const limitOf = formLimits(options.build, PAGE_FORM_MAX_BYTES)
  const limits = new Map<number, MiddlewareHandler>()
  const limited = (maxSize: number) =>
    bodyLimit({
      maxSize,
      // a form sent without scripts goes back to its page, which says the file is too large
      onError: (c) => {
        const back = limitOf(c.req.path, c.req.query('index') !== undefined).tooLarge
        return back ? new Response(null, { status: 303, headers: { Location: back } }) : tooLarge()
      },
    })
  app.on(['POST', 'PUT', 'PATCH', 'DELETE'], '*', (c, next) => {
    const { maxSize } = limitOf(c.req.path, c.req.query('index') !== undefined)
    let limit = limits.get(maxSize)
    if (!limit) limits.set(maxSize, (limit = limited(maxSize)))
    return limit(c, next)
  })
  app.all('*', async (c) => {
    // the pages see the request at the site's address: the form checks (this one and React
    // Router's own) compare the browser's Origin with it, and whatever a page makes of its URL is the site's
    const request = publicOrigin ? atOrigin(c.req.raw, publicOrigin) : c.req.raw
    const csrf = await csrfCheck(c, request, production)
    if (csrf instanceof Response) return csrf
    const context = new RouterContextProvider()
    // In process, with the page request's runtime env and address, so the BFF sees the same caller,
    // and what it worked out for this page's calls (page-request.ts: a write clears it)
    const worked: PageRequestMemo = new Map()
    const env = {
      ...(c.env as object | undefined),
      [PAGE_REQUEST]: worked,
      [PAGE_CALLER]: bff.deps.clientAddress(c),
    }
    const writeKey = formWriteKeys(csrf.form)
    const api = async (path: string, init?: RequestInit) => {
      const write = init?.method !== undefined && !SAFE_METHODS.has(init.method)
      // the write's key is taken once: its retries while the first submission runs send the same one
      const keyed = write ? withKey(init, await writeKey(path, init)) : init
      const answer = write
        ? await idempotentCall(() => bff.api.request(path, keyed, env))
        : await bff.api.request(path, init, env)
      if (write) worked.clear()
      return answer
    }
    const nonce = randomToken(18)
    context.set(contextKey, {
      api,
      production,
      formKey: randomToken(18),
      csrfToken: csrf.token,
      form: csrf.form,
      defaultLayout: options.config.defaultLayout,
      signUpOpen: options.config.signUpOpen,
      nonce,
    })
    const res = await handle(request, context)
    // a form that opened a session (sign-in, unlock) gets a fresh token: one planted before sign-in is worth nothing after
    const signedIn =
      !SAFE_METHODS.has(c.req.method) && res.headers.getSetCookie().some((cookie) => SESSION_SET.test(cookie))
    if (signedIn) res.headers.append('Set-Cookie', csrfCookie(randomToken(24), production))
    else if (csrf.setCookie) res.headers.append('Set-Cookie', csrf.setCookie)
    // one that ended it has the browser drop what it kept of it: pages and files in its cache, the company picked
    if (res.headers.getSetCookie().some((cookie) => SESSION_CLEARED.test(cookie)))
      res.headers.set('Clear-Site-Data', '"cache", "storage"')
    for (const [name, value] of PAGE_HEADERS) res.headers.set(name, value)
    // every page carries the reader's form tokens, and many a secret link or personal data: no cache keeps one
    if (!res.headers.has('Cache-Control')) res.headers.set('Cache-Control', 'no-store')
    // a page without the language cookie speaks the browser's language
    res.headers.append('Vary', 'Accept-Language')
    if (!res.headers.has('Content-Security-Policy')) res.headers.set('Content-Security-Policy', pagePolicy(nonce))
    return zip(res, c)
  })
  return { app, bff }
}

const FORM_KEY = /^[\w-]{16,64}$/

/**
 * The Idempotency-Key of each BFF write a page's form action makes (docs/api.md §8): the form's
 * key, what the write sends and its place among the action's writes — so the same form sent again
 * makes the same writes with the same keys, and two forms of one page (which share its key) make
 * writes of their own. Nothing for a form without a key (or a read).
 */
function formWriteKeys(form: FormData | null): (path: string, init?: RequestInit) => Promise<string | undefined> {
  const key = form?.get(FORM_KEY_FIELD)
  if (typeof key !== 'string' || !FORM_KEY.test(key)) return async () => undefined
  let writes = 0
  return async (path, init) => {
    const sent = `${init?.method} ${path}\n${typeof init?.body === 'string' ? init.body : ''}`
    return `form-${key}-${(await sha256Hex(sent)).slice(0, 16)}-${++writes}`
  }
}

function withKey(init: RequestInit | undefined, key: string | undefined): RequestInit | undefined {
  if (!key) return init
  const headers = new Headers(init?.headers)
  if (!headers.has(IDEMPOTENCY_HEADER)) headers.set(IDEMPOTENCY_HEADER, key)
  return { ...init, headers }
}

/** How long a page's write waits for the first request of its key (a double click) to finish. */
const RUNNING_WAIT_MS = 10_000
const RUNNING_POLL_MS = 100

/** A page's write whose form is still being written by its first submission waits for its answer, and gets it. */
async function idempotentCall(call: () => Response | Promise<Response>): Promise<Response> {
  const until = Date.now() + RUNNING_WAIT_MS
  for (;;) {
    const answer = await call()
    if (answer.status !== 409 || Date.now() > until) return answer
    const body = (await answer
      .clone()
      .json()
      .catch(() => null)) as { code?: string } | null
    if (body?.code !== 'idempotency_key_running') return answer
    await new Promise((resolve) => setTimeout(resolve, RUNNING_POLL_MS))
  }
}

/**
 * Double-submit CSRF protection for every form action of the pages: a random token in an
 * httpOnly SameSite cookie, echoed by each form in a hidden field; a write whose field does
 * not match, or that comes from another origin than the request's (the site's), is refused before any action runs.
 */
async function csrfCheck(
  c: Context,
  request: Request,
  production: boolean,
): Promise<{ token: string; setCookie?: string; form: FormData | null } | Response> {
  const existing = getCookie(c, csrfCookieName(production))
  if (SAFE_METHODS.has(c.req.method)) {
    if (existing && /^[\w-]{20,}$/.test(existing)) return { token: existing, form: null }
    const token = randomToken(24)
    return { token, setCookie: csrfCookie(token, production), form: null }
  }
  const origin = c.req.header('origin')
  if (origin && origin !== new URL(request.url).origin) return forbidden()
  const type = c.req.header('content-type') ?? ''
  if (!existing || !(type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data')))
    return forbidden()
  // parsed once, from a copy (React Router hands the request on to the action): the action takes this form (app/lib/forms.server.ts)
  const form = await request.clone().formData()
  const sent = form.get('csrf')
  if (typeof sent !== 'string' || !timingSafeEqual(new TextEncoder().encode(sent), new TextEncoder().encode(existing)))
    return forbidden()
  return { token: existing, form }
}

/** The request as the browser sent it to `origin` (the site's public address), its body unread. */
function atOrigin(raw: Request, origin: string): Request {
  const url = new URL(raw.url)
  return new Request(`${origin}${url.pathname}${url.search}`, {
    method: raw.method,
    headers: raw.headers,
    body: raw.body,
    signal: raw.signal,
    // a body streamed on (Node's fetch asks for it)
    ...({ duplex: 'half' } as object),
  })
}

function forbidden() {
  return new Response(FORM_EXPIRED, {
    status: 403,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  })
}

export type Server = Awaited<ReturnType<typeof createServer>>
export type { Context }
