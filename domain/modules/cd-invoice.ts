import { z } from 'zod'
import { declareModule } from '../module.ts'
import {
  INVOICE_FILTERS,
  invoiceEdit,
  invoiceInput,
  invoiceRow,
  invoiceSearchText,
  voidInput,
} from '../schemas/invoices.ts'

/**
 * cd_invoice (docs/domain.md): the branch's invoices, from completed orders of a client or by hand,
 * `draft → issued → partially_paid → paid` (the payments move it), `void` with a reason from draft
 * or issued, *overdue* from the due date. Never deleted: an invoice is voided.
 */
export const invoices = declareModule({
  id: 'cd_invoice',
  page: {
    titles: { en: 'Invoices', es: 'Facturas', pt: 'Faturas' },
    icon: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6',
    group: 'money',
    order: 70,
  },
  roles: { admin: 'delete', manager: 'delete', finance: 'delete' },
  api: {
    noun: 'Invoice',
    nouns: 'Invoices',
    examples: {
      create: {
        clientId: '0b7e6a52-3c1d-4f5e-9a8b-2c4d6e8f0a1b',
        lines: [{ description: 'Preventive maintenance, 3 split units', quantity: 1, unitPrice: 48000 }],
        dueDate: '2026-12-15',
      },
      replace: {
        clientId: '0b7e6a52-3c1d-4f5e-9a8b-2c4d6e8f0a1b',
        lines: [{ description: 'Technical visit', quantity: 1, unitPrice: 9000 }],
        terms: 'Pay by Pix or bank transfer',
      },
      update: { notes: 'Billed with the December visits' },
    },
    row: invoiceRow,
    id: z.string().uuid(),
    idKey: 'id',
    nameKey: 'number',
    input: { create: invoiceInput, edit: invoiceEdit },
    list: {
      sortable: ['number', 'clientName', 'total', 'open', 'dueDate', 'state', 'lastPaymentDate', 'createdAt'],
      defaultSort: 'number',
      search: invoiceSearchText,
      filters: { links: ['clientId'], ranges: ['dueDate', 'issueDate', 'createdAt'] },
      // a state, or the invoices paid today (the home's card of the day's payments)
      states: { key: 'state', values: INVOICE_FILTERS },
    },
    csv: [
      ['Number', (i) => i.number],
      ['Client', (i) => i.clientName],
      ['Status', (i) => i.state],
      ['Issued', (i) => i.issueDate ?? ''],
      ['Due', (i) => i.dueDate],
      ['Total', (i) => (i.total / 100).toFixed(2)],
      ['Paid', (i) => (i.paid / 100).toFixed(2)],
      ['Open', (i) => (i.open / 100).toFixed(2)],
      ['Currency', (i) => i.currency],
    ],
    deactivatable: false,
    activity: true,
    headerSearch: {
      group: 'invoices',
      sort: 'createdAt',
      order: 'desc',
      value: (i) => i.number,
      detail: (i) => i.clientName,
    },
    actions: {
      issue: { from: ['draft'], to: 'issued' },
      // the client's link goes out (again), by e-mail when it can; the status stays
      send: { from: ['issued', 'partially_paid', 'overdue'] },
      // while none of its own payments counts (a deposit credited from its quote goes back with the void)
      void: {
        from: ['draft', 'issued', 'partially_paid', 'paid', 'overdue'],
        to: 'void',
        input: voidInput,
        example: { reason: 'Billed twice' },
      },
    },
  },
})
