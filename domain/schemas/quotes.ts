import { z } from 'zod'
import { LANGUAGES } from '../cultures.ts'
import { dateIn } from '../dates.ts'
import {
  documentSearchText,
  lineDraft,
  lineRow,
  totalsRow,
  withLineTotals,
  type LineInput,
  type SearchedDocument,
  type Totals,
} from '../document-lines.ts'
import { CURRENCIES, type Currency } from '../money.ts'
import { day, money, optionalText, percent } from './fields.ts'
import { paidOf, paymentRow, paymentRowOf, type PaymentRecord } from './payments.ts'

/** Where a company's quotes are stored (a collection of storage/repositories). */
export const QUOTES = 'quotes'

/** docs/domain.md cd_cotacao: the statuses stored (real events); *expired* is computed from the date. */
export const QUOTE_STATUSES = ['draft', 'sent', 'approved', 'rejected', 'converted'] as const
export type QuoteStatus = (typeof QUOTE_STATUSES)[number]
export const QUOTE_STATES = [...QUOTE_STATUSES, 'expired'] as const
export type QuoteState = (typeof QUOTE_STATES)[number]

const date = day

/** A quote as the office types it (the client and their address, lines, validity, terms). */
export const quoteInput = z.object({
  clientId: z.string().uuid({ message: 'Choose a client' }),
  serviceAddress: optionalText(300),
  lines: z.array(lineDraft).min(1, 'Add at least one line').max(100, 'At most 100 lines'),
  /** Empty: 30 days from today. */
  validUntil: z.union([z.literal('').transform(() => undefined), date]).optional(),
  /** Empty: the company's language. */
  culture: z.union([z.literal('').transform(() => undefined), z.enum(LANGUAGES)]).optional(),
  terms: optionalText(4000),
  notes: optionalText(4000),
  /** A deposit the client pays on approving: a percentage of the total or an amount, one of them (none: no deposit). */
  depositPercent: percent.nullable().default(null).meta({
    description: 'The deposit asked on approval as a percentage of the total (null: none; not with depositAmount)',
  }),
  depositAmount: money().nullable().default(null).meta({
    description:
      'The deposit asked on approval as an amount in cents, at most the total (null: none; not with depositPercent)',
  }),
})
export type QuoteInput = z.output<typeof quoteInput>

/** How a send reached the client: by e-mail, or not (then the office passes the link on itself). */
export const quoteDelivery = z
  .union([
    z.object({ by: z.literal('email'), to: z.string() }),
    z.object({ by: z.literal('none'), reason: z.enum(['no_mail_server', 'no_email', 'mail_refused']) }),
  ])
  .nullable()
export type QuoteDelivery = z.output<typeof quoteDelivery>

/** What the client did on their link. */
export type QuoteDecision = { name: string; at: string; address: string; reason?: string }

export type QuoteRecord = {
  id: string
  filial: number
  number: string
  clientId: string
  clientName: string
  clientTaxId: string
  serviceAddress: string
  lines: LineInput[]
  totals: Totals
  currency: Currency
  validUntil: string
  culture: (typeof LANGUAGES)[number]
  terms: string
  notes: string
  status: QuoteStatus
  createdAt: string
  /** Raised with every send: links of an earlier send no longer open. */
  sendCount: number
  sentAt: string | null
  decision: QuoteDecision | null
  duplicateOf: string | null
  /** How the last send reached the client (absent on quotes sent before it was recorded). */
  delivery?: QuoteDelivery
  /** The service order it was converted to (absent on quotes stored before orders). */
  orderId?: string | null
  orderNumber?: string | null
  /** The deposit asked on approval (absent on quotes stored before deposits): a percentage or an amount. */
  depositPercent?: number | null
  depositAmount?: number | null
  /** The deposit's payments, recorded by the office or the card provider (docs/domain.md "Deposits"). */
  deposits?: PaymentRecord[]
  /**
   * The invoice credited with the deposit (its order's): set in the same write that copies the
   * payments, cleared when that invoice is voided or never written. While set, the deposit is the
   * invoice's: no payment is recorded or reversed on the quote.
   */
  creditedTo?: string | null
}

export const quoteRow = z.object({
  id: z.string(),
  filial: z.number(),
  number: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  clientTaxId: z.string(),
  serviceAddress: z.string(),
  lines: z.array(lineRow),
  totals: totalsRow,
  /** The total, for the list's sort and column. */
  total: z.number(),
  currency: z.enum(CURRENCIES),
  validUntil: z.string(),
  culture: z.enum(LANGUAGES),
  terms: z.string(),
  notes: z.string(),
  status: z.enum(QUOTE_STATUSES),
  /** The status as the user sees it: *expired* when the date passed before a decision. */
  state: z.enum(QUOTE_STATES),
  createdAt: z.string(),
  /** Raised with every send and withdrawal: the client's link opens the latest send only. */
  sendCount: z.number().int(),
  sentAt: z.string().nullable(),
  /** How the last send reached the client: by e-mail, or not (the office passes the link on). */
  delivery: quoteDelivery,
  decision: z
    .object({ name: z.string(), at: z.string(), address: z.string(), reason: z.string().optional() })
    .nullable(),
  duplicateOf: z.string().nullable(),
  /** The service order it was converted to. */
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  depositPercent: z.number().nullable(),
  depositAmount: z.number().int().nullable(),
  depositAsked: z.number().int().meta({ description: 'The deposit asked, in cents of the total as it is (0: none)' }),
  depositPaid: z.number().int().meta({ description: 'What the deposit’s payments not reversed add up to' }),
  deposits: z.array(paymentRow).meta({ description: 'The deposit’s payments, reversed ones marked' }),
  creditedTo: z.string().nullable().meta({
    description:
      'The invoice credited with the deposit (the order’s), or null: while set, payments are taken there, not on the quote',
  }),
})
export type QuoteRow = z.output<typeof quoteRow>

/** A quote as stored: with its branch's time zone, in which its dates are days. */
export type StoredQuote = QuoteRecord & { timeZone: string }

/** docs/domain.md: a quote is expired when its valid-until date has passed and it was not decided. */
export const quoteState = (q: Pick<QuoteRecord, 'status' | 'validUntil'>, today: string): QuoteState =>
  (q.status === 'draft' || q.status === 'sent') && q.validUntil < today ? 'expired' : q.status

/**
 * What a quote is found by: its number, its client's name and tax id (also as bare digits), the
 * service address (street, city) and its lines' services.
 */
export const quoteSearchText = (q: SearchedDocument) => documentSearchText(q)

/** What the client sees of their quote: no internal notes, no ids of the office. */
/** The company as a client's page shows it (a quote's, an invoice's): its printed details, and whether it has a logo. */
export const publicCompanySchema = z.object({
  name: z.string(),
  legalName: z.string(),
  taxId: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  hasLogo: z.boolean(),
})

export const publicQuoteSchema = z.object({
  company: publicCompanySchema,
  number: z.string(),
  clientName: z.string(),
  clientTaxId: z.string(),
  serviceAddress: z.string(),
  lines: z.array(lineRow.omit({ jobId: true })),
  totals: totalsRow,
  currency: z.enum(CURRENCIES),
  validUntil: z.string(),
  culture: z.enum(LANGUAGES),
  terms: z.string(),
  state: z.enum(QUOTE_STATES),
  decision: z
    .object({
      name: z.string(),
      at: z.string(),
      day: z.string().meta({ description: 'The day of the answer in the quote’s branch’s zone' }),
      reason: z.string().optional(),
    })
    .nullable(),
  /**
   * The deposit asked on approval (null: none): what is paid and open, and once the client approved,
   * the Pix charge of what is open (null without the company's key) and whether a card may pay it.
   */
  deposit: z
    .object({
      asked: z.number().int(),
      paid: z.number().int(),
      open: z.number().int(),
      pix: z.object({ key: z.string(), code: z.string() }).nullable(),
      card: z.boolean(),
      /** The order's invoice is credited with it: what is left is paid on the invoice. */
      credited: z.boolean(),
    })
    .nullable(),
})
export type PublicQuote = z.output<typeof publicQuoteSchema>

/** The deposit a quote asks, in cents of its total as it is: its percentage, or its amount (never above the total); 0 for none. */
export const depositAsked = (q: Pick<QuoteRecord, 'depositPercent' | 'depositAmount' | 'totals'>) =>
  q.depositPercent
    ? Math.round((q.totals.total * q.depositPercent) / 100)
    : q.depositAmount
      ? Math.min(q.depositAmount, q.totals.total)
      : 0

/** A stored quote as the API answers it, its state at `now`. */
export const quoteRowOf = (q: StoredQuote, now: number): QuoteRow => {
  const { timeZone, ...quote } = q
  return {
    ...quote,
    lines: withLineTotals(q.lines),
    total: q.totals.total,
    state: quoteState(q, dateIn(timeZone, now)),
    delivery: q.delivery ?? null,
    orderId: q.orderId ?? null,
    orderNumber: q.orderNumber ?? null,
    depositPercent: q.depositPercent ?? null,
    depositAmount: q.depositAmount ?? null,
    depositAsked: depositAsked(q),
    depositPaid: paidOf(q.deposits ?? []),
    deposits: (q.deposits ?? []).map(paymentRowOf),
    creditedTo: q.creditedTo ?? null,
  }
}
