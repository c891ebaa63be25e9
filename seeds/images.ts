import { joinBytes } from '../domain/bytes.ts'

/** CRC-32 of PNG chunks (ISO 3309), table made once. */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
const crc32 = (bytes: Uint8Array) => {
  let c = 0xffffffff
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

/** zlib-compressed bytes (the PNG's IDAT) with the platform's CompressionStream: Node, Deno and workerd alike. */
async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream('deflate'))
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

function chunk(type: string, data: Uint8Array) {
  const out = new Uint8Array(12 + data.length)
  const view = new DataView(out.buffer)
  view.setUint32(0, data.length)
  out.set(new TextEncoder().encode(type), 4)
  out.set(data, 8)
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)))
  return out
}

/** A PNG of RGBA pixels (`pixel(x, y)` gives each), made here so the demo data needs no image files. */
async function png(width: number, height: number, pixel: (x: number, y: number) => [number, number, number, number]) {
  const stride = 1 + width * 4
  const raw = new Uint8Array(stride * height)
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw.set(pixel(x, y), y * stride + 1 + x * 4)
  const header = new Uint8Array(13)
  new DataView(header.buffer).setUint32(0, width)
  new DataView(header.buffer).setUint32(4, height)
  header.set([8, 6, 0, 0, 0], 8)
  return joinBytes([
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', await deflate(raw)),
    chunk('IEND', new Uint8Array()),
  ])
}

/** A demo photo of a job: an air-conditioner's front (a pale box with louvres) on a wall, `tone` apart. */
export function demoPhoto(width: number, height: number, tone: number) {
  return png(width, height, (x, y) => {
    const inUnit = x > width * 0.15 && x < width * 0.85 && y > height * 0.3 && y < height * 0.65
    if (!inUnit) return [180 - tone, 170 - tone, 150 - tone, 255]
    const louvre = y > height * 0.55 && Math.floor(y / 4) % 2 === 0
    return louvre ? [150, 160, 170, 255] : [235 - tone / 2, 238, 240, 255]
  })
}

/** A demo signature: a dark pen's flourish on a transparent ground. */
export function demoSignature(width: number, height: number) {
  const line = (x: number) => height / 2 + Math.sin(x / 18) * height * 0.25 + Math.sin(x / 7) * height * 0.06
  return png(width, height, (x, y) =>
    x > width * 0.08 && x < width * 0.92 && Math.abs(y - line(x)) < 2.2 ? [17, 24, 39, 255] : [0, 0, 0, 0],
  )
}
