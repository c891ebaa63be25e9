import type { InvoiceRecord } from './schemas/invoices.ts'
import { accountBucket } from './schemas/accounts.ts'
import type { StoredPayable } from './schemas/payables.ts'

/** Named figures of a report (an amount in cents, a count ...), added up per bucket. */
export type Figures = Record<string, number>

/** The measure of the revenue report's buckets: a branch's month (docs/domain.md "Reports"). */
export const revenueBucket = (filial: number, month: string) => `revenue.${filial}.${month}`

/** A month as the reports name it: `2026-11`. */
export const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/

/**
 * An invoice's part of the figures, by bucket: once issued (until voided) its total and one
 * invoice in the month of its issue date (`invoiced`, `invoices`); each payment not reversed in the
 * month of its day (`collected`) and in its account (`in`). A draft and a void invoice have none.
 */
export function invoiceRevenue(
  invoice: Pick<InvoiceRecord, 'filial' | 'status' | 'issueDate' | 'totals' | 'payments'>,
): Record<string, Figures> {
  const parts: Record<string, Figures> = {}
  const add = (month: string, figures: Figures) => {
    const bucket = (parts[revenueBucket(invoice.filial, month)] ??= {})
    for (const [name, n] of Object.entries(figures)) bucket[name] = (bucket[name] ?? 0) + n
  }
  if (invoice.status === 'draft' || invoice.status === 'void' || !invoice.issueDate) return parts
  add(invoice.issueDate.slice(0, 7), { invoiced: invoice.totals.total, invoices: 1 })
  for (const p of invoice.payments) {
    if (p.reversed) continue
    add(p.date.slice(0, 7), { collected: p.amount })
    // what came into the account it landed in (its balance: docs/domain.md cd_contas)
    if (p.accountId) {
      const bucket = (parts[accountBucket(p.accountId)] ??= {})
      bucket.in = (bucket.in ?? 0) + p.amount
    }
  }
  return parts
}

/** A payable's part of the figures: once paid from an account, what went out of it (`out`). */
export function payableFigures(payable: Pick<StoredPayable, 'status' | 'amount' | 'paid'>): Record<string, Figures> {
  return payable.status === 'paid' && payable.paid?.accountId
    ? { [accountBucket(payable.paid.accountId)]: { out: payable.amount } }
    : {}
}
