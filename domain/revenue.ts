import { counts, lineAmounts } from './document-lines.ts'
import { dateIn } from './dates.ts'
import type { BilledVisit, InvoiceRecord } from './schemas/invoices.ts'
import type { PaymentRecord } from './schemas/payments.ts'
import type { StoredQuote } from './schemas/quotes.ts'
import { minutesOnSite, type TechOrderRecord } from './schemas/appointments.ts'
import { accountMonthBucket, type TransferRecord } from './schemas/accounts.ts'
import type { StoredPayable } from './schemas/payables.ts'

/** Named figures of a report (an amount in cents, a count ...), added up per bucket. */
export type Figures = Record<string, number>

/** The measure of the revenue report's buckets: a branch's month (docs/domain.md "Reports"). */
export const revenueBucket = (filial: number, month: string) => `revenue.${filial}.${month}`

/** What each service brought in a branch's month: one figure per job id (`other` for a line of none), the lines' totals. */
export const serviceBucket = (filial: number, month: string) => `service.${filial}.${month}`

/** The quotes sent in a branch's month, and what became of them. */
export const quotesBucket = (filial: number, month: string) => `quotes.${filial}.${month}`

/** What each technician did in a branch's month: figures named `<technician id>:<measure>` (TECH_MEASURES). */
export const techBucket = (filial: number, month: string) => `tech.${filial}.${month}`

/**
 * A technician's measures: visits ended, of them done and could not be completed, minutes on site,
 * parts used (in the month the visit ended), and his share of what was invoiced (in the month of issue).
 */
export const TECH_MEASURES = ['visits', 'done', 'failed', 'minutes', 'parts', 'invoiced'] as const

/**
 * What each technician brought of an invoice's `total` (docs/domain.md "Reports"): the total split
 * among the technicians of the visits it bills by their minutes on site (per visit, equally, when
 * none has any), in whole cents that add up to the total (the cents left over go to the largest
 * remainders, then by id). An invoice of no visit (made by hand), or of visits recorded before the
 * technician's id was, brings nothing to anyone.
 */
export function technicianShares(total: number, visits: Array<Pick<BilledVisit, 'technicianId' | 'minutes'>>) {
  const weights = new Map<string, number>()
  const minutes = visits.reduce((n, v) => n + Math.max(0, v.minutes), 0)
  for (const v of visits) {
    if (!v.technicianId) return {}
    weights.set(v.technicianId, (weights.get(v.technicianId) ?? 0) + (minutes > 0 ? Math.max(0, v.minutes) : 1))
  }
  const sum = [...weights.values()].reduce((n, w) => n + w, 0)
  if (!sum || total <= 0) return {}
  const shares = [...weights].map(([id, w]) => {
    const exact = (total * w) / sum
    return { id, cents: Math.floor(exact), left: exact - Math.floor(exact) }
  })
  let rest = total - shares.reduce((n, s) => n + s.cents, 0)
  for (const s of [...shares].sort((a, b) => b.left - a.left || (a.id < b.id ? -1 : 1))) {
    if (rest <= 0) break
    s.cents++
    rest--
  }
  return Object.fromEntries(shares.filter((s) => s.cents).map((s) => [s.id, s.cents]))
}

/** The name of a service's figure for a line without a job. */
export const OTHER_SERVICE = 'other'

/** The cash flow's buckets: what came in and went out in a branch's month (`2026-11`) or ISO week (`2026-W48`). */
export const cashBucket = (filial: number, period: string) => `cash.${filial}.${period}`

/** The ISO week of a day (`2026-11-27` → `2026-W48`): weeks start on Monday, a year's first holds its Thursday. */
export function isoWeek(date: string): string {
  const day = new Date(`${date}T00:00:00Z`)
  const thursday = new Date(day.getTime() + (3 - ((day.getUTCDay() + 6) % 7)) * 86_400_000)
  const year = thursday.getUTCFullYear()
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * 86_400_000)) + 1
  return `${year}-W${String(week).padStart(2, '0')}`
}

/** Money moved on `date` in a branch, added to its month's and its week's cash buckets. */
function addCash(parts: Record<string, Figures>, filial: number, date: string, figures: Figures) {
  for (const period of [date.slice(0, 7), isoWeek(date)]) {
    const bucket = (parts[cashBucket(filial, period)] ??= {})
    for (const [name, n] of Object.entries(figures)) bucket[name] = (bucket[name] ?? 0) + n
  }
}

/**
 * Money received on a branch's document (an invoice's payments, a quote's deposit): each payment not
 * reversed in the month of its day (`collected`), in the branch's cash of that month and week and in
 * the account it landed in (`in`).
 */
function addPayments(
  parts: Record<string, Figures>,
  filial: number,
  payments: Array<Pick<PaymentRecord, 'reversed' | 'date' | 'amount' | 'accountId'>>,
) {
  for (const p of payments) {
    if (p.reversed) continue
    const month = (parts[revenueBucket(filial, p.date.slice(0, 7))] ??= {})
    month.collected = (month.collected ?? 0) + p.amount
    addCash(parts, filial, p.date, { in: p.amount })
    // what came into the account it landed in (its balance: docs/domain.md cd_contas)
    if (p.accountId) {
      const bucket = (parts[accountMonthBucket(p.accountId, p.date)] ??= {})
      bucket.in = (bucket.in ?? 0) + p.amount
    }
  }
}

/**
 * An invoice's part of the figures, by bucket: once issued (until voided) its total and one
 * invoice in the month of its issue date (`invoiced`, `invoices`), each line's total under its service; each payment not reversed in the
 * month of its day (`collected`), in its branch's cash of that month and week and in its account (`in`) —
 * but for a deposit credited, which counts on its quote. A draft and a void invoice have none.
 */
export function invoiceRevenue(
  invoice: Pick<InvoiceRecord, 'filial' | 'status' | 'issueDate' | 'totals' | 'payments' | 'lines' | 'visits'>,
): Record<string, Figures> {
  const parts: Record<string, Figures> = {}
  const add = (month: string, figures: Figures) => {
    const bucket = (parts[revenueBucket(invoice.filial, month)] ??= {})
    for (const [name, n] of Object.entries(figures)) bucket[name] = (bucket[name] ?? 0) + n
  }
  if (invoice.status === 'draft' || invoice.status === 'void' || !invoice.issueDate) return parts
  add(invoice.issueDate.slice(0, 7), { invoiced: invoice.totals.total, invoices: 1 })
  // each line's total under its service, in the month of the issue
  const services = (parts[serviceBucket(invoice.filial, invoice.issueDate.slice(0, 7))] ??= {})
  for (const line of invoice.lines.filter(counts)) {
    const service = line.jobId || OTHER_SERVICE
    services[service] = (services[service] ?? 0) + lineAmounts(line).total
  }
  // each technician's share of the total, in the month of the issue
  const shares = Object.entries(technicianShares(invoice.totals.total, invoice.visits))
  if (shares.length) {
    const crew = (parts[techBucket(invoice.filial, invoice.issueDate.slice(0, 7))] ??= {})
    for (const [id, cents] of shares) crew[`${id}:invoiced`] = cents
  }
  // a deposit credited came in on its quote, and counts there (quoteFigures)
  addPayments(
    parts,
    invoice.filial,
    invoice.payments.filter((p) => !p.deposit),
  )
  return parts
}

/** A payable's part of the figures: once paid, what went out of its branch that day and of its account (`out`). */
export function payableFigures(
  payable: Pick<StoredPayable, 'filial' | 'status' | 'amount' | 'paid'>,
): Record<string, Figures> {
  const parts: Record<string, Figures> = {}
  if (payable.status !== 'paid' || !payable.paid) return parts
  addCash(parts, payable.filial, payable.paid.date, { out: payable.amount })
  if (payable.paid.accountId)
    parts[accountMonthBucket(payable.paid.accountId, payable.paid.date)] = { out: payable.amount }
  return parts
}

/** A transfer's part of the figures: what left one account (`out`) and came into the other (`in`); no branch's cash moves. */
export const transferFigures = (
  transfer: Pick<TransferRecord, 'fromId' | 'toId' | 'amount' | 'date'>,
): Record<string, Figures> => ({
  [accountMonthBucket(transfer.fromId, transfer.date)]: { out: transfer.amount },
  [accountMonthBucket(transfer.toId, transfer.date)]: { in: transfer.amount },
})

/**
 * A quote's part of the figures: once sent, one quote and its total in the month it was sent (in its
 * branch's zone: `sent`, `sentValue`), and what became of it — `approved` (converted ones too),
 * `converted`, `rejected`, each with its value (a draft, or one taken back to draft, has none of
 * these); and its deposit's payments as money received.
 */
export function quoteFigures(
  quote: Pick<StoredQuote, 'filial' | 'status' | 'sentAt' | 'timeZone' | 'totals' | 'deposits'>,
): Record<string, Figures> {
  // its deposit is money received: collected, in the branch's cash and its account (docs/domain.md "Deposits")
  const parts: Record<string, Figures> = {}
  addPayments(parts, quote.filial, quote.deposits ?? [])
  if (quote.status === 'draft' || !quote.sentAt) return parts
  const value = quote.totals.total
  const figures: Figures = { sent: 1, sentValue: value }
  if (quote.status === 'approved' || quote.status === 'converted')
    Object.assign(figures, { approved: 1, approvedValue: value })
  if (quote.status === 'converted') Object.assign(figures, { converted: 1, convertedValue: value })
  if (quote.status === 'rejected') Object.assign(figures, { rejected: 1, rejectedValue: value })
  return {
    ...parts,
    [quotesBucket(quote.filial, dateIn(quote.timeZone, Date.parse(quote.sentAt)).slice(0, 7))]: figures,
  }
}

/**
 * A visit's part of the figures: once ended (done, or could not be completed), one visit of its
 * technician in the month it ended (in its branch's zone), its minutes on site and the parts used.
 */
export function visitFigures(
  visit: Pick<TechOrderRecord, 'filial' | 'technicianId' | 'status' | 'times' | 'clock' | 'parts'>,
  timeZone: string,
): Record<string, Figures> {
  const ended =
    visit.status === 'done'
      ? visit.times.done
      : visit.status === 'could_not_complete'
        ? visit.times.could_not_complete
        : undefined
  if (!ended) return {}
  const t = visit.technicianId
  return {
    [techBucket(visit.filial, dateIn(timeZone, Date.parse(ended)).slice(0, 7))]: {
      [`${t}:visits`]: 1,
      [`${t}:${visit.status === 'done' ? 'done' : 'failed'}`]: 1,
      [`${t}:minutes`]: minutesOnSite(visit.clock ?? [], null),
      [`${t}:parts`]: (visit.parts ?? []).filter((p) => !p.removed).length,
    },
  }
}
