import { invalidFields } from './errors.ts'

/** `If-Match: "7"` names the version a write expects; absent means "whatever is stored". */
export function ifMatchVersion(header: string | undefined): number | undefined {
  if (!header) return undefined
  const match = header.match(/^(?:W\/)?"(\d+)"$/)
  if (!match) throw invalidFields({ 'If-Match': ['must be an ETag given by this API'] })
  return Number(match[1])
}
