import type { z } from 'zod'
import type { Translator } from './i18n'

export type FieldErrors = Record<string, string>

/** The shared schemas', the BFF's and the upload service's sentences, in the user's language; null for others. */
export function knownMessage(message: string, t: Translator): string | null {
  const known: Record<string, () => string> = {
    'Fill this in': t.field_required,
    'Enter a valid CNPJ (14 digits with correct check digits)': t.invalid_cnpj,
    'Choose a valid time zone': t.invalid_time_zone,
    'Use 1 to 6 capital letters or digits': t.invalid_prefix,
    'Enter a valid e-mail address': t.invalid_email,
    'This e-mail is already used by another user': t.email_taken,
    'A company needs a main branch: mark another branch as main instead': t.main_branch_needed,
    'Choose a branch of this company': t.branch_of_company,
    'No file selected.': t.upload_no_file,
    'No files selected for upload': t.upload_no_files,
    'File size exceeds the limit of 5 MB.': t.upload_too_big,
    'Error uploading file': t.upload_error,
    'Error deleting file': t.upload_delete_error,
    'No file to delete': t.upload_nothing_to_delete,
    'Unexpected error!': t.error_unexpected,
  }
  return known[message]?.() ?? null
}

/** zod issues of the shared schemas as messages in the user's language, one per field. */
export function fieldErrors(error: z.ZodError, t: Translator): FieldErrors {
  const out: FieldErrors = {}
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form')
    if (out[field]) continue
    const known = knownMessage(issue.message, t)
    if (known) out[field] = known
    else if (issue.code === 'too_small') out[field] = Number(issue.minimum) <= 1 ? t.field_required() : t.too_short({ min: String(issue.minimum) })
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
