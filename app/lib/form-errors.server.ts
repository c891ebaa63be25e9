import { z } from 'zod'
import { issueCode } from '../../domain/messages.ts'
import { isMessageKey, type Translator } from './i18n'
import type { FieldErrors } from './forms'

/** The text of an error code in the user's language (codes are message keys), or null when it has none. */
export function codeText(
  code: string | undefined,
  t: Translator,
  values: { min?: unknown; max?: unknown } = {},
): string | null {
  if (!code) return null
  if (code === 'too_short') return t.too_short({ min: String(values.min ?? '') })
  if (code === 'too_long') return t.too_long({ max: String(values.max ?? '') })
  return isMessageKey(code) ? (t[code] as () => string)() : null
}

/**
 * zod issues of the shared schemas as messages in the user's language, one per field, from each
 * issue's code; `input`, what was parsed, tells a choice left on its empty option (a required field).
 */
export function fieldErrors(error: z.ZodError, t: Translator, input?: Record<string, unknown>): FieldErrors {
  const out: FieldErrors = {}
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : 'form'
    if (out[field]) continue
    const values = issue as { minimum?: unknown; maximum?: unknown }
    const given = issue.path.length === 1 && input ? input[String(issue.path[0])] : undefined
    const code = issueCode(given === '' ? { ...issue, input: given } : issue)
    out[field] = codeText(code, t, { min: values.minimum, max: values.maximum }) ?? t.invalid_value()
  }
  return out
}

/** The error answer of a module (the wrapper with its code, field errors and their codes). */
const refusalSchema = z.object({
  Msg: z.string().default(''),
  code: z.string().optional(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
  codes: z.record(z.string(), z.string()).optional(),
})

/** What a form shows for a refused save: the field errors by their codes, else one message for the form, by the answer's code. */
export function refusalErrors(status: number, body: unknown, t: Translator): FieldErrors {
  const answer = refusalSchema.safeParse(body)
  if (!answer.success) return { form: t.error_unexpected() }
  const { Msg, code, fields, codes } = answer.data
  if (fields && Object.keys(fields).length) {
    return Object.fromEntries(
      Object.entries(fields).map(([path, [message]]) => [path, codeText(codes?.[path], t) ?? message]),
    )
  }
  if (status === 403 || code === 'forbidden') return { form: t.error_403_text() }
  return { form: codeText(code, t) ?? (Msg || t.error_unexpected()) }
}

/** The code a refusal names for its first field, else for the whole answer; null when it names none. */
export function refusalCode(body: unknown): string | null {
  const answer = refusalSchema.safeParse(body)
  if (!answer.success) return null
  return Object.values(answer.data.codes ?? {})[0] ?? answer.data.code ?? null
}
