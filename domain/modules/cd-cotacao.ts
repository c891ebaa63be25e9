import { z } from 'zod'
import { quoteInput, quoteRow, quoteSearchText, QUOTE_STATES } from '../schemas/quotes.ts'
import { declareModule } from '../module.ts'

/**
 * cd_cotacao (docs/domain.md): the branch's quotes, `draft → sent → approved | rejected`,
 * `approved → converted`, *expired* from the date. A quote is never deactivated: a draft is
 * edited, a sent one answered.
 */
export const quotes = declareModule({
  id: 'cd_cotacao',
  page: {
    titles: { en: 'Quotes', es: 'Cotizaciones', pt: 'Orçamentos' },
    icon: 'M6 3h9l4 4v14H6zM9 12h7M9 16h7',
    group: 'field',
    order: 30,
  },
  // finance reads quotes: their deposits come into its accounts (a bank statement's lines)
  roles: { admin: 'delete', manager: 'delete', dispatcher: 'edit', finance: 'view' },
  api: {
    noun: 'Quote',
    nouns: 'Quotes',
    examples: {
      create: {
        clientId: '0b7e6a52-3c1d-4f5e-9a8b-2c4d6e8f0a1b',
        lines: [
          { description: 'Split air conditioner installation', quantity: 2, unitPrice: 45000, taxPercent: 5 },
          { description: 'Copper pipe (m)', quantity: 3.5, unitPrice: 2990 },
        ],
      },
      replace: {
        clientId: '0b7e6a52-3c1d-4f5e-9a8b-2c4d6e8f0a1b',
        lines: [{ description: 'Technical visit', quantity: 1, unitPrice: 9000 }],
        notes: 'Access through the back gate',
      },
      update: { notes: 'Access through the back gate' },
    },
    row: quoteRow,
    id: z.string().uuid(),
    idKey: 'id',
    nameKey: 'number',
    input: { create: quoteInput, edit: quoteInput },
    list: {
      sortable: ['number', 'clientName', 'total', 'validUntil', 'state', 'createdAt'],
      defaultSort: 'number',
      search: quoteSearchText,
      filters: { links: ['clientId'], ranges: ['validUntil', 'createdAt'] },
      states: { key: 'state', values: QUOTE_STATES },
    },
    csv: [
      ['Number', (q) => q.number],
      ['Client', (q) => q.clientName],
      ['Status', (q) => q.state],
      ['Valid until', (q) => q.validUntil],
      ['Total', (q) => (q.total / 100).toFixed(2)],
      ['Currency', (q) => q.currency],
    ],
    deactivatable: false,
    activity: true,
    headerSearch: {
      group: 'quotes',
      sort: 'createdAt',
      order: 'desc',
      value: (q) => q.number,
      detail: (q) => q.clientName,
    },
    actions: {
      send: { from: ['draft'], to: 'sent' },
      // the link stops opening; the quote can be changed and sent again
      withdraw: { from: ['sent'], to: 'draft' },
      approve: { from: ['sent'], to: 'approved' },
      reject: { from: ['sent'], to: 'rejected' },
      convert: { from: ['approved'], to: 'converted' },
      // a new draft with the same client and lines, from any state
      duplicate: { from: QUOTE_STATES },
    },
  },
})
