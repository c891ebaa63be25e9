import { jwtVerify, SignJWT } from 'jose'
import { TOKEN_ISSUER } from './tokens.ts'
import { appLink } from './outbox.ts'
import type { Deps } from './deps.ts'
import type { QuoteRecord } from '../../domain/schemas/quotes.ts'

const AUDIENCE = 'quote-link'
/** A link opens until a day after the quote's valid-until date (then it is expired anyway). */
const GRACE_SECONDS = 24 * 60 * 60

export type QuoteLinkClaims = { empresa: number; id: string; send: number }

/**
 * The client's link to a sent quote (`/q/<token>`, no sign-in): signed with the app's secret for
 * this use only (never an access token), naming the company, the quote and the send it belongs
 * to — a new send makes the older links stop opening — and expiring with the quote.
 */
export async function quoteLinkToken(deps: Deps, empresa: number, quote: QuoteRecord): Promise<string> {
  const issuedAt = Math.floor(Date.parse(quote.sentAt ?? quote.createdAt) / 1000)
  const expires = Math.floor(Date.parse(`${quote.validUntil}T23:59:59Z`) / 1000) + GRACE_SECONDS
  return new SignJWT({ e: empresa, q: quote.id, n: quote.sendCount })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(Math.max(expires, issuedAt + 60))
    .sign(deps.secret)
}

export const quoteLinkUrl = async (deps: Deps, empresa: number, quote: QuoteRecord) =>
  appLink(deps, `/q/${await quoteLinkToken(deps, empresa, quote)}`)

/** The claims of a genuine, unexpired quote link; null for anything else. */
export async function readQuoteLink(deps: Deps, token: string): Promise<QuoteLinkClaims | null> {
  try {
    const { payload } = await jwtVerify(token, deps.secret, {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: AUDIENCE,
      currentDate: new Date(deps.now()),
    })
    const { e, q, n } = payload as { e?: unknown; q?: unknown; n?: unknown }
    if (typeof e !== 'number' || typeof q !== 'string' || typeof n !== 'number') return null
    return { empresa: e, id: q, send: n }
  } catch {
    return null
  }
}
