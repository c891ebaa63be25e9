import { byteReader } from './byte-reader.ts'

/** A JPEG marker segment before the image data: its marker (0xE1 is APP1 ...) and its payload, as views. */
export type JpegSegment = { marker: number; payload: Uint8Array[] }

/** More segments than any camera or editor writes (an ICC profile in 255 parts among them): a crafted file. */
const MAX_SEGMENTS = 1024
/** Markers that stand alone, without a length or a payload (restart, TEM). */
export const standalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)

/**
 * A JPEG's segments up to its first scan (where its metadata and frame header are), and the rest
 * from the scan's marker on, as views of `parts` (nothing copied); null when the file breaks off
 * before a scan.
 */
export function jpegSegments(parts: Uint8Array[]): { segments: JpegSegment[]; scan: Uint8Array[] } | null {
  const reader = byteReader(parts)
  const start = reader.read(2)
  if (!start || start[0] !== 0xff || start[1] !== 0xd8) return null
  const segments: JpegSegment[] = []
  while (segments.length < MAX_SEGMENTS) {
    const marker = reader.read(2)
    if (!marker || marker[0] !== 0xff) return null
    let code = marker[1]
    // fill bytes (0xFF) may pad a marker
    while (code === 0xff) code = reader.read(1)?.[0] ?? -1
    if (code === 0xda) return { segments, scan: [new Uint8Array([0xff, 0xda]), ...reader.rest()] }
    if (code < 0 || code === 0xd9 || code === 0xd8) return null
    if (standalone(code)) {
      segments.push({ marker: code, payload: [] })
      continue
    }
    const size = reader.read(2)
    const payload = size && ((size[0] << 8) | size[1]) >= 2 ? reader.take(((size[0] << 8) | size[1]) - 2) : null
    if (!payload) return null
    segments.push({ marker: code, payload })
  }
  return null
}

/** A segment as a JPEG holds it: the marker, the length and the payload (its views, not copied). */
export function segmentParts({ marker, payload }: JpegSegment): Uint8Array[] {
  if (standalone(marker)) return [new Uint8Array([0xff, marker])]
  const length = payload.reduce((n, p) => n + p.length, 2)
  return [new Uint8Array([0xff, marker, length >> 8, length & 0xff]), ...payload]
}
