import type { PasswordHash } from '../../domain/tenancy.ts'
import { fromBase64, toBase64 } from './base64.ts'

export const PBKDF2_ITERATIONS = 600_000
const HASH_BYTES = 32

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits'])
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    key,
    HASH_BYTES * 8,
  )
  return new Uint8Array(bits)
}

// New passwords are hashed one at a time: a flood of sign-ups waits in this line instead of
// taking every core, so signing in (which is not in it) stays fast.
let hashing: Promise<unknown> = Promise.resolve()

/** PBKDF2-SHA256 through WebCrypto (the same on Node, Workers and Deno), salt per password. */
export function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<PasswordHash> {
  const run = hashing.then(async (): Promise<PasswordHash> => {
    const salt = crypto.getRandomValues(new Uint8Array(16))
    const hash = await derive(password, salt, iterations)
    return { algorithm: 'PBKDF2-SHA256', iterations, salt: toBase64(salt), hash: toBase64(hash) }
  })
  hashing = run.catch(() => undefined)
  return run
}

export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const actual = await derive(password, fromBase64(stored.salt), stored.iterations)
  return timingSafeEqual(actual, fromBase64(stored.hash))
}

export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i]
  return diff === 0
}

/** A fixed hash to check unknown accounts against, at the cost real ones have, so their answer takes as long. */
export const decoyHash = (iterations: number): PasswordHash => ({
  algorithm: 'PBKDF2-SHA256',
  iterations,
  salt: 'AAAAAAAAAAAAAAAAAAAAAA==',
  hash: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
})
