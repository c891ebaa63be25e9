/**
 * The client's address from a trusted proxy's header: the last value, the one the proxy
 * itself added (earlier ones come from the client and may be forged).
 */
export function forwardedAddress(header: string | undefined): string | undefined {
  const last = header?.split(',').pop()?.trim()
  return last || undefined
}

/**
 * The address of the page request whose loader or action calls the BFF in process (bff/server.ts):
 * that call's own request has no peer and no proxy header, so it carries the caller here, in its
 * env — which a request from outside cannot set.
 */
export const PAGE_CALLER = Symbol('the address of the page request that calls the BFF in process')

export const pageCaller = (env: unknown): string | undefined =>
  env !== null && typeof env === 'object'
    ? ((env as Record<symbol, unknown>)[PAGE_CALLER] as string | undefined)
    : undefined
