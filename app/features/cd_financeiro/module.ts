import { finance as financeModule } from '../../../domain/modules/cd-financeiro.ts'
import { payPayableInput } from '../../../domain/schemas/payables.ts'
import { accountLookups } from '../cd_contas/lookups'
import { defineFeature } from '../../kit/module'
import { PayablePanel } from './payable-panel'

const STATE_LABELS = {
  open: 'state_open',
  overdue: 'state_overdue',
  paid: 'state_paid',
  void: 'state_void',
} as const

const REPEAT_LABELS = { none: 'repeat_none', monthly: 'repeat_monthly', yearly: 'repeat_yearly' } as const

/** cd_financeiro (docs/domain.md): the branch's payables, paid from an account or voided with a reason. */
export const finance = defineFeature(financeModule, {
  newTitle: 'new_payable',
  states: STATE_LABELS,
  editable: (values) => values.status === 'open',
  columns: [
    { key: 'number', label: 'f_number' },
    { key: 'supplier', label: 'f_supplier' },
    { key: 'category', label: 'f_category' },
    { key: 'dueDate', label: 'f_due_date', show: 'date' },
    { key: 'amount', label: 'f_amount', show: 'money' },
    { key: 'state', label: 'f_state', labels: STATE_LABELS },
  ],
  fields: [
    { name: 'supplier', label: 'f_supplier', type: 'text', required: true },
    { name: 'category', label: 'f_category', type: 'text' },
    { name: 'amount', label: 'f_amount', type: 'money', required: true },
    { name: 'dueDate', label: 'f_due_date', type: 'date', required: true },
    { name: 'repeat', label: 'f_repeat', type: 'select', required: true, options: Object.entries(REPEAT_LABELS) },
    { name: 'description', label: 'f_description', type: 'textarea', wide: true },
  ],
  facts: (values, f) => [
    { label: 'f_amount', value: f.money(Number(values.amount)), strong: true },
    { label: 'f_due_date', value: f.date(String(values.dueDate)) },
    { label: 'f_repeat', value: f.label(REPEAT_LABELS[values.repeat as keyof typeof REPEAT_LABELS]) },
    ...(values.voided
      ? [{ label: 'f_void_reason' as const, value: String((values.voided as { reason: string }).reason) }]
      : []),
  ],
  actions: [
    {
      name: 'void',
      label: 'action_void',
      done: 'done_payable_voided',
      variant: 'danger-outline',
      text: { name: 'reason', label: 'f_void_reason' },
    },
  ],
  panel: PayablePanel,
  forms: { pay: { schema: payPayableInput, path: () => 'pay', done: 'done_payable_paid' } },
  // the accounts a payable may leave
  lookups: accountLookups,
})
