import { joinBytes } from '../../domain/bytes.ts'
import { byteReader } from './byte-reader.ts'
import type { ImageHeader, PngLayout } from './image-header.ts'

/** What a PNG's compressed data says of it, read within bounds. */
export type PngData = 'within' | 'beyond' | 'animated'

/** Adam7's passes: where each starts and its steps, across and down (PNG spec §8.2). */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
]
/**
 * How much compressed data is handed to the inflater at a time: Deno and workerd inflate each piece
 * whole as it is written, so a bomb is stopped within a few MB of the limit (deflate's ratio is at
 * most 1032:1), never after all of it.
 */
const INFLATE_PIECE_BYTES = 4096
/**
 * The next turn of the event loop: setImmediate where there is one (Node, Deno: their timers wait
 * a millisecond or two), else a timer (workerd has no setImmediate; its timer fires at once).
 */
const nextTurn = () =>
  new Promise<void>((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)))
/** Compressed text (zTXt, iTXt) a PNG may carry in all, inflated: far more than any editor's metadata. */
const TEXT_MAX_BYTES = 1024 * 1024

/** The bytes a PNG's pixel data inflates to: each row a filter byte and its samples (each pass's rows, interlaced). */
export function pngDataBytes(width: number, height: number, { channels, bitDepth, interlaced }: PngLayout): number {
  const rows = (w: number, h: number) => (w > 0 && h > 0 ? h * (1 + Math.ceil((w * channels * bitDepth) / 8)) : 0)
  if (!interlaced) return rows(width, height)
  const side = (size: number, from: number, step: number) => Math.ceil(Math.max(size - from, 0) / step)
  return ADAM7.reduce((n, [x, y, dx, dy]) => n + rows(side(width, x, dx), side(height, y, dy)), 0)
}

/**
 * How many bytes a zlib stream inflates to, fed in pieces and read as they come out, or null as
 * soon as more than `limit` do (a few hundred KB that say 1 GB cost what the limit allows). The platform's
 * DecompressionStream: Node (which inflates off the main thread), Deno and workerd alike. A stream
 * that does not inflate whole is null too: another decoder may read on past where this one stopped.
 */
export async function inflatedSize(compressed: Uint8Array[], limit: number): Promise<number | null> {
  const inflater = new DecompressionStream('deflate')
  const writer = inflater.writable.getWriter()
  const reader = inflater.readable.getReader()
  let [inflated, reads, over] = [0, 0, false]
  const reading = (async () => {
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        inflated += chunk.value.length
        reads++
        if (inflated > limit) {
          over = true
          await reader.cancel().catch(() => undefined)
          return null
        }
      }
      return inflated
    } catch {
      over = true
      return null
    }
  })()
  try {
    for (const part of compressed)
      for (let at = 0; at < part.length && !over; at += INFLATE_PIECE_BYTES) {
        const before = reads
        await writer.write(part.subarray(at, at + INFLATE_PIECE_BYTES) as Uint8Array<ArrayBuffer>)
        // a runtime may inflate each piece as it is written and answer reads only at the next turn of
        // its event loop (workerd): the reader takes what this piece made before the next goes in
        if (reads === before) await nextTurn()
      }
    if (!over) await writer.close()
  } catch {
    // the reader stopped (over the limit, or the data does not inflate): so does the writing
  }
  return reading
}

/**
 * A text chunk's compressed text (zTXt always, iTXt when flagged), or null when it holds none. An
 * iTXt counts as compressed whatever its flag says but 0: pdf-lib's decoder inflates it then.
 */
function compressedText(type: string, data: Uint8Array): Uint8Array | null {
  const keyword = data.indexOf(0)
  if (keyword < 0) return null
  if (type === 'zTXt') return data.subarray(keyword + 2)
  if (data[keyword + 1] === 0) return null
  const language = data.indexOf(0, keyword + 3)
  const translated = language < 0 ? -1 : data.indexOf(0, language + 1)
  return translated < 0 ? null : data.subarray(translated + 1)
}

/**
 * A PNG's chunks walked without decoding (docs/api.md §6 Images): every chunk whole within the
 * file; its pixel data inflating to no more than its header's sides and layout make, with a little
 * slack; its compressed text within a megabyte; and whether it is animated (an APNG's frames are
 * more data to inflate, which a still image's budget does not allow for).
 */
export async function pngData(parts: Uint8Array[], header: ImageHeader & { png: PngLayout }): Promise<PngData> {
  const reader = byteReader(parts)
  reader.take(8)
  const pixels: Uint8Array[] = []
  const texts: Uint8Array[] = []
  let animated = false
  let headers = 0
  for (let head = reader.read(8); head; head = reader.read(8)) {
    const length = new DataView(head.buffer, head.byteOffset, 8).getUint32(0)
    const type = String.fromCharCode(...head.subarray(4, 8))
    const data = reader.take(length)
    // a chunk longer than what is left: a decoder copying it would loop over bytes that are not there
    if (!data || !reader.take(4)) return 'beyond'
    // a second header would give a decoder other sides than the ones checked; Apple's CgBI another inflater
    if ((type === 'IHDR' && ++headers > 1) || type === 'CgBI') return 'beyond'
    if (type === 'IDAT') pixels.push(...data)
    else if (type === 'acTL' || type === 'fcTL' || type === 'fdAT') animated = true
    else if (type === 'zTXt' || type === 'iTXt') {
      const text = compressedText(type, joinBytes(data))
      if (text) texts.push(text)
    } else if (type === 'IEND') break
  }
  const expected = pngDataBytes(header.width, header.height, header.png)
  if (pixels.length && (await inflatedSize(pixels, expected + Math.ceil(expected / 64) + 1024)) === null)
    return 'beyond'
  let textLeft = TEXT_MAX_BYTES
  for (const text of texts) {
    const inflated = await inflatedSize([text], textLeft)
    if (inflated === null) return 'beyond'
    textLeft -= inflated
  }
  return animated ? 'animated' : 'within'
}
