import { z } from 'zod'
import { MESSAGES, rule, type MessageCode } from '../messages.ts'
import { isIsoDate } from '../dates.ts'

/**
 * The field types the modules' inputs are made of (one schema for the API and the pages'
 * forms). A form sends text; the API may send the same text or the typed value: both parse to
 * the same output, and the output parses again (the page validates, then the BFF does).
 */
export const text = (max: number, message: string = MESSAGES.field_required) =>
  z.string().trim().min(1, message).max(max, `At most ${max} characters`)
export const optionalText = (max: number) => z.string().trim().max(max, `At most ${max} characters`).default('')
export const email = z.string().trim().toLowerCase().email(MESSAGES.invalid_email).max(200)
export const flag = z.union([z.boolean(), z.enum(['true', 'false', 'on']).transform((v) => v !== 'false')])

/**
 * How a page's form turns what a person typed into a field's API value (docs/api.md §5): money
 * typed as an amount ("1.234,56") goes to the API as cents, a decimal typed in any culture as a
 * number. The API itself takes the values only (app/kit/typed-text.server.ts reads the form).
 */
export type TypedText = { kind: 'money'; code: MessageCode } | { kind: 'decimal'; places: number; code: MessageCode }
export const typedText = z.registry<TypedText>()

/** A number checked by one rule whose code names it (`invalid_money` ...), documented as `schema` says. */
const numberWith = (
  code: MessageCode,
  problem: (value: number) => string | null,
  schema: { type: 'integer' | 'number'; minimum: number; maximum: number; description: string },
) =>
  z
    .custom<number>()
    .check((ctx) => {
      if (ctx.value === undefined)
        return void ctx.issues.push({ code: 'custom', input: undefined, ...rule('field_required') })
      const wrong =
        typeof ctx.value === 'number' ? problem(ctx.value) : `must be a number: ${schema.description.toLowerCase()}`
      if (wrong) ctx.issues.push({ code: 'custom', input: ctx.value, message: wrong, params: { code } })
    })
    // what the check enforces, for the API document (a custom schema has no JSON Schema of its own)
    .meta(schema)

/** Money as the API takes and answers it: integer cents of the company's currency (12345 is 123.45), from 0 to `max`. */
export const money = (max = 100_000_000_00) =>
  numberWith(
    'invalid_money',
    (v) =>
      !Number.isSafeInteger(v)
        ? 'whole cents: an integer (12345 is 123.45)'
        : v < 0 || v > max
          ? `from 0 to ${max} cents`
          : null,
    {
      type: 'integer',
      minimum: 0,
      maximum: max,
      description: 'An amount in integer cents of the company’s currency (12345 is 123.45)',
    },
  ).register(typedText, { kind: 'money', code: 'invalid_money' })

/** A number with at most `places` decimals between `min` and `max` (a percent, a quantity). */
export const decimal = (
  places: number,
  min: number,
  max: number,
  code: 'invalid_percent' | 'invalid_quantity' | 'invalid_value' = 'invalid_value',
) =>
  numberWith(
    code,
    (v) =>
      !Number.isFinite(v) || Math.abs(Math.round(v * 10 ** places) - v * 10 ** places) > 1e-6
        ? places
          ? `at most ${places} decimal places`
          : 'a whole number'
        : v < min || v > max
          ? `from ${min} to ${max}`
          : null,
    {
      type: places ? 'number' : 'integer',
      minimum: min,
      maximum: max,
      description: places ? `A number with at most ${places} decimal places` : 'A whole number',
    },
  ).register(typedText, { kind: 'decimal', places, code })
export const percent = decimal(2, 0, 100, 'invalid_percent')

/**
 * A list of `item`: an array, or text separated by commas (a form's checked boxes of one name are
 * joined so); trimmed, each once.
 */
export const commaList = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .union([z.array(z.string()), z.string().transform((v) => v.split(','))])
    .transform((list) => [...new Set(list.map((t) => t.trim()).filter(Boolean))])
    .pipe(z.array(item))

/** Words a record is labelled with: an array, or text separated by commas; trimmed, unique, at most 20. */
export const tags = commaList(z.string().max(40, 'At most 40 characters'))
  .pipe(z.array(z.string()).max(20, 'At most 20'))
  .default([])

/** Items one per line (a checklist): an array, or text with one item per line. */
export const lines = (maxItems: number, maxLength: number) =>
  z
    .union([z.array(z.string()), z.string().transform((v) => v.split(/\r?\n/))])
    .transform((list) => list.map((t) => t.trim()).filter(Boolean))
    .pipe(z.array(z.string().max(maxLength, `At most ${maxLength} characters`)).max(maxItems, `At most ${maxItems}`))
    .default([])

/** A day (`2026-12-10`), the branch's calendar. */
export const day = z.string().trim().refine(isIsoDate, rule('invalid_date'))

/** A day, or none (a form's empty field). */
export const optionalDay = z.union([z.literal('').transform(() => undefined), day]).optional()

/** The id of a record picked in a form, or none (its empty choice): `message` when it is no id. */
export const optionalId = (message: string) =>
  z.union([z.literal('').transform(() => undefined), z.uuid({ message })]).optional()
