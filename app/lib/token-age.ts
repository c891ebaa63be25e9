/** The expiry (seconds since 1970) written in a JWT, without checking it (the BFF does that). */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1]
  if (!payload) return null
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown }
    return typeof json.exp === 'number' ? json.exp : null
  } catch {
    return null
  }
}

/** A signed-in page renews a token that has less than a day left, so a working week never ends in a sign-out. */
export const REFRESH_WITHIN_SECONDS = 24 * 60 * 60

export function needsRefresh(token: string | undefined, nowSeconds: number): boolean {
  const exp = token ? tokenExpiry(token) : null
  return exp !== null && exp > nowSeconds && exp - nowSeconds < REFRESH_WITHIN_SECONDS
}
