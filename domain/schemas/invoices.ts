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
import { commaList, optionalDay, optionalText, text } from './fields.ts'
import { lastPaymentDate, markRow, paymentRow, paymentRowOf, type Mark, type PaymentRecord } from './payments.ts'
import { publicCompanySchema, quoteDelivery, type QuoteDelivery } from './quotes.ts'

/** Where a company's invoices are stored (a collection of storage/repositories). */
export const INVOICES = 'invoices'

/**
 * docs/domain.md cd_invoice: the statuses stored. *partially_paid* and *paid* follow from the
 * payments, never from a button; *overdue* is computed from the due date in the branch's zone.
 */
export const INVOICE_STATUSES = ['draft', 'issued', 'partially_paid', 'paid', 'void'] as const
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]
export const INVOICE_STATES = [...INVOICE_STATUSES, 'overdue'] as const
export type InvoiceState = (typeof INVOICE_STATES)[number]
/** What the list may be narrowed to: a state, or the invoices paid today (a payment dated today, in the branch's zone). */
export const INVOICE_FILTERS = [...INVOICE_STATES, 'paid_today'] as const
/** The statuses in which an invoice waits for money: it may be paid, sent and reminded. */
export const OPEN_INVOICE_STATUSES = ['issued', 'partially_paid'] as const
/** How long an invoice is due after its issue when the company does not say. */
export const DEFAULT_DUE_DAYS = 30
/** An invoice as the office types it: the client, the orders it bills (on creation), lines, due date, terms. */
export const invoiceInput = z.object({
  clientId: z.string().uuid({ message: 'Choose a client' }),
  /** Completed orders of the client it bills: their lines come along and they become invoiced. */
  orderIds: commaList(z.string().uuid())
    .pipe(z.array(z.string()).max(20, 'At most 20 orders'))
    .default([])
    .describe(
      'Completed orders of the client, of the invoice’s own branch, that it bills (a list, or ids separated by commas): their lines come along and they become invoiced (another client’s: 400 `order_other_client`; another branch’s: 400 `order_other_branch`)',
    ),
  /** Lines besides the orders' (an invoice by hand has only these). */
  lines: z
    .array(lineDraft.omit({ optional: true, chosen: true }))
    .max(200, 'At most 200 lines')
    .default([]),
  /** Empty: the company's days to pay after the issue. */
  dueDate: optionalDay,
  /** Empty: the company's language. */
  culture: z.union([z.literal('').transform(() => undefined), z.enum(LANGUAGES)]).optional(),
  terms: optionalText(4000),
  notes: optionalText(4000),
})
export type InvoiceInput = z.output<typeof invoiceInput>
/** A draft's change: its orders are chosen when it is made. */
export const invoiceEdit = invoiceInput.omit({ orderIds: true })

/** What voiding takes: why. */
export const voidInput = z.object({ reason: text(500) }).strict()

/** A reminder sent for an overdue invoice: the step of the company's schedule (days after due) and how it went. */
export type InvoiceReminder = { step: number; at: string; delivery: QuoteDelivery }

/** A visit's work on a billed order: its day, technician and minutes on site. */
/** A visit an invoice bills, as it was when the invoice was made (`technicianId`: absent on invoices older than it). */
export type BilledVisit = { date: string; technician: string; technicianId?: string; minutes: number }

export type InvoiceRecord = {
  id: string
  filial: number
  number: string
  clientId: string
  clientName: string
  clientTaxId: string
  serviceAddress: string
  /** The orders it bills (their numbers and visits, as they were when it was made). */
  orderIds: string[]
  orderNumbers: string[]
  visits: Array<BilledVisit & { orderNumber: string }>
  lines: LineInput[]
  totals: Totals
  currency: Currency
  culture: (typeof LANGUAGES)[number]
  issueDate: string | null
  dueDate: string
  terms: string
  notes: string
  status: InvoiceStatus
  /** The sum of the payments not reversed. */
  paid: number
  payments: PaymentRecord[]
  voided: Mark | null
  /** Raised with every send: links of an earlier send no longer open. */
  sendCount: number
  sentAt: string | null
  delivery: QuoteDelivery
  reminders: InvoiceReminder[]
  /** The maintenance plan whose monthly fee it bills (absent: any other invoice). */
  planId?: string
  createdAt: string
}

/** An invoice as stored: with its branch's time zone, in which its dates are days. */
export type StoredInvoice = InvoiceRecord & { timeZone: string }

export const invoiceRow = z.object({
  id: z.string(),
  filial: z.number(),
  number: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  clientTaxId: z.string(),
  serviceAddress: z.string(),
  orderIds: z.array(z.string()),
  orderNumbers: z.array(z.string()),
  visits: z.array(
    z.object({
      orderNumber: z.string(),
      date: z.string(),
      technician: z.string(),
      technicianId: z.string().nullable().meta({ description: 'The technician’s user id (null on older invoices)' }),
      minutes: z.number().int(),
    }),
  ),
  lines: z.array(lineRow),
  totals: totalsRow,
  /** The total, for the list's sort and column. */
  total: z.number(),
  /** What is paid (payments not reversed) and what is still open. */
  paid: z.number(),
  open: z.number(),
  /** The day of the latest payment that counts (null: none). */
  lastPaymentDate: z.string().nullable(),
  currency: z.enum(CURRENCIES),
  culture: z.enum(LANGUAGES),
  issueDate: z.string().nullable(),
  dueDate: z.string(),
  terms: z.string(),
  notes: z.string(),
  status: z.enum(INVOICE_STATUSES),
  /** The status as the user sees it: *overdue* when the due date passed with money open. */
  state: z.enum(INVOICE_STATES),
  payments: z.array(paymentRow),
  voided: markRow.nullable(),
  sendCount: z.number().int(),
  sentAt: z.string().nullable(),
  delivery: quoteDelivery,
  reminders: z.array(z.object({ step: z.number().int(), at: z.string(), delivery: quoteDelivery })),
  planId: z
    .string()
    .nullable()
    .meta({ description: 'The maintenance plan (cd_plano) whose monthly fee it bills; null: any other invoice' }),
  createdAt: z.string(),
})
export type InvoiceRow = z.output<typeof invoiceRow>

/** docs/domain.md: an invoice is overdue when its due date has passed (in its branch's zone) and money is open. */
export const invoiceState = (i: Pick<InvoiceRecord, 'status' | 'dueDate'>, today: string): InvoiceState =>
  (i.status === 'issued' || i.status === 'partially_paid') && i.dueDate < today ? 'overdue' : i.status

/** The status the payments give an issued invoice. */
export const paidStatus = (total: number, paid: number): InvoiceStatus =>
  paid <= 0 ? 'issued' : paid >= total ? 'paid' : 'partially_paid'

/**
 * What an invoice is found by: its number, its client's name and tax id (also bare digits), its
 * orders' numbers, the service address (street, city) and its lines' services.
 */
export const invoiceSearchText = (i: SearchedDocument & { orderNumbers?: string[] }) =>
  documentSearchText(i, ...(i.orderNumbers ?? []))

/** A stored invoice as the API answers it, its state at `now`. */
export const invoiceRowOf = (i: StoredInvoice, now: number): InvoiceRow => {
  const { timeZone, payments, ...invoice } = i
  return {
    ...invoice,
    lines: withLineTotals(i.lines),
    total: i.totals.total,
    open: i.status === 'void' ? 0 : Math.max(0, i.totals.total - i.paid),
    lastPaymentDate: lastPaymentDate(payments),
    state: invoiceState(i, dateIn(timeZone, now)),
    payments: payments.map(paymentRowOf),
    visits: i.visits.map((v) => ({ ...v, technicianId: v.technicianId ?? null })),
    planId: i.planId ?? null,
  }
}

/** What the client sees of their invoice: no internal notes, no ids of the office. */
export const publicInvoiceSchema = z.object({
  company: publicCompanySchema,
  number: z.string(),
  clientName: z.string(),
  clientTaxId: z.string(),
  serviceAddress: z.string(),
  orderNumbers: z.array(z.string()),
  lines: z.array(lineRow.omit({ jobId: true, optional: true, chosen: true })),
  totals: totalsRow,
  paid: z.number(),
  open: z.number(),
  currency: z.enum(CURRENCIES),
  culture: z.enum(LANGUAGES),
  issueDate: z.string().nullable(),
  dueDate: z.string(),
  terms: z.string(),
  state: z.enum(INVOICE_STATES),
  /** Pix: the company's key and the BR Code ("copia e cola") of the open amount; null without a key or nothing open. */
  pix: z.object({ key: z.string(), code: z.string() }).nullable(),
  /** Whether the client may pay the open amount by card (a card provider is configured). */
  card: z.boolean(),
  /** Whether it bills a maintenance plan's fee: its link then prints the plan (GET …/plan). */
  plan: z.boolean(),
})
export type PublicInvoice = z.output<typeof publicInvoiceSchema>
