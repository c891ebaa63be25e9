import { createMiddleware } from 'hono/factory'
import type { AppEnv, Auth, Deps } from './deps.ts'
import { apiError } from './errors.ts'
import { DEFAULT_ID, requestTenant } from './tenancy.ts'

export function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i)
  return match ? match[1] : null
}

/** Resolves a token to a live session of an active user, or null. */
export async function authenticate(deps: Deps, token: string): Promise<Auth | null> {
  const claims = await deps.verifyToken(token, Math.floor(deps.now() / 1000))
  if (!claims) return null
  const [session, user] = await Promise.all([
    deps.repos.sessions.find(claims.sid),
    deps.repos.users.findById(claims.sub),
  ])
  if (!session || !user || session.userId !== user.value.id) return null
  if (!user.value.active || session.epoch !== user.value.sessionEpoch) return null
  if (Date.parse(session.expiresAt) <= deps.now()) return null
  return { user: user.value, userVersion: user.version, session, token }
}

/**
 * What a page request hands the BFF calls it makes in process: the sessions it has already
 * authenticated, so a page's five calls check the token once. Only those calls can carry it:
 * it travels in the request's env, which for a request from outside is the runtime's own.
 */
export const PAGE_SESSIONS = Symbol('the sessions a page request authenticated')
export type PageSessions = Map<string, Promise<Auth | null>>

const pageSessions = (env: unknown): PageSessions | undefined =>
  env !== null && typeof env === 'object'
    ? ((env as Record<symbol, unknown>)[PAGE_SESSIONS] as PageSessions | undefined)
    : undefined

/** The token's session, checked once per page request (each time for an API client). */
function authenticateOnce(deps: Deps, token: string, env: unknown): Promise<Auth | null> {
  const known = pageSessions(env)
  if (!known) return authenticate(deps, token)
  let auth = known.get(token)
  if (!auth) known.set(token, (auth = authenticate(deps, token)))
  return auth
}

/**
 * Every signed-in call: a valid bearer token, else 401. A company or branch named in
 * X-Empresa / X-Filial is checked here too, for every call: one the user does not hold is
 * refused with 403 before any handler runs.
 */
export function requireAuth(deps: Deps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = bearerToken(c.req.header('authorization'))
    const auth = token ? await authenticateOnce(deps, token, c.env) : null
    if (!auth) throw apiError(401, 'Invalid token')
    c.set('auth', auth)
    const empresa = c.req.header('x-empresa')
    const filial = c.req.header('x-filial')
    if (namesTenant(empresa) || namesTenant(filial))
      c.set('tenant', await requestTenant(deps, auth.user, empresa, filial))
    await next()
  })
}

const namesTenant = (header: string | undefined) =>
  header !== undefined && header.trim() !== '' && header.trim() !== String(DEFAULT_ID)
