import { addDays, dateIn } from '../domain/dates.ts'
import { documentNumber } from '../domain/document-numbers.ts'
import { paidStatus, type StoredInvoice } from '../domain/schemas/invoices.ts'
import { paidOf, type PaymentRecord, type PaymentMethod } from '../domain/schemas/payments.ts'
import type { StoredOrder } from '../domain/schemas/orders.ts'
import { SEED_QUOTE_PREFIX } from './field-service.ts'
import { seeded } from './random.ts'

const DAY = 86_400_000
/** How each invoiced demo order's invoice stands: issued this many days ago, due after so many, paid so much. */
const PLAN: Array<{ issuedAgo: number; dueDays: number; paid: 'none' | 'part' | 'all'; method: PaymentMethod }> = [
  { issuedAgo: 40, dueDays: 15, paid: 'all', method: 'pix' },
  { issuedAgo: 30, dueDays: 15, paid: 'all', method: 'card' },
  { issuedAgo: 25, dueDays: 15, paid: 'part', method: 'transfer' },
  { issuedAgo: 20, dueDays: 15, paid: 'none', method: 'pix' },
  { issuedAgo: 3, dueDays: 15, paid: 'none', method: 'pix' },
  { issuedAgo: 12, dueDays: 7, paid: 'part', method: 'cash' },
]

/**
 * docs/domain.md cd_invoice for the demo company: the invoice of each invoiced demo order, around
 * the day the data is loaded (`now`) — paid by Pix or card, partly paid, overdue, not due yet — so
 * the invoices list, the home's overdue card and a client's balance have something to show.
 * Each bills a visit of one of the branch's `technicians` in turn (what the reports credit him with).
 * Numbered FAT-SAO-2026-000001 on; answers the invoices and the orders naming them.
 */
export function seedInvoices(
  orders: StoredOrder[],
  now: number,
  technicians: Array<{ id: string; name: string }> = [],
): { invoices: StoredInvoice[]; orders: StoredOrder[] } {
  const r = seeded(5050)
  const invoiced = orders.filter((o) => o.status === 'invoiced')
  const invoices = invoiced.map((order, i): StoredInvoice => {
    const plan = PLAN[i % PLAN.length]
    const issuedAt = now - plan.issuedAgo * DAY
    const issueDate = dateIn(order.timeZone, issuedAt)
    const total = order.totals.total
    const amount = plan.paid === 'all' ? total : plan.paid === 'part' ? Math.round(total / 2) : 0
    const payments: PaymentRecord[] = amount
      ? [
          {
            id: r.uuid(),
            date: dateIn(order.timeZone, issuedAt + 5 * DAY),
            amount,
            method: plan.method,
            reference: plan.method === 'pix' ? `E1122233320261${String(i).padStart(3, '0')}` : '',
            note: '',
            by: plan.method === 'card' ? 'Card' : 'Ana Souza',
            at: new Date(issuedAt + 5 * DAY).toISOString(),
            reversed: null,
          },
        ]
      : []
    const paid = paidOf(payments)
    return {
      id: r.uuid(),
      filial: order.filial,
      number: documentNumber('FAT', SEED_QUOTE_PREFIX, '2026', i + 1),
      clientId: order.clientId,
      clientName: order.clientName,
      clientTaxId: order.clientTaxId,
      serviceAddress: order.serviceAddress,
      orderIds: [order.id],
      orderNumbers: [order.number],
      visits: technicians.length
        ? [
            {
              orderNumber: order.number,
              date: addDays(issueDate, -2),
              technician: technicians[i % technicians.length].name,
              technicianId: technicians[i % technicians.length].id,
              minutes: 60 + 15 * (i % 4),
            },
          ]
        : [],
      lines: order.lines.map(({ partId: _part, ...line }) => line),
      totals: order.totals,
      currency: order.currency,
      culture: 'pt',
      issueDate,
      dueDate: addDays(issueDate, plan.dueDays),
      terms: 'Pagamento por Pix, cartão ou transferência.',
      notes: '',
      status: paidStatus(total, paid),
      paid,
      payments,
      voided: null,
      sendCount: 1,
      sentAt: new Date(issuedAt).toISOString(),
      delivery: { by: 'none', reason: 'no_mail_server' },
      reminders: [],
      createdAt: new Date(issuedAt - DAY).toISOString(),
      timeZone: order.timeZone,
    }
  })
  const byOrder = new Map(invoices.map((inv) => [inv.orderIds[0], inv]))
  return {
    invoices,
    orders: orders.map((o) => {
      const bill = byOrder.get(o.id)
      return bill ? { ...o, invoiceId: bill.id, invoicedAt: bill.createdAt } : o
    }),
  }
}
