import type { Context } from 'hono'
import { publicUser, type UserRecord } from '../../domain/tenancy.ts'
import { randomToken } from './base64.ts'
import type { Deps } from './deps.ts'
import { jsonException, tooManyRequests } from './errors.ts'
import { decoyHash, verifyPassword } from './passwords.ts'
import { signAccessToken, TOKEN_LIFETIME_SECONDS } from './tokens.ts'
import type { SessionRecord } from '../../storage/repositories/sessions.ts'

/** A new session of the user and its access token (the sign-in answer); `id`: one chosen before (a sign-up's link). */
export async function openSession(deps: Deps, user: UserRecord, id = randomToken(18)) {
  const now = deps.now()
  const session = {
    id,
    userId: user.id,
    epoch: user.sessionEpoch,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + TOKEN_LIFETIME_SECONDS * 1000).toISOString(),
  }
  await deps.repos.sessions.save(session)
  return sessionAnswer(deps, user, session)
}

/** The sign-in answer of a session: the user and a fresh access token of it. */
export async function sessionAnswer(deps: Deps, user: UserRecord, session: Pick<SessionRecord, 'id'>) {
  const accessToken = await signAccessToken(
    { sub: user.id, sid: session.id },
    deps.secret,
    Math.floor(deps.now() / 1000),
  )
  return { user: publicUser(user), accessToken, tokenType: 'bearer' as const }
}

/** The spec: wrong credentials answer 404 with the body false. */
export const wrongCredentials = () => jsonException(404, false)

/**
 * Checks e-mail and password under the throttle: 404 false when wrong, 429 when locked.
 * `inAll` (unlock, password change) also counts the failures of everyone together.
 */
export async function checkCredentials(
  deps: Deps,
  c: Context,
  email: string,
  password: string,
  { inAll = false } = {},
): Promise<UserRecord> {
  const { repos } = deps
  const now = deps.now()
  const address = deps.clientAddress(c) ?? 'unknown'
  const pair = `${email}|${address}`
  const checks = [() => repos.signInByAccountAddress.begin(pair, now), () => repos.signInByAddress.begin(address, now)]
  if (inAll) checks.push(() => repos.passwordChecksInAll.begin('all', now))
  // The pair first: an attempt refused for the pair does not count against the address.
  for (const begin of checks) {
    const verdict = await begin()
    if (!verdict.allowed)
      throw tooManyRequests(verdict.retryAfterMs, { error: 'Too many sign-in attempts. Try again in 15 minutes.' })
  }
  const found = await repos.users.findByEmail(email)
  const ok = await verifyPassword(password, found?.value.password ?? decoyHash(deps.config.passwordIterations))
  if (!found || !ok || !found.value.active) throw wrongCredentials()
  // the pair starts again; the address only takes this attempt back (one good account must not wipe its failures on others)
  await Promise.all([
    repos.signInByAccountAddress.succeed(pair),
    repos.signInByAddress.forgive(address, now),
    inAll && repos.passwordChecksInAll.forgive('all', now),
  ])
  return found.value
}
