import { ORDER_PRIORITIES, ORDERS, orderSearchText, type StoredOrder } from '../../domain/schemas/orders.ts'
import { searchable } from '../../domain/search-text.ts'
import type { Culture } from '../../domain/cultures.ts'
import type { CompanyRecord } from '../../domain/tenancy.ts'
import type { Deps } from './deps.ts'
import { quoteStore } from './quote-store.ts'
import { documentSource, documentStore, documentsWhere, insertDocument, type DocumentKind } from './document-store.ts'

/** What the orders list keeps of each order in memory: enough to filter and sort 50,000 of them. */
export type OrderIndexRow = Pick<
  StoredOrder,
  'id' | 'filial' | 'number' | 'clientId' | 'clientName' | 'priority' | 'status' | 'createdAt' | 'timeZone'
> & { total: number; text: string; equipmentIds?: string[]; planId?: string }

/** Service orders as branch documents (bff/lib/document-store.ts): their index row, sort values and state. */
const ORDER_KIND: DocumentKind<StoredOrder, OrderIndexRow> = {
  collection: ORDERS,
  numbered: 'OS',
  project: (o) => ({
    id: o.id,
    filial: o.filial,
    number: o.number,
    clientId: o.clientId,
    clientName: o.clientName,
    priority: o.priority,
    status: o.status,
    createdAt: o.createdAt,
    timeZone: o.timeZone,
    total: o.totals.total,
    text: searchable(orderSearchText(o)),
    // the machines it is for: a machine's history finds its orders here
    ...(o.equipmentIds?.length ? { equipmentIds: o.equipmentIds } : {}),
    // the maintenance plan that made it: the plan's page lists its orders here
    ...(o.planId ? { planId: o.planId } : {}),
  }),
  // priority sorts by urgency (low first), the total by amount, the others as text
  sortValue: (row, sort) =>
    sort === 'total'
      ? row.total
      : sort === 'priority'
        ? ORDER_PRIORITIES.indexOf(row.priority)
        : String(row[sort as keyof OrderIndexRow] ?? ''),
  state: (row) => row.status,
}

/** A company's service orders: every read and write of them goes through this one index (compact rows). */
export const orderStore = (deps: Deps, empresa: number) => documentStore(deps, empresa, ORDER_KIND)

/** Writes a new order with the next number of its branch's series (bff/lib/document-store.ts); an order of that id already there: ConflictError. */
export const insertOrder = (deps: Deps, empresa: number, order: StoredOrder) =>
  insertDocument(deps, empresa, ORDER_KIND, order)

/** The orders' source for the resource factory: the branch's orders from their compact index. */
export const orderSource = (deps: Deps) => documentSource(deps, ORDER_KIND)

/** The orders of the branches a grant covers whose index row `keeps` (those naming a machine, those a plan made). */
export const ordersWhere = (
  deps: Deps,
  empresa: number,
  grant: { filial: number | 'all' },
  keeps: (row: OrderIndexRow) => boolean,
) => documentsWhere(orderStore(deps, empresa), grant, keeps)

/** The orders that name a machine (cd_equipamento): its history. */
export const equipmentOrders = (deps: Deps, empresa: number, grant: { filial: number | 'all' }, equipmentId: string) =>
  ordersWhere(deps, empresa, grant, (r) => r.equipmentIds?.includes(equipmentId) === true)

/** The language of an order's client: their quote's, else the company's (a notice, a work order). */
export async function clientCulture(deps: Deps, company: CompanyRecord, order: StoredOrder): Promise<Culture> {
  const quote = order.quoteId ? await quoteStore(deps, company.COD_EMPRESA).get(order.quoteId) : null
  return quote?.value.culture ?? company.CULTURE
}
