/** Bytes held in parts as one array. */
export function joinBytes(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/** Windows-1252's characters at 0x80–0x9F (the rest of the code page is Latin-1's). */
const CP1252 =
  '\u20ac\ufffd\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\ufffd\u017d\ufffd' +
  '\ufffd\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\ufffd\u017e\u0178'

/**
 * A file's text: UTF-8 when its bytes are, else Windows-1252, what OFX 1 files from Brazilian and
 * Mexican banks and the CSV files Excel saves there are written in.
 */
export function utf8OrWindows1252(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    let text = ''
    for (let i = 0; i < bytes.length; i += 8192)
      text += String.fromCharCode(
        ...Array.from(bytes.subarray(i, i + 8192), (b) => (b >= 0x80 && b < 0xa0 ? CP1252.charCodeAt(b - 0x80) : b)),
      )
    return text
  }
}
