import { apiError } from './errors.ts'

/** `If-Match: "7"` names the version a write expects; absent means "whatever is stored". */
export function ifMatchVersion(header: string | undefined): number | undefined {
  if (!header) return undefined
  const match = header.match(/^(?:W\/)?"(\d+)"$/)
  if (!match) throw apiError(400, 'Invalid request', { 'If-Match': ['must be an ETag given by this API'] })
  return Number(match[1])
}
