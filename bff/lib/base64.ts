export function toBase64(bytes: Uint8Array): string {
  let text = ''
  for (const b of bytes) text += String.fromCharCode(b)
  return btoa(text)
}

export function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
}

export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

export function randomToken(bytes = 32): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)))
}

/** SHA-256 of a text (its UTF-8) or of bytes, in base64 (an Idempotency-Key's fingerprint, a Repr-Digest). */
export async function sha256Base64(data: string | Uint8Array<ArrayBuffer>): Promise<string> {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data
  return toBase64(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)))
}

/** HMAC-SHA256 of `text` with `secret` (WebCrypto: the same on Node, Workers and Deno). */
export async function hmacSha256(secret: string | Uint8Array, text: string): Promise<Uint8Array> {
  const raw = typeof secret === 'string' ? new TextEncoder().encode(secret) : Uint8Array.from(secret)
  const key = await crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(text)))
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** A version-4 UUID made of the first 32 hex digits of `hex` (an id that follows from a hash). */
export function uuidFromHex(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${'89ab'[parseInt(hex[16], 16) % 4]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}
