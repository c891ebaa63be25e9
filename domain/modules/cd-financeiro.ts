import { z } from 'zod'
import { declareModule } from '../module.ts'
import {
  PAYABLE_STATES,
  payableInput,
  payableRow,
  payableSearchText,
  payPayableInput,
  voidPayableInput,
} from '../schemas/payables.ts'

/**
 * cd_financeiro (docs/domain.md): the branch's payables — bills entered by hand, `open → paid`
 * (from an account) or `void` with a reason, *overdue* past their due date; a recurring one makes
 * the next when it is paid. Never deleted: a payable is voided.
 */
export const finance = declareModule({
  id: 'cd_financeiro',
  page: {
    titles: { en: 'Finance', es: 'Finanzas', pt: 'Financeiro' },
    icon: 'M3 7h18v12H3zM3 11h18M7 15h3',
    group: 'money',
    order: 80,
  },
  roles: { admin: 'delete', manager: 'delete', finance: 'delete' },
  api: {
    noun: 'Payable',
    nouns: 'Payables',
    examples: {
      create: {
        supplier: 'Imobiliária Central',
        category: 'Rent',
        description: 'Office rent, December',
        amount: 350000,
        dueDate: '2026-12-10',
        repeat: 'monthly',
      },
      replace: { supplier: 'Vivo', category: 'Phone', amount: 12990, dueDate: '2026-12-15' },
      update: { description: 'Two phone lines' },
    },
    row: payableRow,
    id: z.string().uuid(),
    idKey: 'id',
    nameKey: 'number',
    input: { create: payableInput, edit: payableInput },
    list: {
      sortable: ['number', 'supplier', 'category', 'amount', 'dueDate', 'state', 'createdAt'],
      defaultSort: 'dueDate',
      search: payableSearchText,
      filters: { ranges: ['dueDate', 'createdAt'] },
      states: { key: 'state', values: PAYABLE_STATES },
    },
    csv: [
      ['Number', (p) => p.number],
      ['Supplier', (p) => p.supplier],
      ['Category', (p) => p.category],
      ['Description', (p) => p.description],
      ['Due', (p) => p.dueDate],
      ['Amount', (p) => (p.amount / 100).toFixed(2)],
      ['Currency', (p) => p.currency],
      ['Status', (p) => p.state],
      ['Paid on', (p) => p.paid?.date ?? ''],
    ],
    deactivatable: false,
    activity: true,
    actions: {
      pay: { from: ['open', 'overdue'], to: 'paid', input: payPayableInput, example: { date: '2026-12-09' } },
      void: {
        from: ['open', 'overdue'],
        to: 'void',
        input: voidPayableInput,
        example: { reason: 'Entered twice' },
      },
    },
  },
})
