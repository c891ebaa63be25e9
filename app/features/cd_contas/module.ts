import { accounts as accountsModule } from '../../../domain/modules/cd-contas.ts'
import { transferInput, transferRow } from '../../../domain/schemas/accounts.ts'
import { statementSummary } from '../../../domain/schemas/statements.ts'
import { PAYMENT_METHODS } from '../../../domain/schemas/payments.ts'
import { defineFeature } from '../../kit/module'
import { accountLookups } from './lookups'
import { AccountPanel } from './account-panel'
import { statementPage } from './statement-links'

const KIND_LABELS = {
  cash: 'account_cash',
  bank: 'account_bank',
  pix: 'account_pix',
  card: 'account_card',
  other: 'account_other',
} as const

/** cd_contas (docs/domain.md): the company's accounts, each with its balance, and money moved between them. */
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
  panel: AccountPanel,
  forms: { transfer: { schema: transferInput, path: () => 'transfers', done: 'done_transfer_made' } },
  // the other accounts money may go to
  lookups: accountLookups,
  related: [
    {
      title: 'account_transfers',
      path: (id) => `/cd_contas/${encodeURIComponent(id)}/transfers`,
      row: transferRow,
      href: (row) => `/view/cd_contas/${encodeURIComponent(String(row.otherId))}`,
      columns: [
        { key: 'otherName', label: 'f_other_account' },
        { key: 'date', label: 'f_date', show: 'date' },
        { key: 'direction', label: 'f_transfer_direction', labels: { in: 'transfer_in', out: 'transfer_out' } },
        { key: 'amount', label: 'f_amount', show: 'money' },
        { key: 'note', label: 'f_notes' },
      ],
    },
    {
      title: 'account_statements',
      path: (id) => `/cd_contas/${encodeURIComponent(id)}/statements`,
      row: statementSummary,
      href: (row) => statementPage(String(row.accountId), String(row.id)),
      columns: [
        { key: 'fileName', label: 'f_file' },
        { key: 'at', label: 'f_imported_at', show: 'date' },
        { key: 'from', label: 'f_first_day', show: 'date' },
        { key: 'to', label: 'f_last_day', show: 'date' },
        { key: 'toReview', label: 'f_to_review' },
      ],
    },
  ],
})
