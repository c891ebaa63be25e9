import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { IDEMPOTENCY_KEEP_MS, IDEMPOTENCY_RENEW_MS, type Claim } from '../../storage/repositories/idempotency.ts'
import { accessOf } from '../access.ts'
import { authenticate, bearerToken, namesTenant } from './auth.ts'
import { sha256Base64, sha256Hex, uuidFromHex } from './base64.ts'
import type { AppEnv, Auth, Deps } from './deps.ts'
import { apiError, jsonException } from './errors.ts'
import { fromPage, oncePerPage } from './page-request.ts'
import { checkTenantAndPage } from './tenancy.ts'

/** The header of a write that may be repeated (the IETF httpapi draft "The Idempotency-Key HTTP Header Field"). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key'
/** A key: 1 to 255 visible ASCII characters (a UUID is the usual choice). */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/
/** Marks an answer given again for a repeated key. */
export const REPLAYED_HEADER = 'Idempotent-Replayed'
/** The headers of a first answer that its repeats carry too. */
const KEPT_HEADERS = ['content-type', 'etag', 'location']
/** An answer longer than this (characters) is kept as its digest: a repeat gets its status and headers, no body. */
export const KEPT_BODY_MAX = 32 * 1024
/** Per user, over the 7 days answers are kept: at most this many writes with a key (past it, a new key gets 429) ... */
export const KEPT_ANSWERS_MAX = 5_000
/** ... and this many characters of kept bodies (past it, answers are kept as their digest). */
export const KEPT_BYTES_MAX = 16 * 1024 * 1024
/** At most this many keys a process remembers to give back once its storage answers again (the oldest go). */
const UNRELEASED_MAX = 10_000
/** How often the keys past their time are removed, at most (on the first write after it). */
const SWEEP_EVERY_MS = 60 * 60 * 1000

/**
 * Writes that may be repeated (docs/api.md §8): a POST, PUT, PATCH or DELETE with an
 * Idempotency-Key runs once per caller and key. A repeat with the same request gets the first
 * answer again (with `Idempotent-Replayed: true`); with another request, 422; while the first is
 * still running, 409. Only a success is kept: a refused write changed nothing, so its key may be
 * sent again. Keys are kept IDEMPOTENCY_KEEP_MS (7 days). The company, branch and page are checked
 * before a repeat is answered; what one user keeps is bounded (KEPT_BODY_MAX, KEPT_BYTES_MAX,
 * KEPT_ANSWERS_MAX).
 */
export function idempotentWrites(deps: Deps): (c: Context<AppEnv>, next: () => Promise<void>) => Promise<void> {
  const keys = deps.repos.idempotency(deps.now)
  /** Keys of runs that are over whose release did not reach the storage, with their claim. */
  const unreleased = new Map<string, Claim>()
  let lastSweep = 0
  const sweep = () => {
    if (deps.now() - lastSweep < SWEEP_EVERY_MS) return
    lastSweep = deps.now()
    keys.sweep().catch((error: unknown) => deps.log.error('idempotency: removing old keys failed', error))
  }
  return async (c, next) => {
    const sent = c.req.header(IDEMPOTENCY_HEADER)
    if (sent === undefined) return next()
    if (!IDEMPOTENCY_KEY.test(sent))
      throw apiError(400, `${IDEMPOTENCY_HEADER}: 1 to 255 visible ASCII characters`, undefined, {
        code: 'invalid_idempotency_key',
      })
    // a signed-in user's writes only: the sign-in and token calls answer secrets not to be kept, and
    // without a token there is no one whose keys they are (a token that is not valid: the route answers 401)
    if (c.req.path.replace(/^\/api(?=\/)/, '').startsWith('/auth/')) return next()
    const auth = await callerAuth(deps, c)
    if (auth === null) return next()
    // the request's company, branch and page are checked first: one who lost them since gets 403,
    // never the kept answer (the route's own requireAuth and requireTenant find them done)
    c.set('auth', auth)
    const access = accessOf(c.req.path)
    if (
      access?.kind === 'member' ||
      access?.kind === 'page' ||
      namesTenant(c.req.header('x-empresa')) ||
      namesTenant(c.req.header('x-filial'))
    )
      await checkTenantAndPage(deps, c)
    const user = auth.user.id
    const hash = await sha256Hex(`user:${user}\n${sent}`)
    const fingerprint = await requestFingerprint(c)
    const [first, usage] = await Promise.all([keys.begin(hash, fingerprint), keys.usage(user)])
    let begun = first
    // a run of this process that is over but could not give its key back (its storage was away): now
    const held = unreleased.get(hash)
    if (begun.kind === 'running' && held) {
      await keys.abandon(hash, held)
      unreleased.delete(hash)
      begun = await keys.begin(hash, fingerprint)
    }
    if (begun.kind === 'replay') {
      const { status, headers, body, digest } = begun.answer
      const replayed = { ...headers, [REPLAYED_HEADER]: 'true' }
      // set, not returned: the body limit that calls this keeps only c.res
      c.res = digest
        ? new Response(null, { status, headers: { ...replayed, 'Repr-Digest': `sha-256=:${digest}:` } })
        : c.body(body, status as ContentfulStatusCode, replayed)
      return
    }
    if (begun.kind === 'mismatch')
      throw apiError(
        422,
        `This ${IDEMPOTENCY_HEADER} was sent with another request: use a new key for a new request`,
        undefined,
        {
          code: 'idempotency_key_reused',
        },
      )
    if (begun.kind === 'running')
      throw jsonException(
        409,
        {
          error: `A request with this ${IDEMPOTENCY_HEADER} is still running: try again in a moment`,
          code: 'idempotency_key_running',
        },
        { 'Retry-After': '1' },
      )
    // a page's own forms are not held to it: a person's clicks are no flood, and no page could say why
    const lease = holdLease(keys, hash, begun.claim)
    /** The run is over and changed nothing (or its outcome is unknown): the key is free at once. */
    const release = async () => {
      const claim = await lease.end()
      if (!claim) return
      await keys.abandon(hash, claim).catch(() => {
        // its storage is away: this process frees it on the key's next request; another, once the lease runs out
        if (unreleased.size >= UNRELEASED_MAX) unreleased.delete(unreleased.keys().next().value!)
        unreleased.set(hash, claim)
      })
    }
    if (usage.keys >= KEPT_ANSWERS_MAX && !fromPage(c.env)) {
      await release()
      throw jsonException(
        429,
        {
          error: `You have sent ${KEPT_ANSWERS_MAX.toLocaleString('en')} writes with an ${IDEMPOTENCY_HEADER} in 7 days: send this one again after Retry-After seconds`,
          code: 'idempotency_quota_exceeded',
        },
        { 'Retry-After': String(Math.max(1, Math.ceil((usage.freesAt - deps.now()) / 1000))) },
      )
    }
    sweep()
    try {
      // the ids this request's creates make follow from the caller, the key and the request (recordIds)
      c.set('idempotency', await sha256Hex(`${hash}\n${fingerprint}`))
      await next()
    } catch (error) {
      await release()
      throw error
    }
    const res = c.res
    if (res.status >= 200 && res.status < 300) {
      const headers: Record<string, string> = {}
      for (const name of KEPT_HEADERS) {
        const value = res.headers.get(name)
        if (value !== null) headers[name] = value
      }
      const text = await res.clone().text()
      // a big answer, or one past the user's bytes, is kept as its digest: what a repeat learns is that
      // it landed (a page's form, which reads the answer it is given, keeps a big one within the bytes)
      const answer =
        (text.length > KEPT_BODY_MAX && !fromPage(c.env)) || usage.bytes + text.length > KEPT_BYTES_MAX
          ? { status: res.status, headers, body: '', digest: await sha256Base64(text) }
          : { status: res.status, headers, body: text }
      // the write is done: a failure to keep its answer is logged, never answered as the write's
      const claim = await lease.end()
      if (claim)
        await keys
          .finish(hash, claim, answer)
          .then(() => keys.countKept(user, answer.body.length, fromPage(c.env) ? 0 : 1))
          .catch((error: unknown) => deps.log.error('idempotency: keeping an answer failed', error))
    } else await release()
  }
}

/**
 * A running request's hold on its key: renewed every IDEMPOTENCY_RENEW_MS while it runs, so a
 * request that ended without a word (its process killed) frees the key within IDEMPOTENCY_LEASE_MS.
 * `end` stops renewing and answers the claim held (null: another request took the key over).
 */
function holdLease(keys: ReturnType<Deps['repos']['idempotency']>, hash: string, first: Claim) {
  let claim: Claim | null = first
  let renewing: Promise<unknown> = Promise.resolve()
  const timer = setInterval(() => {
    renewing = renewing.then(async () => {
      if (claim) claim = await keys.renew(hash, claim).catch(() => claim)
    })
  }, IDEMPOTENCY_RENEW_MS)
  return {
    async end(): Promise<Claim | null> {
      clearInterval(timer)
      await renewing
      return claim
    },
  }
}

/**
 * The ids of the records a request creates: random, or — for a request with an Idempotency-Key —
 * the same for every run of it, so a create run again after a crash lost its answer finds the
 * record it made instead of making a second (bff/lib/resource.ts). Version-4 UUIDs either way.
 */
export function recordIds(hash: string | undefined): () => string {
  if (!hash) return () => crypto.randomUUID()
  let made = 0
  return () => {
    if (made > 0xffff) throw new Error('a request made more than 65,536 records')
    return uuidFromHex(hash.slice(0, 28) + (made++).toString(16).padStart(4, '0'))
  }
}

/** Whose keys these are: the signed-in user (null: no token, or one that is not valid). */
function callerAuth(deps: Deps, c: Context<AppEnv>): Promise<Auth | null> | null {
  const token = bearerToken(c.req.header('authorization'))
  if (!token) return null
  // the same check requireAuth makes, worked out once for a page request's calls
  return oncePerPage(c.env, `session\n${token}`, () => authenticate(deps, token))
}

/** The request a key was sent with: method, path and query, company and branch, and the body's bytes. */
async function requestFingerprint(c: Context<AppEnv>): Promise<string> {
  const body = await sha256Base64(new Uint8Array(await c.req.arrayBuffer()))
  const url = new URL(c.req.url)
  return sha256Hex(
    [
      c.req.method,
      url.pathname + url.search,
      c.req.header('x-empresa') ?? '',
      c.req.header('x-filial') ?? '',
      body,
    ].join('\n'),
  )
}

export { IDEMPOTENCY_KEEP_MS }
