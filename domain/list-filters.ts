import { z } from 'zod'
import { dateIn } from './dates.ts'

/**
 * A list's filters beyond its search and state (docs/domain.md "Lists"), as a module declares them:
 * - `links`: fields holding a linked record's id — `clientId=<id>` keeps the rows of that client;
 * - `ranges`: day fields, or instants (their day in the row's `timeZone`, the branch's; else UTC) —
 *   `dueDateFrom=2026-11-01&dueDateTo=2026-11-30` keeps the rows whose day falls within, both ends
 *   included; either end may be left open.
 */
export type ListFilters = { links?: readonly string[]; ranges?: readonly string[] }

/** The query parameters of a module's filters, each optional. */
export function filterParams(filters: ListFilters | undefined): z.ZodRawShape {
  const shape: Record<string, z.ZodType> = {}
  for (const field of filters?.links ?? [])
    shape[field] = z
      .string()
      .trim()
      .min(1)
      .max(100)
      .optional()
      .meta({ description: `Only the rows whose ${field} is this` })
  for (const field of filters?.ranges ?? []) {
    shape[`${field}From`] = z.iso
      .date({ message: 'Enter a date' })
      .optional()
      .meta({ description: `Only the rows whose ${field} is on or after this day` })
    shape[`${field}To`] = z.iso
      .date({ message: 'Enter a date' })
      .optional()
      .meta({ description: `Only the rows whose ${field} is on or before this day` })
  }
  return shape
}

type Query = Record<string, unknown>
type Row = Record<string, unknown>
type Condition = { field: string; test: (value: unknown, row: Row) => boolean; key: string }

/** A field's day: a day as it is, an instant on the row's branch's calendar. */
function dayOf(value: unknown, row: Row): string {
  if (typeof value !== 'string' || value.length < 10) return ''
  if (value.length === 10) return value
  const at = Date.parse(value)
  if (Number.isNaN(at)) return ''
  return typeof row.timeZone === 'string' ? dateIn(row.timeZone, at) : value.slice(0, 10)
}

/** The conditions a query sets, each with a key that names it (what a list kept per query is kept under). */
function conditions(filters: ListFilters | undefined, query: Query): Condition[] {
  const out: Condition[] = []
  for (const field of filters?.links ?? []) {
    const id = query[field]
    if (typeof id === 'string' && id) out.push({ field, test: (v) => v === id, key: `${field}=${id}` })
  }
  for (const field of filters?.ranges ?? []) {
    const from = query[`${field}From`]
    const to = query[`${field}To`]
    if (typeof from !== 'string' && typeof to !== 'string') continue
    out.push({
      field,
      test: (v, row) => {
        const d = dayOf(v, row)
        return d !== '' && (typeof from !== 'string' || d >= from) && (typeof to !== 'string' || d <= to)
      },
      key: `${field}:${String(from ?? '')}..${String(to ?? '')}`,
    })
  }
  return out
}

/** What a query's filters keep, as a test of a row, and the key that names them. */
export type RowFilter = { keeps: (row: Record<string, unknown>) => boolean; key: string }

/**
 * What a query's filters keep, as a test of a row (the API's, or a compact index row holding the
 * same fields), and their key; `null` when the query sets none.
 */
export function rowFilter(filters: ListFilters | undefined, query: Query): RowFilter | null {
  const set = conditions(filters, query)
  if (!set.length) return null
  return { keeps: (row) => set.every((c) => c.test(row[c.field], row)), key: JSON.stringify(set.map((c) => c.key)) }
}
