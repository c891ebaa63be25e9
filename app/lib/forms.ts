import { z } from 'zod'
import { issueCode } from '../../domain/messages.ts'
import { isMessageKey, type Translator } from './i18n'

export type FieldErrors = Record<string, string>

/** The upload service's sentences (product-shell.md §8, not the module answers), in the user's language; null for others. */
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

/** The text of an error code in the user's language (codes are message keys), or null when it has none. */
export function codeText(code: string | undefined, t: Translator, values: { min?: unknown; max?: unknown } = {}): string | null {
  if (!code) return null
  if (code === 'too_short') return t.too_short({ min: String(values.min ?? '') })
  if (code === 'too_long') return t.too_long({ max: String(values.max ?? '') })
  return isMessageKey(code) ? (t[code] as () => string)() : null
}

/** zod issues of the shared schemas as messages in the user's language, one per field, from each issue's code. */
export function fieldErrors(error: z.ZodError, t: Translator): FieldErrors {
  const out: FieldErrors = {}
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form')
    if (out[field]) continue
    const values = issue as { minimum?: unknown; maximum?: unknown }
    out[field] = codeText(issueCode(issue), t, { min: values.minimum, max: values.maximum }) ?? t.invalid_value()
  }
  return out
}

/** The error answer of a module (the wrapper with its code, field errors and their codes). */
const refusalSchema = z.object({ Msg: z.string().default(''), code: z.string().optional(), fields: z.record(z.string(), z.array(z.string())).optional(), codes: z.record(z.string(), z.string()).optional() })

/** What a form shows for a refused save: the field errors by their codes, else one message for the form, by the answer's code. */
export function refusalErrors(status: number, body: unknown, t: Translator): FieldErrors {
  const answer = refusalSchema.safeParse(body)
  if (!answer.success) return { form: t.error_unexpected() }
  const { Msg, code, fields, codes } = answer.data
  if (fields && Object.keys(fields).length) {
    return Object.fromEntries(Object.entries(fields).map(([path, [message]]) => [path.split('.')[0], codeText(codes?.[path], t) ?? message]))
  }
  if (status === 403 || code === 'forbidden') return { form: t.error_403_text() }
  return { form: codeText(code, t) ?? (Msg || t.error_unexpected()) }
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
