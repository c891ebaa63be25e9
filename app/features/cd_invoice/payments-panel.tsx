import { Form, useNavigation } from 'react-router'
import { atLeast } from '../../../domain/access.ts'
import { formatDay } from '../../../domain/dates.ts'
import { currencyOf, formatDecimal, formatMoney } from '../../../domain/money.ts'
import { invoiceRow, PAYMENT_METHODS } from '../../../domain/schemas/invoices.ts'
import { CULTURES, useLocale, useT } from '../../lib/i18n'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { CsrfField } from '../../ui/csrf-field'
import { AccountField, AmountField, PaidOnField } from '../cd_contas/money-fields'
import type { PanelProps } from '../../kit/module'
import { PanelSection } from '../../ui/panel-section'

const panelRow = invoiceRow.pick({ payments: true, status: true, open: true, currency: true })
const METHOD_LABELS = {
  cash: 'method_cash',
  card: 'method_card',
  pix: 'method_pix',
  transfer: 'method_transfer',
  boleto: 'method_boleto',
} as const
const input = 'min-h-11 w-full rounded-md border border-line bg-surface px-3 text-ink'

/**
 * An invoice's payments (docs/domain.md cd_invoice): each with its day, method, amount and who
 * recorded it, a reversed one struck through with its reason; a form to record one (the open
 * amount filled in) while money is open, and a reversal with its reason for who may.
 */
export function PaymentsPanel({ values, version, level, state, lookups }: PanelProps) {
  const t = useT()
  const locale = useLocale()
  const busy = useNavigation().state === 'submitting'
  const { payments, status, open, currency } = panelRow.parse(values)
  const money = (cents: number) => formatMoney(cents, currencyOf(currency), locale)
  const day = (iso: string) => formatDay(iso, CULTURES[locale], 'medium')
  const payable = (status === 'issued' || status === 'partially_paid') && atLeast(level, 'edit')
  const mine = state?.form === 'payment' ? state : undefined
  const errors = mine?.errors ?? {}
  const reverseErrors = state?.form === 'reverse' ? (state.errors ?? {}) : {}
  const label = (key: (typeof METHOD_LABELS)[keyof typeof METHOD_LABELS]) => t[key]()
  const accounts = lookups.accounts ?? []
  const accountName = (id: string | null) => (lookups.accountNames ?? []).find(([value]) => value === id)?.[1]
  if (status === 'draft') return null
  return (
    <PanelSection id="payments-title" title={t.payments_title()}>
      {payments.length === 0 ? (
        <p className="text-sm text-muted">{t.payments_none()}</p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="payments">
          {payments.map((p) => (
            <li
              key={p.id}
              className="flex flex-wrap items-center justify-between gap-2 border-b border-line pb-2 text-sm"
            >
              <span className={p.reversed ? 'text-muted line-through' : ''}>
                {day(p.date)} · {label(METHOD_LABELS[p.method])}
                {accountName(p.accountId) ? ` · ${accountName(p.accountId)}` : ''}
                {p.reference ? ` · ${p.reference}` : ''} · {p.by}
              </span>
              <span className="font-semibold tabular-nums">{money(p.amount)}</span>
              {p.reversed ? (
                <span className="w-full text-xs text-muted">
                  {t.payment_reversed_note({
                    reason: p.reversed.provider
                      ? t[p.reversed.provider.kind === 'refund' ? 'payment_card_refund' : 'payment_card_chargeback']({
                          amount: money(p.reversed.provider.amount),
                          reference: p.reversed.provider.reference,
                        })
                      : p.reversed.reason,
                    name: p.reversed.by,
                    date: day(p.reversed.at),
                  })}
                </span>
              ) : atLeast(level, 'delete') && status !== 'void' ? (
                <Form method="post" className="flex w-full flex-wrap items-center gap-2">
                  <CsrfField />
                  <input type="hidden" name="paymentId" value={p.id} />
                  <label htmlFor={`reverse-${p.id}`} className="sr-only">
                    {t.f_reverse_reason()}
                  </label>
                  <input
                    id={`reverse-${p.id}`}
                    name="reason"
                    maxLength={500}
                    placeholder={t.f_reverse_reason()}
                    className="min-h-11 flex-1 rounded-md border border-line bg-surface px-2 text-ink"
                  />
                  <Button type="submit" name="intent" value="form:reverse" variant="danger-outline" disabled={busy}>
                    {t.action_reverse_payment()}
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {reverseErrors.reason || reverseErrors.form ? (
        <Alert tone="error">{reverseErrors.reason ?? reverseErrors.form}</Alert>
      ) : null}
      {payable ? (
        <Form method="post" className="grid gap-3 sm:grid-cols-2" aria-label={t.payment_record()}>
          <CsrfField />
          <input type="hidden" name="version" value={version ?? ''} />
          {errors.form ? (
            <div className="sm:col-span-2">
              <Alert tone="error">{errors.form}</Alert>
            </div>
          ) : null}
          <AmountField value={mine?.values?.amount ?? formatDecimal(open / 100, locale, 2)} error={errors.amount} />
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t.f_method()}
            <select name="method" defaultValue={mine?.values?.method ?? 'pix'} className={input}>
              {PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {label(METHOD_LABELS[m])}
                </option>
              ))}
            </select>
          </label>
          {accounts.length ? (
            <AccountField
              accounts={accounts}
              empty={t.payment_account_default()}
              value={mine?.values?.accountId ?? ''}
              error={errors.accountId}
            />
          ) : null}
          <PaidOnField value={mine?.values?.date} error={errors.date} />
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t.f_payment_reference()}
            <input name="reference" maxLength={120} defaultValue={mine?.values?.reference ?? ''} className={input} />
          </label>
          <div className="sm:col-span-2">
            <Button type="submit" name="intent" value="form:payment" disabled={busy}>
              {t.payment_record()}
            </Button>
          </div>
        </Form>
      ) : null}
    </PanelSection>
  )
}
