import { orders as ordersModule } from '../../../domain/modules/cd-ordem.ts'
import type { z } from 'zod'
import { orderRow } from '../../../domain/schemas/orders.ts'
import {
  clientField,
  documentLookups,
  documentPickers,
  linesField,
  serviceAddressField,
  totalsFacts,
} from '../document-fields'
import { orderDepositRow } from '../../../domain/schemas/payments.ts'
import { METHOD_LABELS } from '../payments-panel'
import { defineFeature, type HomeCardOf } from '../../kit/module'
import { visitsRelated } from '../techorders/visits-related'
import { ORDER_STATE_LABELS } from './labels'
import { equipmentPicker } from '../cd_equipamento/picker'

const PRIORITY_LABELS = {
  low: 'priority_low',
  normal: 'priority_normal',
  high: 'priority_high',
  urgent: 'priority_urgent',
} as const

const HOLD_LABELS = { parts: 'hold_parts', customer: 'hold_customer', approval: 'hold_approval' } as const

type FactsRow = Pick<z.output<typeof orderRow>, 'totals' | 'hold' | 'quoteNumber' | 'skills'>

const cardRow = orderRow.pick({
  id: true,
  number: true,
  clientName: true,
  total: true,
  currency: true,
  createdAt: true,
})

/** A home card of the orders in one status, the oldest first: the client, the number and since when, the total. */
const orderCard = (
  id: 'orders-to-invoice' | 'orders-in-progress',
  state: 'completed' | 'in_progress',
  needs?: HomeCardOf<typeof ordersModule>['needs'],
): HomeCardOf<typeof ordersModule> => ({
  id,
  title: id === 'orders-to-invoice' ? 'home_orders_to_invoice' : 'home_orders_in_progress',
  empty: id === 'orders-to-invoice' ? 'home_orders_to_invoice_none' : 'home_orders_in_progress_none',
  query: { state, sort: 'createdAt', order: 'asc' },
  row: cardRow,
  needs,
  item: (values, f) => {
    const row = cardRow.parse(values)
    return {
      label: row.clientName,
      detail: `${row.number} · ${f.label('f_created')}: ${f.date(row.createdAt)}`,
      aside: f.money(row.total),
    }
  },
})

/** cd_ordem (docs/domain.md): the branch's service orders, from an approved quote or from scratch. */
export const orders = defineFeature(ordersModule, {
  newTitle: 'new_order',
  staysOnSave: true,
  documentTitle: 'doc_order',
  states: ORDER_STATE_LABELS,
  editable: (values) => values.status !== 'cancelled' && values.status !== 'invoiced',
  // under way its work is the visits': it reads as the order it is, its form a click away
  readsAsDocument: (values) => values.status === 'in_progress' || values.status === 'completed',
  // its visits: each technician's, with its status (the board books them)
  related: [
    visitsRelated('order_visits', (id) => `/cd_techorders?orderId=${encodeURIComponent(id)}`),
    // the deposit the client paid on its quote: its invoice is credited with it
    {
      title: 'order_deposits',
      path: (id) => `/cd_ordem/${encodeURIComponent(id)}/deposits`,
      row: orderDepositRow,
      href: (row) => `/view/cd_cotacao/${encodeURIComponent(String(row.quoteId))}`,
      hideEmpty: true,
      columns: [
        { key: 'quoteNumber', label: 'f_quote' },
        { key: 'date', label: 'f_date', show: 'date' },
        { key: 'method', label: 'f_method', labels: METHOD_LABELS },
        { key: 'amount', label: 'f_amount', show: 'money' },
      ],
    },
  ],
  actions: [
    {
      name: 'hold',
      label: 'action_hold',
      done: 'done_on_hold',
      choice: { name: 'reason', label: 'f_hold_reason', options: Object.entries(HOLD_LABELS) },
    },
    { name: 'resume', label: 'action_resume', done: 'done_resumed', variant: 'primary' },
    { name: 'cancel', label: 'action_cancel', done: 'done_cancelled', variant: 'danger-outline' },
    // its draft invoice, opened next
    {
      name: 'invoice',
      label: 'action_invoice_order',
      done: 'done_invoice_made',
      variant: 'primary',
      opens: (answer) => `/view/cd_invoice/${encodeURIComponent(String(answer.invoiceId))}`,
    },
  ],
  facts: (values, f) => {
    // the record as its answer's schema reads it (one record: the page parsed it with the same)
    const { totals, hold, quoteNumber, skills } = values as FactsRow
    return [
      { label: 'f_priority', value: f.label(PRIORITY_LABELS[values.priority as keyof typeof PRIORITY_LABELS]) },
      ...(quoteNumber ? [{ label: 'f_quote' as const, value: quoteNumber }] : []),
      ...(skills.length ? [{ label: 'f_required_skills' as const, value: skills.join(', ') }] : []),
      ...(hold
        ? [{ label: 'f_hold_reason' as const, value: `${f.label(HOLD_LABELS[hold.reason])} · ${f.date(hold.at)}` }]
        : []),
      ...totalsFacts(totals, f),
    ]
  },
  columns: [
    { key: 'number', label: 'f_number' },
    { key: 'clientName', label: 'f_client' },
    { key: 'status', label: 'f_state', labels: ORDER_STATE_LABELS },
    { key: 'priority', label: 'f_priority', labels: PRIORITY_LABELS },
    { key: 'total', label: 'f_total', show: 'money' },
    { key: 'createdAt', label: 'f_created', show: 'date' },
  ],
  fields: [
    clientField,
    serviceAddressField,
    {
      name: 'priority',
      label: 'f_priority',
      type: 'select',
      required: true,
      options: Object.entries(PRIORITY_LABELS),
    },
    { name: 'warrantyDays', label: 'f_warranty_days', type: 'text' },
    // the client's machines it is for (their history shows its visits)
    {
      name: 'equipmentIds',
      label: 'f_equipment',
      type: 'choices',
      picker: 'equipment',
      within: { field: 'clientId', param: 'clientId' },
      wide: true,
    },
    { name: 'problem', label: 'f_problem', type: 'textarea', wide: true },
    { name: 'instructions', label: 'f_instructions', type: 'textarea', wide: true },
    linesField,
    { name: 'notes', label: 'f_notes', type: 'textarea', wide: true },
  ],
  pickers: { ...documentPickers, equipment: equipmentPicker },
  lookups: documentLookups,
  homeCards: [
    // the longest waiting first: for who bills them and who books them (a technician reads orders, and
    // neither bills nor books; his home is his day)
    orderCard('orders-to-invoice', 'completed', { page: 'cd_invoice', level: 'edit' }),
    orderCard('orders-in-progress', 'in_progress', { page: 'cd_ordemagendamento', level: 'edit' }),
  ],
  // its quote, and the work order for the client (its lines, each visit's work and the client's signature)
  recordLinks: (values) => [
    ...(values.quoteId
      ? [
          {
            href: `/view/cd_cotacao/${encodeURIComponent(String(values.quoteId))}`,
            label: 'order_quote' as const,
            page: 'cd_cotacao',
          },
        ]
      : []),
    { href: `/resources/pdf/work-order/${encodeURIComponent(String(values.id))}`, label: 'order_work_order_pdf' },
    ...(values.invoiceId
      ? [
          {
            href: `/view/cd_invoice/${encodeURIComponent(String(values.invoiceId))}`,
            label: 'order_invoice' as const,
            page: 'cd_invoice',
          },
        ]
      : []),
  ],
})
