import { lastPaymentDate } from '../../domain/schemas/payments.ts'
import { QUOTES, quoteSearchText, quoteState, type StoredQuote } from '../../domain/schemas/quotes.ts'
import { quoteFigures } from '../../domain/revenue.ts'
import { searchable } from '../../domain/search-text.ts'
import type { Deps } from './deps.ts'
import { documentSource, documentStore, type DocumentKind } from './document-store.ts'

/** What the quotes list keeps of each quote in memory: enough to filter and sort 50,000 of them. */
export type QuoteIndexRow = Pick<
  StoredQuote,
  'id' | 'filial' | 'number' | 'clientId' | 'clientName' | 'validUntil' | 'status' | 'createdAt' | 'timeZone'
> & {
  total: number
  text: string
  /** The day of its latest deposit payment not reversed (a bank statement's candidates), or null. */
  lastDepositDate: string | null
}

/** Quotes as branch documents (bff/lib/document-store.ts): their index row, sort values and state. */
const QUOTE_KIND: DocumentKind<StoredQuote, QuoteIndexRow> = {
  collection: QUOTES,
  // what follows from it: its part of the quote conversion's figures (bff/lib/reports.ts)
  owes: {
    fact: 'quote',
    changes: (before, after) =>
      JSON.stringify(before ? quoteFigures(before) : {}) !== JSON.stringify(quoteFigures(after)),
  },
  numbered: 'ORC',
  // a sent quote expires with its day
  daily: true,
  project: (q) => ({
    id: q.id,
    filial: q.filial,
    number: q.number,
    clientId: q.clientId,
    clientName: q.clientName,
    validUntil: q.validUntil,
    status: q.status,
    createdAt: q.createdAt,
    timeZone: q.timeZone,
    total: q.totals.total,
    text: searchable(quoteSearchText(q)),
    lastDepositDate: lastPaymentDate(q.deposits ?? []),
  }),
  sortValue: (row, sort, today) => {
    if (sort === 'total') return row.total
    if (sort === 'state') return quoteState(row, today(row.timeZone))
    return String(row[sort as keyof QuoteIndexRow] ?? '')
  },
  state: (row, today) => quoteState(row, today(row.timeZone)),
}

/** A company's quotes: every read and write of them goes through this one index (compact rows). */
export const quoteStore = (deps: Deps, empresa: number) => documentStore(deps, empresa, QUOTE_KIND)

/** The quotes' source for the resource factory: the branch's quotes from their compact index. */
export const quoteSource = (deps: Deps) => documentSource(deps, QUOTE_KIND)
