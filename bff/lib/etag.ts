import { invalidFields } from './errors.ts'

/** `If-Match: "7"` names the version a write expects; absent means "whatever is stored". */
export function ifMatchVersion(header: string | undefined): number | undefined {
  if (!header) return undefined
  const match = header.match(/^(?:W\/)?"(\d+)"$/)
  if (!match) throw invalidFields({ 'If-Match': ['must be an ETag given by this API'] })
  return Number(match[1])
}

/**
 * Whether `If-None-Match` names `etag` (a list, weak or strong, or `*`): the client has this
 * answer already, and gets 304 with no body.
 */
export function notModified(header: string | undefined, etag: string): boolean {
  if (!header) return false
  const strong = etag.replace(/^W\//, '')
  return header.split(',').some((tag) => {
    const t = tag.trim()
    return t === '*' || t.replace(/^W\//, '') === strong
  })
}
