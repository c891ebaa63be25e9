import { UPLOADED_IMAGE } from '../../domain/images.ts'
import { MESSAGES } from '../../domain/messages.ts'
import { UPLOAD_MAX_BYTES } from '../../domain/upload-limits.ts'
import { joinBytes } from '../../domain/bytes.ts'
import { apiError } from './errors.ts'
import { checkImage, refusalCode } from './image-bounds.ts'
import { imageType } from './image-header.ts'
import { withoutLocation } from './jpeg-location.ts'

/** What the bytes are, for the types whose declared type we check. */
export function sniff(bytes: Uint8Array): string | null {
  const pdf = [0x25, 0x50, 0x44, 0x46].every((b, i) => bytes[i] === b)
  return imageType(bytes) ?? (pdf ? 'application/pdf' : null)
}

const RASTER = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp'])

/**
 * Refuses a file over the limit (413), a raster image or PDF whose bytes are something else (400),
 * or an image over the upload's budget, checked without decoding it (400, docs/api.md §6 Images).
 * A JPEG is kept without its location.
 */
export async function checkedFile(file: File): Promise<{ name: string; type: string; bytes: Uint8Array }> {
  if (file.size > UPLOAD_MAX_BYTES) throw apiError(413, 'File size exceeds the limit of 5 MB.')
  const bytes = new Uint8Array(await file.arrayBuffer())
  const declared = (file.type || 'application/octet-stream').toLowerCase().split(';')[0].trim()
  const mismatch = () =>
    apiError(400, 'The file content does not match its type', {
      files: [`${file.name} is not a valid ${declared} file`],
    })
  if ((RASTER.has(declared) || declared === 'application/pdf') && sniff(bytes) !== declared) throw mismatch()
  if (!RASTER.has(declared)) return { name: safeName(file.name), type: declared, bytes }
  const image = await checkImage(bytes, UPLOADED_IMAGE)
  if (!image.ok) {
    if (image.reason === 'unreadable') throw mismatch()
    const code = refusalCode(image.reason, 'image_too_many_pixels')
    throw apiError(
      400,
      MESSAGES[code],
      { files: [`${file.name}: ${MESSAGES[code]}`] },
      { code, codes: { files: code } },
    )
  }
  const kept = declared === 'image/jpeg' ? joinBytes(withoutLocation([bytes])) : bytes
  return { name: safeName(file.name), type: declared, bytes: kept }
}

/** A display name only: no folders, no control characters, at most 200 characters. */
export function safeName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  // stripping control characters is the point
  // eslint-disable-next-line no-control-regex
  const unsafe = /[\u0000-\u001f\u007f"]/g
  const clean = base.replace(unsafe, '').trim().slice(0, 200)
  return clean && clean !== '.' && clean !== '..' ? clean : 'file'
}

/** Served inline only for raster images and PDF; anything else (SVG, HTML ...) downloads. */
export function contentDisposition(type: string, name: string): string {
  const inline = RASTER.has(type) || type === 'application/pdf'
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}
