import { encode } from 'jpeg-js'
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { exifSegment, withSegments, type PhotoExif } from './exif.ts'

/**
 * A phone's photo, for tests that need a real one: `landscape` 4032 × 3024 pixels (a 12-megapixel
 * camera), 3 to 5 MB; `portrait` the same pixels with EXIF Orientation 6 (the phone held upright:
 * the pixels lie on their side and a viewer turns them); `large` about 6 MB, over the 5 MB an upload
 * takes (the page resizes it first).
 */
export type PhotoVariant = 'landscape' | 'portrait' | 'large'

/** Where and when the photos say they were taken (São Paulo's cathedral). */
export const PHOTO_TAKEN = '2026:03:14 09:26:53'
export const PHOTO_PLACE = { latitude: -23.5509, longitude: -46.6342 }

const WIDTH = 4032
const HEIGHT = 3024
/** Each variant's noise (how far a pixel strays from the gradient) and JPEG quality: what makes its size. */
const NOISE: Record<PhotoVariant, { amplitude: number; quality: number }> = {
  landscape: { amplitude: 16, quality: 85 },
  portrait: { amplitude: 16, quality: 85 },
  large: { amplitude: 28, quality: 85 },
}

/** mulberry32: the same noise on every machine, so the same bytes. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return (t ^ (t >>> 14)) >>> 0
  }
}

/**
 * The JPEG's pixels, encoded once (about a second) and kept in the temporary folder under a name
 * that says what they are, so every later suite and run reads them back.
 */
function pixels(amplitude: number, quality: number): Uint8Array {
  const file = join(tmpdir(), `fieldwise-photo-${WIDTH}x${HEIGHT}-n${amplitude}-q${quality}-v1.jpg`)
  if (existsSync(file)) return new Uint8Array(readFileSync(file))
  const next = random(41)
  const data = new Uint8Array(WIDTH * HEIGHT * 4)
  for (let y = 0, i = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++, i += 4) {
      const r = next()
      data[i] = ((x * 255) / WIDTH + ((r & 0xff) * amplitude) / 255) & 0xff
      data[i + 1] = ((y * 255) / HEIGHT + (((r >>> 8) & 0xff) * amplitude) / 255) & 0xff
      data[i + 2] = (96 + (((r >>> 16) & 0xff) * amplitude) / 255) & 0xff
      data[i + 3] = 255
    }
  const jpeg = new Uint8Array(encode({ width: WIDTH, height: HEIGHT, data }, quality).data)
  // written aside and renamed: suites running at once never read half a file
  const partial = `${file}.${process.pid}.part`
  writeFileSync(partial, jpeg)
  renameSync(partial, file)
  return jpeg
}

/** A phone's photo with its EXIF: Orientation, date taken and GPS position (PHOTO_TAKEN, PHOTO_PLACE). */
export function phonePhoto(variant: PhotoVariant = 'landscape'): Uint8Array<ArrayBuffer> {
  const { amplitude, quality } = NOISE[variant]
  const exif: PhotoExif = { orientation: variant === 'portrait' ? 6 : 1, taken: PHOTO_TAKEN, gps: PHOTO_PLACE }
  return withSegments(pixels(amplitude, quality), exifSegment(exif))
}
