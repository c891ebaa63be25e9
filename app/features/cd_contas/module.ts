import { accounts as accountsModule } from '../../../domain/modules/cd-contas.ts'
import { PAYMENT_METHODS } from '../../../domain/schemas/invoices.ts'
import { defineFeature } from '../../kit/module'

const KIND_LABELS = {
  cash: 'account_cash',
  bank: 'account_bank',
  pix: 'account_pix',
  card: 'account_card',
  other: 'account_other',
} as const

/** cd_contas (docs/domain.md): the company's accounts, each with its balance. */
export const accounts = defineFeature(accountsModule, {
  newTitle: 'new_account',
  columns: [
    { key: 'name', label: 'f_name' },
    { key: 'kind', label: 'f_account_kind', labels: KIND_LABELS },
    { key: 'balance', label: 'f_balance', show: 'money' },
    { key: 'active', label: 'admin_status', show: 'active' },
  ],
  facts: (values, f) => [
    { label: 'f_opening', value: f.money(Number(values.opening)) },
    { label: 'f_inflow', value: f.money(Number(values.inflow)) },
    { label: 'f_outflow', value: f.money(Number(values.outflow)) },
    { label: 'f_balance', value: f.money(Number(values.balance)), strong: true },
  ],
  fields: [
    { name: 'name', label: 'f_name', type: 'text', required: true },
    { name: 'kind', label: 'f_account_kind', type: 'select', required: true, options: Object.entries(KIND_LABELS) },
    {
      name: 'methods',
      label: 'f_account_methods',
      type: 'choices',
      wide: true,
      options: PAYMENT_METHODS.map((m) => [m, `method_${m}`] as const),
    },
    { name: 'opening', label: 'f_opening', type: 'money' },
    { name: 'notes', label: 'f_notes', type: 'textarea', wide: true },
  ],
})
