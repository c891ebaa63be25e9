import { crc32, createDeflate, deflateSync } from 'node:zlib'

/** A valid PNG of one colour (RGB, 8 bits), made here so tests need no image files. */
export function solidPng(width: number, height: number, rgb: [number, number, number]): Uint8Array<ArrayBuffer> {
  return png(width, height, rgb)
}

/**
 * A valid PNG of `width` × `height` pixels (RGB, 8 bits): one colour, or random noise, which does
 * not compress — a noisy 1400 × 1200 one weighs about 5 MB, as a phone's photo does.
 */
export function noisyPng(width: number, height: number): Uint8Array<ArrayBuffer> {
  return png(width, height, 'noise')
}

/**
 * A PNG (RGB, 8 bits) whose header says `width` × `height` and whose data inflates to `inflated` zero
 * bytes: by default what those sides make (an honest black image); more is a decompression bomb.
 * Deflated a megabyte at a time: 200 MB of zeros costs about 200 KB, never 200 MB of memory.
 */
export async function zeroPng(
  width: number,
  height: number,
  inflated = height * (1 + width * 3),
): Promise<Uint8Array<ArrayBuffer>> {
  return pngFile(width, height, await deflatedZeros(inflated))
}

/** `count` zero bytes deflated (zlib), a megabyte at a time: 200 MB cost about 200 KB, never 200 MB of memory. */
async function deflatedZeros(count: number): Promise<Buffer> {
  const deflate = createDeflate()
  const out: Buffer[] = []
  deflate.on('data', (b: Buffer) => out.push(b))
  const zeros = Buffer.alloc(1024 * 1024)
  for (let left = count; left > 0; left -= zeros.length)
    if (!deflate.write(zeros.subarray(0, Math.min(left, zeros.length))))
      await new Promise((resolve) => deflate.once('drain', resolve))
  await new Promise((resolve) => deflate.end(resolve))
  return Buffer.concat(out)
}

function png(width: number, height: number, fill: [number, number, number] | 'noise'): Uint8Array<ArrayBuffer> {
  const stride = 1 + width * 3
  const raw = Buffer.alloc(stride * height)
  for (let y = 0; y < height; y++) {
    const line = raw.subarray(y * stride + 1, (y + 1) * stride)
    if (fill === 'noise')
      for (let at = 0; at < line.length; at += 65_536) crypto.getRandomValues(line.subarray(at, at + 65_536))
    else for (let x = 0; x < width; x++) line.set(fill, x * 3)
  }
  return pngFile(width, height, deflateSync(raw, { level: fill === 'noise' ? 0 : 6 }))
}

/** A PNG chunk: its length, type, data and CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const out = Buffer.alloc(body.length + 8)
  out.writeUInt32BE(data.length, 0)
  body.copy(out, 4)
  out.writeUInt32BE(crc32(body), body.length + 4)
  return out
}

/** An RGB 8-bit image's IHDR data. */
function ihdr(width: number, height: number): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  return header
}

/** The PNG file of an RGB 8-bit image's header and compressed pixels, with `extra` chunks before its end. */
function pngFile(width: number, height: number, pixels: Buffer, extra: Buffer[] = []): Uint8Array<ArrayBuffer> {
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr(width, height)),
      chunk('IDAT', pixels),
      ...extra,
      chunk('IEND', Buffer.alloc(0)),
    ]),
  )
}

/**
 * Two PNGs that pass for a 1 × 1 image but have a decoder do far more: one with a second header
 * (16000 × 16000 pixels, which a decoder that reads the last one takes), one whose iTXt text,
 * flagged 2 (any flag but 0 is inflated), inflates to 200 MB.
 */
export async function lyingPngs(): Promise<{ secondHeader: Uint8Array<ArrayBuffer>; text: Uint8Array<ArrayBuffer> }> {
  const pixels = deflateSync(Buffer.alloc(4))
  const flagged = Buffer.from([2, 0, 0, 0])
  const itxt = Buffer.concat([Buffer.from('Comment\0', 'latin1'), flagged, await deflatedZeros(200 * 1024 * 1024)])
  return {
    secondHeader: pngFile(1, 1, pixels, [chunk('IHDR', ihdr(16000, 16000))]),
    text: pngFile(1, 1, pixels, [chunk('iTXt', itxt)]),
  }
}
