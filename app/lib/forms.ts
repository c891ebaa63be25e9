import { FORM_KEY_FIELD } from '../../domain/server-context.ts'
import type { Translator } from './i18n'

export type FieldErrors = Record<string, string>

/** The upload service's sentences (docs/shell.md §8, not the module answers), in the user's language; null for others. */
export function knownMessage(message: string, t: Translator): string | null {
  const known: Record<string, () => string> = {
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

/** What every form carries for the server, never a field of the record (app/ui/csrf-field.tsx). */
const FORM_ONLY = new Set(['csrf', FORM_KEY_FIELD])

/** A form's fields as a plain object (strings only; files are not taken here). */
export function formFields(form: FormData): Record<string, string> {
  const out: Record<string, string> = {}
  // a name sent more than once (the checked boxes of a list of choices): its values joined by commas
  for (const [key, value] of form)
    if (typeof value === 'string' && !FORM_ONLY.has(key)) out[key] = key in out ? `${out[key]},${value}` : value
  return out
}

/** What a refused sign-in or unlock tells the user (404: wrong credentials, 429: throttled). */
export function credentialError(status: number, t: Translator): string {
  return status === 404 ? t.sign_in_error_wrong() : status === 429 ? t.sign_in_error_throttled() : t.error_unexpected()
}
