import { invoices as invoicesModule } from '../../../domain/modules/cd-invoice.ts'
import { INVOICE_STATES, invoiceRow } from '../../../domain/schemas/invoices.ts'
import { paymentInput, reverseInput } from '../../../domain/schemas/payments.ts'
import {
  clientField,
  deliveryFacts,
  documentLookups,
  documentPickers,
  linesField,
  totalsFacts,
} from '../document-fields'
import type { z } from 'zod'
import { orders as ordersModule } from '../../../domain/modules/cd-ordem.ts'
import { defineFeature, pickerOf, type FactFormat, type HomeCardOf } from '../../kit/module'
import { CULTURE_OPTIONS } from '../options'
import { paymentsPanel } from '../payments-panel'
import { accountLookups } from '../cd_contas/lookups'
import { INVOICE_STATE_LABELS } from './labels'

/** What the void button and the payments panel read of an invoice. */
type PaymentsRow = Pick<z.output<typeof invoiceRow>, 'payments' | 'status' | 'open' | 'currency'>
type FactsRow = Pick<
  z.output<typeof invoiceRow>,
  'totals' | 'paid' | 'open' | 'issueDate' | 'dueDate' | 'orderNumbers' | 'delivery' | 'voided' | 'status' | 'reminders'
>
const cardRow = invoiceRow.pick({
  id: true,
  number: true,
  clientName: true,
  dueDate: true,
  open: true,
  paid: true,
  currency: true,
})

type CardRow = z.output<typeof cardRow>

/** A home card of invoices (its id names its title and empty text): each line the client, the number and what `shown` adds. */
const invoiceCard = (
  id: 'invoices-overdue' | 'invoices-paid-today',
  query: HomeCardOf<typeof invoicesModule>['query'],
  shown: (row: CardRow, f: FactFormat) => { detail: string; aside: string },
): HomeCardOf<typeof invoicesModule> => ({
  id,
  title: id === 'invoices-overdue' ? 'home_invoices_overdue' : 'home_invoices_paid_today',
  empty: id === 'invoices-overdue' ? 'home_invoices_overdue_none' : 'home_invoices_paid_today_none',
  query,
  row: cardRow,
  item: (values, f) => {
    const row = cardRow.parse(values)
    const { detail, aside } = shown(row, f)
    return { label: row.clientName, detail: `${row.number} · ${detail}`, aside }
  },
})

/** cd_invoice (docs/domain.md): the branch's invoices, from completed orders or by hand, to the money received. */
export const invoices = defineFeature(invoicesModule, {
  newTitle: 'new_invoice',
  staysOnSave: true,
  documentTitle: 'doc_invoice',
  states: INVOICE_STATE_LABELS,
  editable: (values) => values.status === 'draft',
  actions: [
    { name: 'issue', label: 'action_issue', done: 'done_issued', variant: 'primary' },
    {
      name: 'send',
      label: 'action_send_invoice',
      // "sent" only when an e-mail carried it; else the office is told to pass the link on
      done: (answer) =>
        (answer.delivery as { by?: string } | null)?.by === 'email' ? 'done_invoice_sent' : 'done_invoice_not_emailed',
      variant: 'primary',
    },
    {
      name: 'void',
      label: 'action_void',
      done: 'done_voided',
      variant: 'danger-outline',
      text: { name: 'reason', label: 'f_void_reason' },
      // money was paid on it: reverse the payments first (a deposit credited from its quote goes back with the void)
      offered: (values) => (values as PaymentsRow).payments.every((p) => p.deposit || p.reversed),
    },
    // the link the client opens, to pass on by any way (the API refuses it for an invoice never sent)
    {
      name: 'link',
      read: true,
      label: 'action_client_link',
      when: INVOICE_STATES.filter((state) => state !== 'draft' && state !== 'void'),
      offered: (values) => Boolean(values.sentAt),
      done: 'done_client_link',
      shows: 'f_client_link',
    },
  ],
  facts: (values, f) => {
    const { totals, paid, open, issueDate, dueDate, orderNumbers, delivery, voided, status, reminders } =
      values as FactsRow
    return [
      ...(orderNumbers.length ? [{ label: 'f_orders' as const, value: orderNumbers.join(', ') }] : []),
      ...(issueDate ? [{ label: 'f_issue_date' as const, value: f.date(issueDate) }] : []),
      ...(dueDate ? [{ label: 'f_due_date' as const, value: f.date(dueDate) }] : []),
      ...(status !== 'draft' ? deliveryFacts(delivery, f) : []),
      ...totalsFacts(totals, f),
      { label: 'f_paid', value: f.money(paid) },
      { label: 'f_open', value: f.money(open), strong: true },
      // what the reminders told the client, and when
      ...(reminders.length
        ? [
            {
              label: 'f_reminders' as const,
              value: reminders
                .map(
                  (r) =>
                    `${r.step} ${f.label('reminder_step')} · ${f.date(r.at)} · ${f.label(r.delivery?.by === 'email' ? 'delivery_emailed' : 'reminder_not_emailed')}`,
                )
                .join('; '),
            },
          ]
        : []),
      ...(voided
        ? [{ label: 'f_void_reason' as const, value: `${voided.reason} · ${voided.by} · ${f.date(voided.at)}` }]
        : []),
    ]
  },
  // its payments, a deposit credited from its quote among them; none on a draft
  panel: paymentsPanel((values) => {
    const { payments, status, open, currency } = values as PaymentsRow
    return status === 'draft'
      ? null
      : {
          payments,
          payable: status === 'issued' || status === 'partially_paid',
          open,
          currency,
          reversible: status !== 'void',
          title: 'payments_title',
          none: 'payments_none',
          record: 'payment_record',
        }
  }),
  forms: {
    payment: { schema: paymentInput, path: () => 'payments', done: 'done_payment' },
    reverse: {
      schema: reverseInput,
      path: (fields) => `payments/${encodeURIComponent(fields.paymentId ?? '')}/reverse`,
      pathFields: ['paymentId'],
      done: 'done_payment_reversed',
    },
  },
  columns: [
    { key: 'number', label: 'f_number' },
    { key: 'clientName', label: 'f_client' },
    { key: 'state', label: 'f_state', labels: INVOICE_STATE_LABELS },
    { key: 'dueDate', label: 'f_due_date', show: 'date' },
    { key: 'total', label: 'f_total', show: 'money' },
    { key: 'open', label: 'f_open', show: 'money' },
  ],
  fields: [
    clientField,
    // a new invoice bills the picked client's completed orders checked here (made from an order, it bills that one)
    {
      name: 'orderIds',
      label: 'f_orders_to_bill',
      hint: 'orders_to_bill_hint',
      type: 'choices',
      picker: 'orders',
      within: { field: 'clientId', param: 'clientId' },
      newOnly: true,
    },
    { name: 'dueDate', label: 'f_due_date_default', type: 'date' },
    linesField,
    {
      name: 'culture',
      label: 'f_client_language',
      type: 'select',
      options: CULTURE_OPTIONS,
      empty: 'f_company_language',
    },
    { name: 'terms', label: 'f_terms', type: 'textarea', wide: true },
    { name: 'notes', label: 'f_notes', type: 'textarea', wide: true },
  ],
  pickers: {
    ...documentPickers,
    // the client's completed orders (what is billed: its number and its lines' words)
    orders: pickerOf(
      ordersModule,
      'number',
      (o) => ({ value: o.id, label: `${o.number} · ${o.lines.map((l) => l.description).join(', ')}`.slice(0, 120) }),
      { fixed: { state: 'completed' }, narrow: ['clientId'] },
    ),
  },
  // the jobs of its lines, and the accounts a payment lands in
  lookups: async (get) => ({ ...(await documentLookups(get)), ...(await accountLookups(get)) }),
  homeCards: [
    invoiceCard('invoices-overdue', { state: 'overdue', sort: 'dueDate', order: 'asc' }, (row, f) => ({
      detail: `${f.label('f_due_date')}: ${f.date(row.dueDate)}`,
      aside: f.money(row.open),
    })),
    invoiceCard('invoices-paid-today', { state: 'paid_today', sort: 'lastPaymentDate', order: 'desc' }, (row, f) => ({
      detail: `${f.label('f_open')}: ${f.money(row.open)}`,
      aside: f.money(row.paid),
    })),
  ],
  recordLinks: (values) => [
    { href: `/resources/pdf/invoice/${encodeURIComponent(String(values.id))}`, label: 'invoice_pdf' },
    ...(values.sentAt
      ? [
          {
            href: `/resources/client-link/invoice/${encodeURIComponent(String(values.id))}`,
            label: 'invoice_client_link' as const,
          },
          {
            href: `/resources/client-share/invoice/${encodeURIComponent(String(values.id))}`,
            label: 'quote_whatsapp' as const,
          },
        ]
      : []),
  ],
})
