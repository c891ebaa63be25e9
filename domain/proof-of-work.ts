/**
 * The proof of work that lets sign-up, a password reset and a sign-up's confirmation go on while
 * the server is flooded (bff/lib/account-requests.ts): a nonce such that SHA-256 of
 * `<challenge>:<nonce>` starts with `difficulty` zero bits. A browser finds one in about a second;
 * a flood pays that for each request. Shared by the pages, which solve it, and the API, which
 * checks it; SHA-256 is @noble/hashes' (audited, synchronous: WebCrypto's is asynchronous, which
 * costs a browser more per try than the hash itself).
 */
import { sha256 } from '@noble/hashes/sha2.js'

/** The request header that carries a solved challenge: `<challenge>:<nonce>`. */
export const PROOF_HEADER = 'Proof-Of-Work'

const encoder = new TextEncoder()

/** The zero bits a hash starts with. */
function leadingZeroBits(bytes: Uint8Array): number {
  let bits = 0
  for (const byte of bytes) {
    if (byte !== 0) return bits + Math.clz32(byte) - 24
    bits += 8
  }
  return bits
}

/** Whether `<challenge>:<nonce>` solves the challenge at this difficulty. */
export const proofHolds = (challenge: string, nonce: string, difficulty: number) =>
  leadingZeroBits(sha256(encoder.encode(`${challenge}:${nonce}`))) >= difficulty

/**
 * Looks for a nonce among `count` of them from `from` (base 36), so a page can search a slice at a
 * time and let the browser breathe between slices; null when none of them solves it.
 */
export function solveProof(challenge: string, difficulty: number, from = 0, count = Infinity): string | null {
  for (let n = from; n < from + count; n++) {
    const nonce = n.toString(36)
    if (proofHolds(challenge, nonce, difficulty)) return nonce
  }
  return null
}
