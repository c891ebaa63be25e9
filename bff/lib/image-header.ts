import { sliceOf } from '../../storage/repositories/files.ts'
import { jpegSegments } from './jpeg-segments.ts'

export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp'
/** What a PNG's header says of its pixels' layout: what its data inflates to follows from it. */
export type PngLayout = { channels: number; bitDepth: number; interlaced: boolean }
/** An image's type and sides as its header states them (a PNG's layout too), nothing decoded. */
export type ImageHeader = { type: ImageType; width: number; height: number; png?: PngLayout }

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to))
const u16le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8)
const u32be = (b: Uint8Array, at: number) => ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0

/** The raster type the first bytes are, by their signature. */
export function imageType(first: Uint8Array): ImageType | null {
  if (first.length >= 8 && ascii(first, 0, 8) === '\x89PNG\r\n\x1a\n') return 'image/png'
  if (first[0] === 0xff && first[1] === 0xd8 && first[2] === 0xff) return 'image/jpeg'
  if (first.length >= 6 && /^GIF8[79]a$/.test(ascii(first, 0, 6))) return 'image/gif'
  if (first.length >= 12 && ascii(first, 0, 4) === 'RIFF' && ascii(first, 8, 12) === 'WEBP') return 'image/webp'
  return null
}

/** PNG colour types: their channels and the bit depths each allows (PNG spec §11.2.2). */
const PNG_COLOURS: Record<number, [channels: number, depths: number[]]> = {
  0: [1, [1, 2, 4, 8, 16]],
  2: [3, [8, 16]],
  3: [1, [1, 2, 4, 8]],
  4: [2, [8, 16]],
  6: [4, [8, 16]],
}

/** The IHDR chunk, which must come first (an Apple "CgBI" PNG, which no browser shows, has another). */
function pngHeader(head: Uint8Array): ImageHeader | null {
  if (head.length < 29 || u32be(head, 8) !== 13 || ascii(head, 12, 16) !== 'IHDR') return null
  const [width, height, bitDepth, colour] = [u32be(head, 16), u32be(head, 20), head[24], head[25]]
  const [channels, depths] = PNG_COLOURS[colour] ?? [0, []]
  if (!depths.includes(bitDepth) || head[26] !== 0 || head[27] !== 0 || head[28] > 1) return null
  return { type: 'image/png', width, height, png: { channels, bitDepth, interlaced: head[28] === 1 } }
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic ...): each holds the sides. */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf])

/** The first frame header's sides, walking the segments (the EXIF data before it may be long). */
function jpegHeader(parts: Uint8Array[]): ImageHeader | null {
  const frame = jpegSegments(parts)?.segments.find((s) => SOF.has(s.marker))
  const sof = frame && sliceOf(frame.payload, 0, 5)
  if (!sof || sof.length < 5) return null
  return { type: 'image/jpeg', height: (sof[1] << 8) | sof[2], width: (sof[3] << 8) | sof[4] }
}

/** A WebP's canvas: lossy (VP8), lossless (VP8L) or extended (VP8X) (RFC 9649). */
function webpHeader(head: Uint8Array): ImageHeader | null {
  if (head.length < 30) return null
  const kind = ascii(head, 12, 16)
  const sides = (width: number, height: number): ImageHeader => ({ type: 'image/webp', width, height })
  if (kind === 'VP8 ' && head[23] === 0x9d && head[24] === 0x01 && head[25] === 0x2a)
    return sides(u16le(head, 26) & 0x3fff, u16le(head, 28) & 0x3fff)
  if (kind === 'VP8L' && head[20] === 0x2f) {
    const bits = (head[21] | (head[22] << 8) | (head[23] << 16) | (head[24] << 24)) >>> 0
    return sides((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1)
  }
  if (kind === 'VP8X') return sides(1 + u16le(head, 24) + (head[26] << 16), 1 + u16le(head, 27) + (head[29] << 16))
  return null
}

/** An image's type and sides from its header, or null when it is not a PNG, JPEG, GIF or WebP whose header reads. */
export function imageHeader(parts: Uint8Array[]): ImageHeader | null {
  const head = sliceOf(parts, 0, 32)
  const type = imageType(head)
  const header =
    type === 'image/png'
      ? pngHeader(head)
      : type === 'image/jpeg'
        ? jpegHeader(parts)
        : type === 'image/webp'
          ? webpHeader(head)
          : type === 'image/gif' && head.length >= 10
            ? { type, width: u16le(head, 6), height: u16le(head, 8) }
            : null
  return header && header.width > 0 && header.height > 0 ? header : null
}
