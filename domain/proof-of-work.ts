/**
 * The proof of work that lets sign-up, a password reset and a sign-up's confirmation go on while
 * the server is flooded (bff/lib/account-requests.ts): a nonce such that SHA-256 of
 * `<challenge>:<nonce>` starts with `difficulty` zero bits. A browser finds one in about a second;
 * a flood pays that for each request. Shared by the pages, which solve it, and the API, which
 * checks it; SHA-256 is written out here because WebCrypto's is asynchronous, which costs a
 * browser more per try than the hash itself.
 */

/** The request header that carries a solved challenge: `<challenge>:<nonce>`. */
export const PROOF_HEADER = 'Proof-Of-Work'

const K = Uint32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
])
const INITIAL = Uint32Array.from([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
])
const w = new Uint32Array(64)

/** SHA-256 of a text's UTF-8 bytes, as its eight 32-bit words. */
export function sha256Words(text: string): Uint32Array {
  const bytes = new TextEncoder().encode(text)
  const blocks = Math.ceil((bytes.length + 9) / 64)
  const padded = new Uint8Array(blocks * 64)
  padded.set(bytes)
  padded[bytes.length] = 0x80
  const view = new DataView(padded.buffer)
  view.setUint32(padded.length - 4, bytes.length * 8)
  const h = Uint32Array.from(INITIAL)
  for (let block = 0; block < blocks; block++) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(block * 64 + i * 4)
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]
      const b = w[i - 2]
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3)
      const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10)
      w[i] = (w[i - 16] + s0 + w[i - 7] + s1) | 0
    }
    let [a, b, c, d, e, f, g, hh] = h
    for (let i = 0; i < 64; i++) {
      const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))
      const t1 = (hh + s1 + ((e & f) ^ (~e & g)) + K[i] + w[i]) | 0
      const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))
      const t2 = (s0 + ((a & b) ^ (a & c) ^ (b & c))) | 0
      hh = g
      g = f
      f = e
      e = (d + t1) | 0
      d = c
      c = b
      b = a
      a = (t1 + t2) | 0
    }
    h[0] += a
    h[1] += b
    h[2] += c
    h[3] += d
    h[4] += e
    h[5] += f
    h[6] += g
    h[7] += hh
  }
  return h
}

/** The zero bits a hash starts with. */
function leadingZeroBits(words: Uint32Array): number {
  let bits = 0
  for (const word of words) {
    if (word !== 0) return bits + Math.clz32(word)
    bits += 32
  }
  return bits
}

/** Whether `<challenge>:<nonce>` solves the challenge at this difficulty. */
export const proofHolds = (challenge: string, nonce: string, difficulty: number) =>
  leadingZeroBits(sha256Words(`${challenge}:${nonce}`)) >= difficulty

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
