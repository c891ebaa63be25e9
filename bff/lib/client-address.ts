/**
 * The client's address from a trusted proxy's header: the last value, the one the proxy
 * itself added (earlier ones come from the client and may be forged).
 */
export function forwardedAddress(header: string | undefined): string | undefined {
  const last = header?.split(',').pop()?.trim()
  return last || undefined
}
