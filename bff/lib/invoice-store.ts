import { invoiceRevenue } from '../../domain/revenue.ts'
import { INVOICES, invoiceSearchText, invoiceState, type StoredInvoice } from '../../domain/schemas/invoices.ts'
import { lastPaymentDate } from '../../domain/schemas/payments.ts'
import { searchable } from '../../domain/search-text.ts'
import type { Deps } from './deps.ts'
import { documentSource, documentStore, type DocumentKind } from './document-store.ts'

/** What the invoices list keeps of each invoice in memory: enough to filter and sort 50,000 of them. */
export type InvoiceIndexRow = Pick<
  StoredInvoice,
  'id' | 'filial' | 'number' | 'clientId' | 'clientName' | 'dueDate' | 'issueDate' | 'status' | 'createdAt' | 'timeZone'
> & { total: number; open: number; lastPaymentDate: string | null; text: string; planId?: string }

/** Invoices as branch documents (bff/lib/document-store.ts): their index row, sort values and state. */
export const INVOICE_KIND: DocumentKind<StoredInvoice, InvoiceIndexRow> = {
  collection: INVOICES,
  // what follows from it: its part of the reports' figures (bff/lib/reports.ts), and once void its
  // orders free to be billed again
  owes: {
    fact: 'invoice',
    changes: (before, after) =>
      (after.status === 'void' && before?.status !== 'void') ||
      JSON.stringify(before ? invoiceRevenue(before) : {}) !== JSON.stringify(invoiceRevenue(after)),
  },
  numbered: 'FAT',
  // an issued invoice falls overdue with its day
  daily: true,
  project: (i) => ({
    id: i.id,
    filial: i.filial,
    number: i.number,
    clientId: i.clientId,
    clientName: i.clientName,
    dueDate: i.dueDate,
    issueDate: i.issueDate,
    status: i.status,
    createdAt: i.createdAt,
    timeZone: i.timeZone,
    total: i.totals.total,
    open: i.status === 'void' ? 0 : Math.max(0, i.totals.total - i.paid),
    lastPaymentDate: lastPaymentDate(i.payments),
    text: searchable(invoiceSearchText(i)),
    ...(i.planId ? { planId: i.planId } : {}),
  }),
  sortValue: (row, sort, today) => {
    if (sort === 'total' || sort === 'open') return row[sort]
    if (sort === 'state') return invoiceState(row, today(row.timeZone))
    return String(row[sort as keyof InvoiceIndexRow] ?? '')
  },
  state: (row, today) => invoiceState(row, today(row.timeZone)),
  matches: (row, state, today) =>
    state === 'paid_today'
      ? row.lastPaymentDate === today(row.timeZone)
      : invoiceState(row, today(row.timeZone)) === state,
}

/** A company's invoices: every read and write of them goes through this one index (compact rows). */
export const invoiceStore = (deps: Deps, empresa: number) => documentStore(deps, empresa, INVOICE_KIND)

/** The invoices' source for the resource factory: the branch's invoices from their compact index. */
export const invoiceSource = (deps: Deps) => documentSource(deps, INVOICE_KIND)
