import type { z } from 'zod'
import type { Translator } from './i18n'

export type FieldErrors = Record<string, string>

/** zod issues of the shared schemas as messages in the user's language, one per field. */
export function fieldErrors(error: z.ZodError, t: Translator): FieldErrors {
  const out: FieldErrors = {}
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form')
    if (out[field]) continue
    if (issue.code === 'too_small') out[field] = Number(issue.minimum) <= 1 ? t.field_required() : t.too_short({ min: String(issue.minimum) })
    else if (issue.code === 'too_big') out[field] = t.too_long({ max: String(issue.maximum) })
    else if (issue.code === 'invalid_format' && issue.format === 'email') out[field] = t.invalid_email()
    else if (issue.code === 'invalid_type' && issue.input === undefined) out[field] = t.field_required()
    else out[field] = t.invalid_value()
  }
  return out
}

/** A form's fields as a plain object (strings only; files are not taken here). */
export function formFields(form: FormData): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of form) if (typeof value === 'string' && key !== 'csrf') out[key] = value
  return out
}

/** What a refused sign-in or unlock tells the user (404: wrong credentials, 429: throttled). */
export function credentialError(status: number, t: Translator): string {
  return status === 404 ? t.sign_in_error_wrong() : status === 429 ? t.sign_in_error_throttled() : t.error_unexpected()
}
