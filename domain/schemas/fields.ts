import { z } from 'zod'
import { parseDecimal, toCents } from '../money.ts'
import { MESSAGES, rule } from '../messages.ts'

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

/** Integer cents: a number is cents, a string is an amount as typed ("1.234,56"). */
export const money = (max = 100_000_000_00) =>
  z.union([z.number(), z.string()]).transform((v, ctx) => {
    const cents = toCents(v)
    if (cents === null || cents < 0 || cents > max) {
      ctx.addIssue({ code: 'custom', ...rule('invalid_money') })
      return z.NEVER
    }
    return cents
  })

/** A decimal with `places` decimals between `min` and `max` (a percent, a quantity), typed in any culture. */
export const decimal = (
  places: number,
  min: number,
  max: number,
  code: 'invalid_percent' | 'invalid_quantity' | 'invalid_value' = 'invalid_value',
) =>
  z.union([z.number(), z.string()]).transform((v, ctx) => {
    const value = typeof v === 'number' ? v : v.trim() === '' ? 0 : parseDecimal(v, places)
    if (value === null || !Number.isFinite(value) || value < min || value > max) {
      ctx.addIssue({ code: 'custom', ...rule(code) })
      return z.NEVER
    }
    return Math.round(value * 10 ** places) / 10 ** places
  })
export const percent = decimal(2, 0, 100, 'invalid_percent')

/** Words a record is labelled with: an array, or text separated by commas; trimmed, unique, at most 20. */
export const tags = z
  .union([z.array(z.string()), z.string().transform((v) => v.split(','))])
  .transform((list) => [...new Set(list.map((t) => t.trim()).filter(Boolean))])
  .pipe(z.array(z.string().max(40, 'At most 40 characters')).max(20, 'At most 20'))
  .default([])

/** Items one per line (a checklist): an array, or text with one item per line. */
export const lines = (maxItems: number, maxLength: number) =>
  z
    .union([z.array(z.string()), z.string().transform((v) => v.split(/\r?\n/))])
    .transform((list) => list.map((t) => t.trim()).filter(Boolean))
    .pipe(z.array(z.string().max(maxLength, `At most ${maxLength} characters`)).max(maxItems, `At most ${maxItems}`))
    .default([])
