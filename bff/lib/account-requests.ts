import type { Context } from 'hono'
import { MESSAGES } from '../../domain/messages.ts'
import { PROOF_HEADER, proofHolds } from '../../domain/proof-of-work.ts'
import { hmacSha256, randomToken, toBase64Url } from './base64.ts'
import type { Deps } from './deps.ts'
import { tooManyRequests } from './errors.ts'
import { timingSafeEqual } from './passwords.ts'

/** Zero bits a proof's hash starts with: about 260,000 tries, a second or so in a browser. */
export const PROOF_DIFFICULTY = 18
/** How long a challenge may be answered. */
const CHALLENGE_SECONDS = 10 * 60

/**
 * Sign-up, forgot-password and a sign-up's confirmation, before anything is hashed or written.
 * Each costs the server (a password hash, a write, an e-mail), so:
 * - per address (all processes, in storage): 10 in 15 minutes, then 429 `too_many_requests`
 *   with the true seconds until the address may ask again;
 * - past 100 in 10 minutes in all (this process, `PUBLIC_LIMITS.accounts`): no refusal of
 *   everyone, but a proof of work — 429 `proof_of_work_required` with a challenge, which the
 *   request sent again with its solution (`Proof-Of-Work`) passes. A flood pays a second of work
 *   for each request; a person, once. `Retry-After` says when no proof will be asked.
 * `about` is what the request is about (the e-mail, the link): a proof holds for it and this
 * operation only, once.
 */
export async function requireAccountRequestAllowed(deps: Deps, c: Context, about: string): Promise<void> {
  const now = deps.now()
  // a request whose address is not known is not put in one bucket with every other such request:
  // that would be the lockout of everyone this replaces; the proof of work below still holds
  const address = deps.clientAddress(c)
  const own = address === undefined ? null : await deps.repos.accountRequestsByAddress.begin(address, now)
  if (own && !own.allowed) throw tooManyRequests(own.retryAfterMs)
  // a proof holds for one operation and what it is about, once
  const subject = `${c.req.path.replace(/^\/api(?=\/)/, '')}|${about}`
  const crowd = deps.publicThrottle.take('accounts', 'all', now)
  if (crowd.allowed || (await proofGiven(deps, c.req.header(PROOF_HEADER), subject, now))) return
  throw tooManyRequests(crowd.retryAfterMs, {
    error: MESSAGES.proof_of_work_required,
    code: 'proof_of_work_required',
    proof: { challenge: await challenge(deps, subject, now), difficulty: PROOF_DIFFICULTY },
  })
}

/**
 * Whether one more e-mail may go to this address (a sign-up's link, "you have an account", a
 * reset link): 5 in an hour. Past it nothing is sent and the answer stays the same, so a flood
 * aimed at one person fills no mailbox and locks nobody out: the links sent still work.
 */
export async function mayMail(deps: Deps, email: string): Promise<boolean> {
  return (await deps.repos.accountMailsByEmail.begin(email, deps.now())).allowed
}

/** HMAC-SHA256 of `text` with the app's secret, as its first 12 bytes in base64url. */
const mac = async (deps: Deps, text: string) => toBase64Url((await hmacSha256(deps.secret, text)).slice(0, 12))

/**
 * A challenge the server need not remember: `<seed>.<expires>.<difficulty>.<mac>`, signed for its
 * subject. Short, so a try hashes one block (a JWT, as the client's links use, would take four).
 */
async function challenge(deps: Deps, subject: string, now: number): Promise<string> {
  const seed = randomToken(12)
  const expires = Math.floor(now / 1000) + CHALLENGE_SECONDS
  return `${seed}.${expires}.${PROOF_DIFFICULTY}.${await mac(deps, `${subject}|${seed}|${expires}|${PROOF_DIFFICULTY}`)}`
}

/** Whether the header holds a solved, unexpired challenge of this server for this subject. */
async function proofGiven(deps: Deps, header: string | undefined, subject: string, now: number): Promise<boolean> {
  const match = /^([\w-]{16})\.(\d{1,12})\.(\d{1,2})\.([\w-]{16}):([0-9a-z]{1,12})$/.exec(header ?? '')
  if (!match) return false
  const [, seed, expires, difficulty, signature, nonce] = match
  if (Number(expires) * 1000 <= now || Number(difficulty) < PROOF_DIFFICULTY) return false
  const expected = await mac(deps, `${subject}|${seed}|${expires}|${difficulty}`)
  const encode = (text: string) => new TextEncoder().encode(text)
  if (!timingSafeEqual(encode(signature), encode(expected))) return false
  if (!proofHolds(`${seed}.${expires}.${difficulty}.${signature}`, nonce, Number(difficulty))) return false
  // spent by this request: sent again, it is no proof
  return (await deps.repos.spentProofs.begin(seed, now)).allowed
}
