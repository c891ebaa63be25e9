import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { requestCulture } from '../../domain/cultures.ts'
import type { AppEnv, Auth, Deps } from './deps.ts'
import { apiError } from './errors.ts'
import { oncePerPage } from './page-request.ts'
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
 * Every signed-in call: a valid bearer token, else 401. A company or branch named in
 * X-Empresa / X-Filial is checked here too, for every call: one the user does not hold is
 * refused with 403 before any handler runs.
 */
export function requireAuth(deps: Deps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = bearerToken(c.req.header('authorization'))
    // once per page request (page-request.ts), each time for an API client
    const auth = token ? await oncePerPage(c.env, `session\n${token}`, () => authenticate(deps, token)) : null
    if (!auth) throw apiError(401, 'Invalid token')
    c.set('auth', auth)
    const empresa = c.req.header('x-empresa')
    const filial = c.req.header('x-filial')
    if (namesTenant(empresa) || namesTenant(filial)) c.set('tenant', await requestTenant(deps, c))
    await next()
  })
}

/** Whether a request's X-Empresa or X-Filial header names a company or branch (not empty, not -1). */
export const namesTenant = (header: string | undefined) =>
  header !== undefined && header.trim() !== '' && header.trim() !== String(DEFAULT_ID)

/** The signed-in reader's language: the request's (the pages send the one they show), else the user's own. */
export const readerCulture = (c: Context<AppEnv>) =>
  requestCulture(c.req.header('accept-language'), c.get('auth').user.culture)
