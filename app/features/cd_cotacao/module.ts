import { quotes as quotesModule } from '../../../domain/modules/cd-cotacao.ts'
import type { z } from 'zod'
import { QUOTE_STATES, quoteRow } from '../../../domain/schemas/quotes.ts'
import {
  clientField,
  deliveryFacts,
  documentLookups,
  documentPickers,
  quoteLinesField,
  serviceAddressField,
  totalsFacts,
} from '../document-fields'
import { defineFeature, type FactFormat, type HomeCardOf } from '../../kit/module'
import { CULTURE_OPTIONS } from '../options'
import { paymentsPanel } from '../payments-panel'
import { accountLookups } from '../cd_contas/lookups'
import { paymentInput, reverseInput } from '../../../domain/schemas/payments.ts'

/** The quote states' labels (the list, the badge, a client's quotes). */
export const QUOTE_STATE_LABELS = {
  draft: 'state_draft',
  sent: 'state_sent',
  approved: 'state_approved',
  rejected: 'state_rejected',
  converted: 'state_converted',
  expired: 'state_expired',
} as const

/** What a home card shows of a quote. */
const cardRow = quoteRow.pick({
  id: true,
  number: true,
  clientName: true,
  validUntil: true,
  total: true,
  currency: true,
  decision: true,
})
type CardRow = z.output<typeof cardRow>
type FactsRow = Pick<
  z.output<typeof quoteRow>,
  'totals' | 'decision' | 'delivery' | 'status' | 'depositPercent' | 'depositAsked' | 'depositPaid'
>
/** What the deposit's panel reads of a quote. */
type DepositRow = Pick<
  z.output<typeof quoteRow>,
  'creditedTo' | 'deposits' | 'status' | 'depositAsked' | 'depositPaid' | 'currency'
>
type QuoteCard = HomeCardOf<typeof quotesModule>

/** A home card of the quotes in one state, in an order: each line the client, the number and `when`, the total. */
const quoteCard = (
  name: 'waiting' | 'approved',
  state: 'sent' | 'approved',
  order: Pick<QuoteCard['query'], 'sort' | 'order'>,
  when: (row: CardRow, f: FactFormat) => string,
): QuoteCard => ({
  id: `quotes-${name}`,
  title: `home_quotes_${name}`,
  empty: `home_quotes_${name}_none`,
  query: { state, ...order },
  row: cardRow,
  // read through cardRow (the card's list checked each row with it already; a card holds a few)
  item: (values, f) => {
    const row = cardRow.parse(values)
    return { label: row.clientName, detail: `${row.number} · ${when(row, f)}`, aside: f.money(row.total) }
  },
})

/** cd_cotacao (docs/domain.md): the branch's quotes, from draft to the client's answer. */
export const quotes = defineFeature(quotesModule, {
  newTitle: 'new_quote',
  staysOnSave: true,
  documentTitle: 'doc_quote',
  states: QUOTE_STATE_LABELS,
  editable: (values) => values.status === 'draft',
  actions: [
    {
      name: 'send',
      label: 'action_send',
      // "sent" only when an e-mail carried it; else the office is told to pass the link on
      done: (answer) =>
        (answer.delivery as { by?: string } | null)?.by === 'email' ? 'done_sent' : 'done_sent_not_emailed',
      variant: 'primary',
    },
    { name: 'withdraw', label: 'action_withdraw', done: 'done_withdrawn', variant: 'danger-outline' },
    { name: 'approve', label: 'action_approve', done: 'done_approved' },
    { name: 'reject', label: 'action_reject', done: 'done_rejected', variant: 'danger-outline' },
    { name: 'convert', label: 'action_convert', done: 'done_converted', variant: 'primary' },
    { name: 'duplicate', label: 'action_duplicate', done: 'done_duplicated', to: 'new' },
    // the link the client opens, to pass on by any way (the API refuses it for a draft or a withdrawn quote)
    {
      name: 'link',
      read: true,
      label: 'action_client_link',
      when: QUOTE_STATES.filter((state) => state !== 'draft'),
      offered: (values) => Boolean(values.sentAt),
      done: 'done_client_link',
      shows: 'f_client_link',
    },
  ],
  facts: (values, f) => {
    // the record as its answer's schema reads it (one record: the page parsed it with the same)
    const { totals, decision, delivery, status, depositPercent, depositAsked, depositPaid } = values as FactsRow
    return [
      { label: 'f_valid_until', value: f.date(String(values.validUntil)) },
      ...(status === 'sent' ? deliveryFacts(delivery, f) : []),
      ...totalsFacts(totals, f),
      // the deposit asked on approval, and what of it is paid
      ...(depositAsked
        ? [
            {
              label: 'f_deposit' as const,
              value: `${f.money(depositAsked)}${depositPercent ? ` (${depositPercent} %)` : ''}`,
            },
            { label: 'f_deposit_paid' as const, value: f.money(depositPaid), strong: depositPaid > 0 },
          ]
        : []),
      ...(decision ? [{ label: 'f_answered_by' as const, value: `${decision.name} · ${f.date(decision.at)}` }] : []),
      ...(decision?.reason ? [{ label: 'f_reason' as const, value: decision.reason }] : []),
    ]
  },
  columns: [
    { key: 'number', label: 'f_number' },
    { key: 'clientName', label: 'f_client' },
    { key: 'state', label: 'f_state', labels: QUOTE_STATE_LABELS },
    { key: 'validUntil', label: 'f_valid_until', show: 'date' },
    { key: 'total', label: 'f_total', show: 'money' },
  ],
  fields: [
    clientField,
    { name: 'validUntil', label: 'f_valid_until_default', type: 'date' },
    serviceAddressField,
    quoteLinesField,
    {
      name: 'culture',
      label: 'f_client_language',
      type: 'select',
      options: CULTURE_OPTIONS,
      empty: 'f_company_language',
    },
    // a deposit asked on approval: a percentage of the total, or an amount
    { name: 'depositPercent', label: 'f_deposit_percent', type: 'text', hint: 'deposit_hint' },
    { name: 'depositAmount', label: 'f_deposit_amount', type: 'money' },
    { name: 'terms', label: 'f_terms', type: 'textarea', wide: true },
    { name: 'notes', label: 'f_notes', type: 'textarea', wide: true },
  ],
  // the deposit's payments once the client approved: recorded and reversed here until the order's invoice takes them
  panel: paymentsPanel((values) => {
    const { creditedTo, deposits, status, depositAsked, depositPaid, currency } = values as DepositRow
    const approved = status === 'approved' || status === 'converted'
    // a quote that asks none shows the panel only for payments it holds
    if (!(approved && depositAsked) && !deposits.length) return null
    return {
      payments: deposits,
      // until what is asked is paid; once the order's invoice is credited with it, money is taken there
      payable: approved && !creditedTo && depositPaid < depositAsked,
      open: Math.max(0, depositAsked - depositPaid),
      currency,
      reversible: !creditedTo,
      title: 'deposits_title',
      none: 'deposits_none',
      record: 'deposit_record',
    }
  }),
  forms: {
    payment: { schema: paymentInput, path: () => 'deposits', done: 'done_deposit' },
    reverse: {
      schema: reverseInput,
      path: (fields) => `deposits/${encodeURIComponent(fields.paymentId ?? '')}/reverse`,
      pathFields: ['paymentId'],
      done: 'done_payment_reversed',
    },
  },
  pickers: documentPickers,
  // the jobs of its lines, and the accounts a deposit lands in
  lookups: async (get) => ({ ...(await documentLookups(get)), ...(await accountLookups(get)) }),
  homeCards: [
    quoteCard(
      'waiting',
      'sent',
      { sort: 'validUntil', order: 'asc' },
      (row, f) => `${f.label('f_valid_until')}: ${f.date(row.validUntil)}`,
    ),
    quoteCard('approved', 'approved', { sort: 'createdAt', order: 'desc' }, (row, f) =>
      row.decision ? `${f.label('state_approved')}: ${f.date(row.decision.at)}` : f.label('state_approved'),
    ),
  ],
  setupStep: { label: 'setup_quote', href: '/view/cd_cotacao/new', done: (list) => list.pagination.length > 0 },
  recordLinks: (values) => [
    { href: `/resources/pdf/quote/${encodeURIComponent(String(values.id))}`, label: 'quote_pdf' },
    // the invoice credited with its deposit
    ...(values.creditedTo
      ? [
          {
            href: `/view/cd_invoice/${encodeURIComponent(String(values.creditedTo))}`,
            label: 'order_invoice' as const,
            page: 'cd_invoice',
          },
        ]
      : []),
    ...(values.orderId
      ? [
          {
            href: `/view/cd_ordem/${encodeURIComponent(String(values.orderId))}`,
            label: 'quote_order' as const,
            page: 'cd_ordem',
          },
        ]
      : []),
    ...(values.sentAt
      ? [
          {
            href: `/resources/client-link/quote/${encodeURIComponent(String(values.id))}`,
            label: 'quote_client_link' as const,
          },
          {
            href: `/resources/client-share/quote/${encodeURIComponent(String(values.id))}`,
            label: 'quote_whatsapp' as const,
          },
        ]
      : []),
  ],
})
