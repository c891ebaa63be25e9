import { jwtVerify, SignJWT } from 'jose'
import { createLru } from '../../domain/lru.ts'

/** The spec: "issuer is the template's name". */
export const TOKEN_ISSUER = 'Fuse'
export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60

export type TokenClaims = { sub: string; sid: string }
type VerifiedClaims = TokenClaims & { exp: number }

export async function signAccessToken(claims: TokenClaims, secret: Uint8Array, nowSeconds: number): Promise<string> {
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(TOKEN_ISSUER)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + TOKEN_LIFETIME_SECONDS)
    .sign(secret)
}

/** Only HS256, only our issuer, not expired; null for anything else. */
export async function verifyAccessToken(
  token: string,
  secret: Uint8Array,
  nowSeconds: number,
): Promise<VerifiedClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      currentDate: new Date(nowSeconds * 1000),
    })
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number')
      return null
    return { sub: payload.sub, sid: payload.sid, exp: payload.exp }
  } catch {
    return null
  }
}

/**
 * Verifies tokens and remembers the good ones until they expire, so a client's repeated
 * calls skip the signature check. Revocation is unaffected: the session is read each time.
 */
export function createTokenVerifier(secret: Uint8Array, cacheSize = 10_000) {
  const verified = createLru<VerifiedClaims>(cacheSize)
  return async (token: string, nowSeconds: number): Promise<TokenClaims | null> => {
    const cached = verified.get(token)
    if (cached) return cached.exp > nowSeconds ? cached : null
    const claims = await verifyAccessToken(token, secret, nowSeconds)
    if (claims) verified.set(token, claims)
    return claims
  }
}
