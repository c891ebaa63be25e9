import { Form, useNavigation } from 'react-router'
import { atLeast } from '../../../domain/access.ts'
import { dateIn, formatDay } from '../../../domain/dates.ts'
import { payableRow } from '../../../domain/schemas/payables.ts'
import type { PanelProps } from '../../kit/module'
import { CULTURES, useLocale, useT } from '../../lib/i18n'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { CsrfField } from '../../ui/csrf-field'

const panelRow = payableRow.pick({ state: true, paid: true })
const input = 'min-h-11 w-full rounded-md border border-line bg-surface px-3 text-ink'

/**
 * A payable's payment (docs/domain.md cd_financeiro): while it is open, the day and the account it
 * leaves (the one that takes transfers unless chosen), and Pay; once paid, when and from which account.
 */
export function PayPanel({ values, version, level, state, lookups }: PanelProps) {
  const t = useT()
  const locale = useLocale()
  const busy = useNavigation().state === 'submitting'
  const { state: status, paid } = panelRow.parse(values)
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
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t.f_payment_date()}
        <input
          type="date"
          name="date"
          defaultValue={mine?.values?.date ?? ''}
          max={dateIn(Intl.DateTimeFormat().resolvedOptions().timeZone, Date.now())}
          aria-invalid={errors.date ? true : undefined}
          className={input}
        />
        {errors.date ? <span className="text-red-700">{errors.date}</span> : null}
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t.f_account()}
        <select
          name="accountId"
          defaultValue={mine?.values?.accountId ?? lookups.transferAccount?.[0]?.[0] ?? ''}
          aria-invalid={errors.accountId ? true : undefined}
          className={input}
        >
          <option value="">{t.payable_no_account()}</option>
          {accounts.map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </select>
        {errors.accountId ? <span className="text-red-700">{errors.accountId}</span> : null}
      </label>
      <div className="sm:col-span-2">
        <Button type="submit" name="intent" value="form:pay" disabled={busy}>
          {t.payable_pay()}
        </Button>
      </div>
    </Form>
  )
}
