import { joinBytes } from '../../domain/bytes.ts'
import { jpegSegments, segmentParts } from './jpeg-segments.ts'

// Written here rather than taken from npm: the maintained packages drop every piece of metadata
// (exif-be-gone, exifremove: a phone's photo then loses its Orientation and shows on its side) and
// piexifjs, unmaintained, parses and writes the whole EXIF block again. Only the location goes here.

const APP1 = 0xe1
const EXIF = 'Exif\0\0'
/** TIFF field types' sizes in bytes (TIFF 6.0 §2, EXIF 2.32 §4.6.2). */
const TYPE_BYTES = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8, 4]
const GPS_POINTER = 0x8825

/**
 * An EXIF block (the TIFF structure after "Exif\0\0") without its location, changed in place: the
 * GPS directory that IFD0's tag 0x8825 points to and the values it points to are zeroed, and the
 * pointer is taken out of IFD0 (the entries after it move up: every offset in TIFF counts from its
 * start, so nothing else moves). False when the block does not read: then it must go whole.
 */
function clearGps(tiff: Uint8Array): boolean {
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength)
  const order = String.fromCharCode(tiff[0], tiff[1])
  if (tiff.length < 8 || (order !== 'II' && order !== 'MM')) return false
  const little = order === 'II'
  const [u16, u32] = [(at: number) => view.getUint16(at, little), (at: number) => view.getUint32(at, little)]
  const fits = (at: number, size: number) => at >= 8 && size >= 0 && at + size <= tiff.length
  const ifd0 = u32(4)
  if (!fits(ifd0, 2) || !fits(ifd0, 2 + 12 * u16(ifd0) + 4)) return false
  const count = u16(ifd0)
  const entry = Array.from({ length: count }, (_, i) => ifd0 + 2 + 12 * i).find((at) => u16(at) === GPS_POINTER)
  if (entry === undefined) return true
  const gps = u32(entry + 8)
  if (!fits(gps, 2) || !fits(gps, 2 + 12 * u16(gps) + 4)) return false
  for (let i = 0, at = gps + 2; i < u16(gps); i++, at += 12) {
    const size = (TYPE_BYTES[u16(at + 2)] ?? 0) * u32(at + 4)
    if (!size && u32(at + 4)) return false
    if (size <= 4) continue
    if (!fits(u32(at + 8), size)) return false
    tiff.fill(0, u32(at + 8), u32(at + 8) + size)
  }
  tiff.fill(0, gps, gps + 2 + 12 * u16(gps) + 4)
  const end = ifd0 + 2 + 12 * count + 4
  tiff.copyWithin(entry, entry + 12, end)
  tiff.fill(0, end - 12, end)
  view.setUint16(ifd0, count - 1, little)
  return true
}

/**
 * A JPEG's parts without its location (photos served or printed do not say where they were taken):
 * the EXIF GPS data cleared, the Orientation, the date taken and the rest kept; XMP segments (APP1
 * that is not EXIF, which may repeat the location) dropped. Only the segments before the image data
 * are read; the image data is passed on as it came. A file that does not read is answered as it is.
 */
export function withoutLocation(parts: Uint8Array[]): Uint8Array[] {
  const jpeg = jpegSegments(parts)
  if (!jpeg) return parts
  const out: Uint8Array[] = [new Uint8Array([0xff, 0xd8])]
  for (const segment of jpeg.segments) {
    if (segment.marker !== APP1) {
      out.push(...segmentParts(segment))
      continue
    }
    // a copy (joinBytes always makes one) is changed, never the bytes the caller holds
    const app1 = joinBytes(segment.payload)
    const exif = String.fromCharCode(...app1.subarray(0, 6)) === EXIF
    if (exif && clearGps(app1.subarray(6))) out.push(...segmentParts({ marker: APP1, payload: [app1] }))
  }
  return [...out, ...jpeg.scan]
}
