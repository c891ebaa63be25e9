import { Form, useNavigation } from 'react-router'
import { atLeast } from '../../../domain/access.ts'
import type { PanelProps } from '../../kit/module'
import { useT } from '../../lib/i18n'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { CsrfField } from '../../ui/csrf-field'
import { AccountField, AmountField, PaidOnField } from './money-fields'
import { PanelSection } from '../../ui/panel-section'

const input = 'field-control w-full'

/**
 * Money moved from this account to another (docs/domain.md cd_contas): the account it goes to,
 * the amount, the day and a note, for who may change accounts; a hint while there is no other.
 */
export function TransferPanel({ values, level, state, lookups }: PanelProps) {
  const t = useT()
  const busy = useNavigation().state === 'submitting'
  if (!atLeast(level, 'edit')) return null
  const others = (lookups.accounts ?? []).filter(([id]) => id !== values.id)
  const mine = state?.form === 'transfer' ? state : undefined
  const errors = mine?.errors ?? {}
  return (
    <PanelSection id="transfer-title" title={t.transfer_title()}>
      {others.length === 0 ? (
        <p className="text-sm text-muted">{t.transfer_no_other()}</p>
      ) : (
        <Form method="post" aria-labelledby="transfer-title" className="grid gap-3 sm:grid-cols-2">
          <CsrfField />
          {errors.form ? (
            <div className="sm:col-span-2">
              <Alert tone="error">{errors.form}</Alert>
            </div>
          ) : null}
          <AccountField
            name="toId"
            label={t.f_transfer_to()}
            accounts={others}
            value={mine?.values?.toId ?? others[0][0]}
            error={errors.toId}
          />
          <AmountField value={mine?.values?.amount ?? ''} error={errors.amount} />
          <PaidOnField label={t.f_transfer_date()} value={mine?.values?.date} error={errors.date} />
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t.f_notes()}
            <input name="note" maxLength={200} defaultValue={mine?.values?.note ?? ''} className={input} />
          </label>
          <div className="sm:col-span-2">
            <Button type="submit" name="intent" value="form:transfer" disabled={busy}>
              {t.transfer_submit()}
            </Button>
          </div>
        </Form>
      )}
    </PanelSection>
  )
}
