import { jwtVerify, SignJWT } from 'jose'

/** The spec: "issuer is the template's name". */
export const TOKEN_ISSUER = 'Fuse'
export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60

export type TokenClaims = { sub: string; sid: string }

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
export async function verifyAccessToken(token: string, secret: Uint8Array, nowSeconds: number): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer: TOKEN_ISSUER, currentDate: new Date(nowSeconds * 1000) })
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null
    return { sub: payload.sub, sid: payload.sid }
  } catch {
    return null
  }
}
