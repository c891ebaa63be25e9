import { z } from 'zod'
import { decimal, flag, money, optionalText, percent, text } from './schemas/fields.ts'

/**
 * An optional line (a quote's: docs/domain.md cd_cotacao) is offered, not sold: it counts in the
 * totals only once chosen — by the office beforehand, or by the client on the approval page.
 */
const choice = {
  optional: flag.optional().meta({ description: 'Offered, not sold: counts in the totals only when chosen' }),
  chosen: flag.optional().meta({ description: 'An optional line the client (or the office) chose' }),
}

/**
 * The lines of a quote (and later of an order and an invoice): a job of the catalogue or free
 * text, a quantity with 3 decimals, a unit price in cents, a discount and a tax in percent.
 */
export const lineInput = z.object({
  jobId: z.union([z.literal(''), z.string().uuid()]).default(''),
  description: text(300),
  quantity: decimal(3, 0.001, 1_000_000, 'invalid_quantity'),
  unitPrice: money(),
  discountPercent: percent.default(0),
  taxPercent: percent.default(0),
  ...choice,
})
export type LineInput = z.output<typeof lineInput>

/**
 * A line as typed: a line that picks a job may leave its description, price and tax empty (the
 * catalogue's are taken, on the server); a free-text line needs them.
 */
export const lineDraft = z.object({
  jobId: z.union([z.literal(''), z.string().uuid()]).default(''),
  description: optionalText(300),
  quantity: decimal(3, 0.001, 1_000_000, 'invalid_quantity'),
  unitPrice: money().optional(),
  discountPercent: percent.default(0),
  taxPercent: percent.optional(),
  ...choice,
})
export type LineDraft = z.output<typeof lineDraft>

export const lineRow = z.object({
  jobId: z.string(),
  description: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  discountPercent: z.number(),
  taxPercent: z.number(),
  optional: z.boolean(),
  chosen: z.boolean(),
  total: z.number(),
})
export type LineRow = z.output<typeof lineRow>

/** What a branch document (a quote, an order, an invoice) is found by. */
export type SearchedDocument = {
  number: string
  clientName: string
  clientTaxId: string
  serviceAddress: string
  lines: ReadonlyArray<Pick<LineInput, 'description'>>
}

/**
 * A document's search text: its number, its client's name and tax id (also as bare digits), the
 * service address (street, city), its lines' services, and what else its kind is found by (`more`).
 */
export const documentSearchText = (d: SearchedDocument, ...more: string[]) =>
  [
    d.number,
    d.clientName,
    d.clientTaxId,
    d.clientTaxId.replace(/\D/g, ''),
    d.serviceAddress,
    ...d.lines.map((l) => l.description),
    ...more,
  ].join(' ')

export const totalsRow = z.object({ subtotal: z.number(), discount: z.number(), tax: z.number(), total: z.number() })
export type Totals = z.output<typeof totalsRow>

/** Half away from zero, to the cent. */
const round = (value: number) => Math.sign(value) * Math.round(Math.abs(value))

/** One line's amounts in cents: gross (quantity × price), discount, tax on what is left, total. */
export function lineAmounts(line: LineInput): Totals {
  const gross = round((Math.round(line.quantity * 1000) * line.unitPrice) / 1000)
  const discount = round((gross * Math.round(line.discountPercent * 100)) / 10_000)
  const tax = round(((gross - discount) * Math.round(line.taxPercent * 100)) / 10_000)
  return { subtotal: gross, discount, tax, total: gross - discount + tax }
}

/** Whether a line counts in its document's totals: any line but an optional one not chosen. */
export const counts = (line: Pick<LineInput, 'optional' | 'chosen'>) => !line.optional || line.chosen === true

/** A document's totals (docs/domain.md: computed on the server, in integer cents): the sums of its counting lines'. */
export function documentTotals(lines: LineInput[]): Totals {
  return lines
    .filter(counts)
    .map(lineAmounts)
    .reduce(
      (sum, l) => ({
        subtotal: sum.subtotal + l.subtotal,
        discount: sum.discount + l.discount,
        tax: sum.tax + l.tax,
        total: sum.total + l.total,
      }),
      { subtotal: 0, discount: 0, tax: 0, total: 0 },
    )
}

export const withLineTotals = (lines: LineInput[]): LineRow[] =>
  lines.map((l) => ({ ...l, optional: l.optional === true, chosen: l.chosen === true, total: lineAmounts(l).total }))
