import { UPLOAD_MAX_BYTES } from '../../domain/schemas/files.ts'
import { apiError } from './errors.ts'

const startsWith = (bytes: Uint8Array, ...sig: number[]) => sig.every((b, i) => bytes[i] === b)

/** What the bytes are, for the types whose declared type we check. */
export function sniff(bytes: Uint8Array): string | null {
  if (startsWith(bytes, 0x89, 0x50, 0x4e, 0x47)) return 'image/png'
  if (startsWith(bytes, 0xff, 0xd8, 0xff)) return 'image/jpeg'
  if (startsWith(bytes, 0x47, 0x49, 0x46, 0x38)) return 'image/gif'
  if (startsWith(bytes, 0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.subarray(8, 12)) === 'WEBP')
    return 'image/webp'
  if (startsWith(bytes, 0x25, 0x50, 0x44, 0x46)) return 'application/pdf'
  return null
}

const RASTER = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp'])

/** Refuses a file over the limit (413) or a raster image or PDF whose bytes are something else (400). */
export async function checkedFile(file: File): Promise<{ name: string; type: string; bytes: Uint8Array }> {
  if (file.size > UPLOAD_MAX_BYTES) throw apiError(413, 'File size exceeds the limit of 5 MB.')
  const bytes = new Uint8Array(await file.arrayBuffer())
  const declared = (file.type || 'application/octet-stream').toLowerCase().split(';')[0].trim()
  if ((RASTER.has(declared) || declared === 'application/pdf') && sniff(bytes) !== declared) {
    throw apiError(400, 'The file content does not match its type', {
      files: [`${file.name} is not a valid ${declared} file`],
    })
  }
  return { name: safeName(file.name), type: declared, bytes }
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
