import { z } from 'zod'
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
import { commaList, decimal, optionalText } from './fields.ts'

/** Where a company's service orders are stored (a collection of storage/repositories). */
export const ORDERS = 'orders'

/**
 * docs/domain.md cd_ordem: `new → scheduled → in_progress → completed → invoiced`, `on_hold` from
 * and back to any open status, `cancelled` before invoiced. *scheduled*, *in_progress* and
 * *completed* follow from appointments and the technicians' work, never set by hand.
 */
export const ORDER_STATUSES = [
  'new',
  'scheduled',
  'in_progress',
  'completed',
  'invoiced',
  'on_hold',
  'cancelled',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]
/** The statuses an order is open in: it may be put on hold or cancelled from them. */
export const OPEN_ORDER_STATUSES = ['new', 'scheduled', 'in_progress', 'completed'] as const
export const ORDER_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const
export type OrderPriority = (typeof ORDER_PRIORITIES)[number]
/** Why an order waits (docs/domain.md): parts, the customer, an approval. */
export const HOLD_REASONS = ['parts', 'customer', 'approval'] as const
export type HoldReason = (typeof HOLD_REASONS)[number]

/** An order as the office types it: the client and one of their addresses, the work, the lines. */
export const orderInput = z.object({
  clientId: z.string().uuid({ message: 'Choose a client' }),
  /** One of the client's service addresses, as listed on the client; empty: their default one. */
  serviceAddress: optionalText(300),
  priority: z.enum(ORDER_PRIORITIES).default('normal'),
  problem: optionalText(4000),
  instructions: optionalText(4000),
  /** Days of warranty on the work done; none given is 0. */
  warrantyDays: decimal(0, 0, 3650).default(0),
  equipmentIds: commaList(z.string().uuid())
    .pipe(z.array(z.string()).max(50, 'At most 50 machines'))
    .default([])
    .describe(
      'The client’s machines the order is for (cd_equipamento; a list, or ids separated by commas): their history shows its visits. Another client’s: 400 `equipment_other_client`; a retired one newly named: 400 `equipment_retired`',
    ),
  // an order's lines are all sold: a quote's optional ones stay on the quote
  lines: z
    .array(lineDraft.omit({ optional: true, chosen: true }))
    .max(100, 'At most 100 lines')
    .default([]),
  notes: optionalText(4000),
})
export type OrderInput = z.output<typeof orderInput>

/** What putting an order on hold takes: why. */
export const holdInput = z.object({ reason: z.enum(HOLD_REASONS) }).strict()

export type OrderRecord = {
  id: string
  filial: number
  number: string
  clientId: string
  clientName: string
  clientTaxId: string
  serviceAddress: string
  priority: OrderPriority
  problem: string
  instructions: string
  warrantyDays: number
  /** The client's machines it is for (absent on orders stored before equipment). */
  equipmentIds?: string[]
  /** The maintenance plan that made it, and the day its visit is due (absent on others). */
  planId?: string | null
  dueDate?: string | null
  /** With a plan: the technician its office prefers to send (the board's tray names him, its booking starts on him). */
  preferredTechnicianId?: string | null
  /** The skills its jobs require (the dispatch board flags a technician without them). */
  skills: string[]
  /** Its lines; a part used on a visit carries the part's id (cd_techorders: it leaves with the part). */
  lines: Array<LineInput & { partId?: string }>
  totals: Totals
  currency: Currency
  notes: string
  status: OrderStatus
  /** While on hold: why, and the status it goes back to. */
  hold: { reason: HoldReason; from: OrderStatus; at: string } | null
  /** The quote it was converted from. */
  quoteId: string | null
  quoteNumber: string | null
  /** The invoice that bills it (cd_invoice), and when it was claimed for it (absent on orders stored before invoices). */
  invoiceId?: string | null
  invoicedAt?: string | null
  createdAt: string
}

/** An order as stored: with its branch's time zone, in which its dates are days. */
export type StoredOrder = OrderRecord & { timeZone: string }

export const orderRow = z.object({
  id: z.string(),
  filial: z.number(),
  number: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  clientTaxId: z.string(),
  serviceAddress: z.string(),
  priority: z.enum(ORDER_PRIORITIES),
  problem: z.string(),
  instructions: z.string(),
  warrantyDays: z.number().int(),
  equipmentIds: z.array(z.string()),
  planId: z.string().nullable().meta({ description: 'The maintenance plan (cd_plano) that made it' }),
  dueDate: z.string().nullable().meta({ description: 'With a plan: the day its visit is due' }),
  preferredTechnicianId: z
    .string()
    .nullable()
    .meta({ description: 'With a plan: the technician the plan prefers (whom its booking starts on)' }),
  skills: z.array(z.string()),
  lines: z.array(lineRow),
  totals: totalsRow,
  /** The total, for the list's sort and column. */
  total: z.number(),
  currency: z.enum(CURRENCIES),
  notes: z.string(),
  status: z.enum(ORDER_STATUSES),
  hold: z.object({ reason: z.enum(HOLD_REASONS), from: z.enum(ORDER_STATUSES), at: z.string() }).nullable(),
  quoteId: z.string().nullable(),
  quoteNumber: z.string().nullable(),
  /** The invoice that bills it. */
  invoiceId: z.string().nullable(),
  createdAt: z.string(),
})
export type OrderRow = z.output<typeof orderRow>

/** A stored order as the API answers it. */
export const orderRowOf = (o: StoredOrder): OrderRow => {
  const { timeZone: _timeZone, invoicedAt: _invoicedAt, ...order } = o
  return {
    ...order,
    equipmentIds: o.equipmentIds ?? [],
    planId: o.planId ?? null,
    dueDate: o.dueDate ?? null,
    preferredTechnicianId: o.preferredTechnicianId ?? null,
    lines: withLineTotals(o.lines),
    total: o.totals.total,
    invoiceId: o.invoiceId ?? null,
  }
}

/**
 * What an order is found by: its number, its client's name and tax id (also as bare digits), its
 * quote's number, the service address (street, city) and its lines' services.
 */
export const orderSearchText = (o: SearchedDocument & Pick<OrderRecord, 'quoteNumber'>) =>
  documentSearchText(o, o.quoteNumber ?? '')
