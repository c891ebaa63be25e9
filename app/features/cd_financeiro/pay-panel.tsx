import { Form, useNavigation } from 'react-router'
import { atLeast } from '../../../domain/access.ts'
import { formatDay } from '../../../domain/dates.ts'
import type { z } from 'zod'
import type { payableRow } from '../../../domain/schemas/payables.ts'
import type { PanelProps } from '../../kit/module'
import { CULTURES, useLocale, useT } from '../../lib/i18n'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { CsrfField } from '../../ui/csrf-field'
import { AccountField, PaidOnField } from '../cd_contas/money-fields'

type PanelRow = Pick<z.output<typeof payableRow>, 'state' | 'paid'>

/**
 * A payable's payment (docs/domain.md cd_financeiro): while it is open, the day and the account it
 * leaves (the one that takes transfers unless chosen), and Pay; once paid, when and from which account.
 */
export function PayPanel({ values, version, level, state, lookups }: PanelProps) {
  const t = useT()
  const locale = useLocale()
  const busy = useNavigation().state === 'submitting'
  const { state: status, paid } = values as PanelRow
  const accounts = lookups.accounts ?? []
  const mine = state?.form === 'pay' ? state : undefined
  const errors = mine?.errors ?? {}
  if (paid) {
    const date = formatDay(paid.date, CULTURES[locale], 'medium')
    const account = (lookups.accountNames ?? []).find(([id]) => id === paid.accountId)?.[1]
    return (
      <p className="rounded-xl border border-line bg-surface p-4 text-sm" data-testid="payable-paid">
        {account ? t.payable_paid_from({ date, account }) : t.payable_paid({ date })}
      </p>
    )
  }
  if ((status !== 'open' && status !== 'overdue') || !atLeast(level, 'edit')) return null
  return (
    <Form
      method="post"
      aria-label={t.payable_pay()}
      className="grid gap-3 rounded-xl border border-line bg-surface p-4 sm:grid-cols-2"
    >
      <CsrfField />
      <input type="hidden" name="version" value={version ?? ''} />
      <h2 className="text-lg font-bold sm:col-span-2">{t.payable_pay()}</h2>
      {errors.form ? (
        <div className="sm:col-span-2">
          <Alert tone="error">{errors.form}</Alert>
        </div>
      ) : null}
      <PaidOnField value={mine?.values?.date} error={errors.date} />
      <AccountField
        accounts={accounts}
        empty={t.payable_no_account()}
        value={mine?.values?.accountId ?? lookups.transferAccount?.[0]?.[0] ?? ''}
        error={errors.accountId}
      />
      <div className="sm:col-span-2">
        <Button type="submit" name="intent" value="form:pay" disabled={busy}>
          {t.payable_pay()}
        </Button>
      </div>
    </Form>
  )
}
