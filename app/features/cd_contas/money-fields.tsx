import { dateIn } from '../../../domain/dates.ts'
import { useT } from '../../lib/i18n'

const input = 'field-control w-full'

/** The day money moved (empty: today, never after today), with what is wrong with it: a payment's, a bill's, a transfer's. */
export function PaidOnField({ value, error, label }: { value?: string; error?: string; label?: string }) {
  const t = useT()
  return (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label ?? t.f_payment_date()}
      <input
        type="date"
        name="date"
        defaultValue={value ?? ''}
        max={dateIn(Intl.DateTimeFormat().resolvedOptions().timeZone, Date.now())}
        aria-invalid={error ? true : undefined}
        className={input}
      />
      {error ? <span className="text-red-700">{error}</span> : null}
    </label>
  )
}

/** An amount as typed in the user's culture (`1.234,56` in pt-BR), sent as `amount`. */
export function AmountField({ value, error }: { value: string; error?: string }) {
  const t = useT()
  return (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {t.f_amount()}
      <input
        name="amount"
        inputMode="decimal"
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        className={input}
      />
      {error ? <span className="text-red-700">{error}</span> : null}
    </label>
  )
}

/**
 * The account money lands in or leaves (docs/domain.md cd_contas), `empty` naming the choice of
 * none (none offered without it); `name` and `label`: another account's field (a transfer's).
 */
export function AccountField({
  accounts,
  empty,
  value,
  error,
  name = 'accountId',
  label,
}: {
  accounts: Array<[string, string]>
  empty?: string
  value: string
  error?: string
  name?: string
  label?: string
}) {
  const t = useT()
  return (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label ?? t.f_account()}
      <select name={name} defaultValue={value} aria-invalid={error ? true : undefined} className={input}>
        {empty === undefined ? null : <option value="">{empty}</option>}
        {accounts.map(([id, name]) => (
          <option key={id} value={id}>
            {name}
          </option>
        ))}
      </select>
      {error ? <span className="text-red-700">{error}</span> : null}
    </label>
  )
}
