/**
 * EXIF and XMP as a phone writes them into a JPEG, made here byte by byte, and read back by a reader
 * written apart from the server's (bff/lib/jpeg-location.ts), so a test does not check the server's
 * parser with itself.
 */

/** What a photo's EXIF says: its Orientation, when it was taken, where (degrees, south and west below 0). */
export type PhotoExif = { orientation: number; taken: string; gps?: { latitude: number; longitude: number } }

type Entry = { tag: number; type: number; count: number; value: number[] | Uint8Array }
const SIZES: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1 }

/** A TIFF directory written at `at` (its values after it): its bytes and where the next thing goes. */
function directory(view: DataView, at: number, entries: Entry[]): number {
  let data = at + 2 + 12 * entries.length + 4
  view.setUint16(at, entries.length)
  entries.forEach(({ tag, type, count, value }, i) => {
    const e = at + 2 + 12 * i
    view.setUint16(e, tag)
    view.setUint16(e + 2, type)
    view.setUint32(e + 4, count)
    const size = SIZES[type] * count
    const where = size <= 4 ? e + 8 : data
    if (size > 4) {
      view.setUint32(e + 8, data)
      data += size
    }
    for (let k = 0; k < value.length; k++) {
      if (type === 3) view.setUint16(where + 2 * k, value[k])
      else if (type === 4 || type === 5) view.setUint32(where + 4 * k, value[k])
      else view.setUint8(where + k, value[k])
    }
  })
  view.setUint32(at + 2 + 12 * entries.length, 0)
  return data
}

const ascii = (s: string) => [...new TextEncoder().encode(s), 0]
/** Degrees as EXIF writes them: three rationals (degrees, minutes, seconds × 100). */
const dms = (degrees: number) => {
  const d = Math.abs(degrees)
  const minutes = (d % 1) * 60
  return [Math.floor(d), 1, Math.floor(minutes), 1, Math.round((minutes % 1) * 60 * 100), 100]
}

/** An APP1 EXIF segment (big-endian TIFF): IFD0 with the Orientation and an XP comment, the EXIF directory, the GPS one. */
export function exifSegment({ orientation, taken, gps }: PhotoExif): Uint8Array {
  const tiff = new Uint8Array(1024)
  const view = new DataView(tiff.buffer)
  tiff.set([0x4d, 0x4d, 0, 42, 0, 0, 0, 8])
  const ifd0 = (exif: number, gpsAt: number): Entry[] => [
    { tag: 0x0112, type: 3, count: 1, value: [orientation] },
    { tag: 0x8769, type: 4, count: 1, value: [exif] },
    ...(gps ? [{ tag: 0x8825, type: 4, count: 1, value: [gpsAt] }] : []),
    // a tag after the GPS pointer, which must survive the pointer's removal
    { tag: 0x9c9c, type: 1, count: 4, value: [0x6f, 0, 0x6b, 0] },
  ]
  const exifAt = 8 + 2 + 12 * ifd0(0, 0).length + 4
  const gpsAt = directory(view, exifAt, [{ tag: 0x9003, type: 2, count: 20, value: ascii(taken) }])
  const end = gps
    ? directory(view, gpsAt, [
        { tag: 0, type: 1, count: 4, value: [2, 3, 0, 0] },
        { tag: 1, type: 2, count: 2, value: ascii(gps.latitude < 0 ? 'S' : 'N') },
        { tag: 2, type: 5, count: 3, value: dms(gps.latitude) },
        { tag: 3, type: 2, count: 2, value: ascii(gps.longitude < 0 ? 'W' : 'E') },
        { tag: 4, type: 5, count: 3, value: dms(gps.longitude) },
      ])
    : gpsAt
  directory(view, 8, ifd0(exifAt, gpsAt))
  return segment(0xe1, [...new TextEncoder().encode('Exif\0\0'), ...tiff.subarray(0, end)])
}

/** An APP1 XMP segment that says where the photo was taken, as Lightroom or a phone's editor writes it. */
export function xmpSegment({ latitude, longitude }: { latitude: number; longitude: number }): Uint8Array {
  const xml = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="${latitude}" exif:GPSLongitude="${longitude}"/></rdf:RDF></x:xmpmeta>`
  return segment(0xe1, [
    ...new TextEncoder().encode('http://ns.adobe.com/xap/1.0/\0'),
    ...new TextEncoder().encode(xml),
  ])
}

function segment(marker: number, payload: ArrayLike<number>): Uint8Array {
  const out = new Uint8Array(payload.length + 4)
  out.set([0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff])
  out.set(payload, 4)
  return out
}

/** A JPEG with segments put right after its start (SOI), where a camera writes its EXIF. */
export function withSegments(jpeg: Uint8Array, ...segments: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(jpeg.length + segments.reduce((n, s) => n + s.length, 0))
  out.set(jpeg.subarray(0, 2))
  let at = 2
  for (const s of segments) {
    out.set(s, at)
    at += s.length
  }
  out.set(jpeg.subarray(2), at)
  return out
}

/** What a JPEG's metadata says, read independently: EXIF's Orientation, date taken and GPS, an XP comment, whether XMP is there. */
export function readJpegMetadata(jpeg: Uint8Array) {
  const found: {
    orientation?: number
    taken?: string
    gps?: { latitude: number; longitude: number } | 'empty'
    comment?: string
    xmp: boolean
  } = { xmp: false }
  for (let at = 2; at + 4 <= jpeg.length && jpeg[at] === 0xff && jpeg[at + 1] !== 0xda;) {
    const length = (jpeg[at + 2] << 8) | jpeg[at + 3]
    const payload = jpeg.subarray(at + 4, at + 2 + length)
    const head = new TextDecoder('latin1').decode(payload.subarray(0, 29))
    if (jpeg[at + 1] === 0xe1 && head.startsWith('http://ns.adobe.com/')) found.xmp = true
    if (jpeg[at + 1] === 0xe1 && head.startsWith('Exif\0\0')) Object.assign(found, readTiff(payload.subarray(6)))
    at += 2 + length
  }
  return found
}

function readTiff(tiff: Uint8Array) {
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength)
  const little = tiff[0] === 0x49
  const tags = (at: number) =>
    new Map(
      Array.from({ length: view.getUint16(at, little) }, (_, i) => {
        const e = at + 2 + 12 * i
        return [view.getUint16(e, little), { count: view.getUint32(e + 4, little), at: e + 8 }] as const
      }),
    )
  const ifd0 = tags(view.getUint32(4, little))
  const exif = tags(view.getUint32(ifd0.get(0x8769)!.at, little))
  const taken = exif.get(0x9003)
  const gpsPointer = ifd0.get(0x8825)
  const gps = gpsPointer ? tags(view.getUint32(gpsPointer.at, little)) : undefined
  const degrees = (tag: number) => {
    const at = view.getUint32(gps!.get(tag)!.at, little)
    const r = (k: number) => view.getUint32(at + 8 * k, little) / view.getUint32(at + 8 * k + 4, little)
    const sign =
      String.fromCharCode(tiff[gps!.get(tag - 1)!.at]) === 'S' ||
      String.fromCharCode(tiff[gps!.get(tag - 1)!.at]) === 'W'
    // to the micro-degree (10 cm), as the position was written
    return ((sign ? -1 : 1) * Math.round((r(0) + r(1) / 60 + r(2) / 3600) * 1e6)) / 1e6
  }
  const comment = ifd0.get(0x9c9c)
  return {
    orientation: ifd0.has(0x0112) ? view.getUint16(ifd0.get(0x0112)!.at, little) : undefined,
    taken: taken
      ? new TextDecoder().decode(tiff.subarray(view.getUint32(taken.at, little), view.getUint32(taken.at, little) + 19))
      : undefined,
    gps: gps ? (gps.size && gps.has(2) ? { latitude: degrees(2), longitude: degrees(4) } : 'empty') : undefined,
    comment: comment
      ? new TextDecoder().decode(tiff.subarray(comment.at, comment.at + 4)).replace(/\0/g, '')
      : undefined,
  } as const
}
