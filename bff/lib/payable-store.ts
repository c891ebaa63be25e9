import { payableFigures } from '../../domain/revenue.ts'
import {
  PAYABLES,
  payableSearchText,
  payableState,
  type PayableInput,
  type StoredPayable,
} from '../../domain/schemas/payables.ts'
import { searchable } from '../../domain/search-text.ts'
import type { Deps } from './deps.ts'
import type { Caller } from './resource.ts'
import { documentSource, documentStore, insertDocument, type DocumentKind } from './document-store.ts'

/** What the payables list keeps of each in memory: enough to filter and sort them all. */
export type PayableIndexRow = Pick<
  StoredPayable,
  'id' | 'filial' | 'number' | 'supplier' | 'category' | 'amount' | 'dueDate' | 'status' | 'createdAt' | 'timeZone'
> & { text: string }

/** Payables as branch documents (bff/lib/document-store.ts): numbered CP-<prefix>-<year>-000001. */
const PAYABLE_KIND: DocumentKind<StoredPayable, PayableIndexRow> = {
  collection: PAYABLES,
  // what follows from it: what left an account (bff/lib/reports.ts), and a recurring one's next payable
  owes: {
    fact: 'payable',
    changes: (before, after) =>
      (after.status === 'paid' && before?.status !== 'paid') ||
      JSON.stringify(before ? payableFigures(before) : {}) !== JSON.stringify(payableFigures(after)),
  },
  numbered: 'CP',
  // an open payable falls overdue with its day
  daily: true,
  project: (p) => ({
    id: p.id,
    filial: p.filial,
    number: p.number,
    supplier: p.supplier,
    category: p.category,
    amount: p.amount,
    dueDate: p.dueDate,
    status: p.status,
    createdAt: p.createdAt,
    timeZone: p.timeZone,
    text: searchable(payableSearchText(p)),
  }),
  sortValue: (row, sort, today) => {
    if (sort === 'amount') return row.amount
    if (sort === 'state') return payableState(row, today(row.timeZone))
    return String(row[sort as keyof PayableIndexRow] ?? '')
  },
  state: (row, today) => payableState(row, today(row.timeZone)),
}

/** A company's payables: every read and write of them goes through this one index. */
export const payableStore = (deps: Deps, empresa: number) => documentStore(deps, empresa, PAYABLE_KIND)

/** The payables' source for the resource factory: the branch's payables from their compact index. */
export const payableSource = (deps: Deps) => documentSource(deps, PAYABLE_KIND)

/** Writes a new payable with the next number of its branch's series. */
export const insertPayable = (deps: Deps, empresa: number, payable: StoredPayable) =>
  insertDocument(deps, empresa, PAYABLE_KIND, payable)

/** A new open payable of the caller's branch, in its zone and the company's currency (numbered when inserted). */
export async function newPayable(who: Caller, id: string, input: PayableInput): Promise<StoredPayable> {
  const [company, branch] = await Promise.all([
    who.deps.repos.companies.find(who.tenant.empresa),
    who.deps.repos.companies.findBranch(who.tenant.empresa, who.tenant.filial),
  ])
  return {
    ...input,
    id,
    filial: who.tenant.filial,
    number: '',
    timeZone: branch?.TIME_ZONE ?? company?.TIME_ZONE ?? 'UTC',
    currency: company?.CURRENCY ?? 'BRL',
    status: 'open',
    paid: null,
    voided: null,
    previousId: null,
    createdAt: new Date(who.deps.now()).toISOString(),
  }
}
