import { Form, useNavigation } from 'react-router'
import { atLeast } from '../../domain/access.ts'
import { dateIn, formatDay } from '../../domain/dates.ts'
import { useFrame } from '../layouts/frame/frame-context'
import { currencyOf, formatDecimal, formatMoney } from '../../domain/money.ts'
import { PAYMENT_METHODS, type PaymentRow } from '../../domain/schemas/payments.ts'
import { CULTURES, useLocale, useT } from '../lib/i18n'
import { Alert } from '../ui/alert'
import { Button } from '../ui/button'
import { CsrfField } from '../ui/csrf-field'
import { AccountField, AmountField, PaidOnField } from './cd_contas/money-fields'
import type { PanelProps } from '../kit/module'
import { PanelSection } from '../ui/panel-section'

/** What a document's payments panel shows: its payments, whether one may be recorded now, and the amount it suggests. */
export type PaymentsView = {
  payments: PaymentRow[]
  /** Whether the document takes a payment now (an issued invoice with money open, an approved quote). */
  payable: boolean
  /** What a new payment is filled in with: what is open. */
  open: number
  currency: string
  /** Whether its payments may be reversed here (not on a void invoice). */
  reversible: boolean
  /** The panel's words: its title, what it says with no payment, its record button. */
  title: 'payments_title' | 'deposits_title'
  none: 'payments_none' | 'deposits_none'
  record: 'payment_record' | 'deposit_record'
}
/** The payment methods' labels. */
export const METHOD_LABELS = {
  cash: 'method_cash',
  card: 'method_card',
  pix: 'method_pix',
  transfer: 'method_transfer',
  boleto: 'method_boleto',
} as const
const input = 'field-control w-full'

/**
 * A document's payments (docs/domain.md cd_invoice, "Deposits": an invoice's, a quote's deposit):
 * each with its day, method, amount and who recorded it, a reversed one struck through with its
 * reason, a deposit credited from a quote named so; a form to record one (the open amount filled
 * in) while it takes one, and a reversal with its reason for who may. Its forms are the feature's
 * `payment` and `reverse` (RecordSubForm). `read`: what the panel shows of the record, or null for
 * no panel (a draft invoice).
 */
export const paymentsPanel = (read: (values: Record<string, unknown>) => PaymentsView | null) =>
  function PaymentsPanel({ values, version, level, state, lookups }: PanelProps) {
    const t = useT()
    const locale = useLocale()
    const busy = useNavigation().state === 'submitting'
    const view = read(values)
    const { timeZone } = useFrame()
    const day = (iso: string) => formatDay(iso, CULTURES[locale], 'medium')
    // a reversal's instant as the day it was in the branch's zone
    const dayOf = (at: string) => day(dateIn(timeZone, Date.parse(at)))
    const payable = Boolean(view?.payable) && atLeast(level, 'edit')
    const mine = state?.form === 'payment' ? state : undefined
    const errors = mine?.errors ?? {}
    const reverseErrors = state?.form === 'reverse' ? (state.errors ?? {}) : {}
    const label = (key: (typeof METHOD_LABELS)[keyof typeof METHOD_LABELS]) => t[key]()
    const accounts = lookups.accounts ?? []
    const accountName = (id: string | null) => (lookups.accountNames ?? []).find(([value]) => value === id)?.[1]
    if (!view) return null
    const { payments, open, currency } = view
    const money = (cents: number) => formatMoney(cents, currencyOf(currency), locale)
    return (
      <PanelSection id="payments-title" title={t[view.title]()}>
        {payments.length === 0 ? (
          <p className="text-sm text-muted">{t[view.none]()}</p>
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
                  {p.deposit ? ` · ${t.payment_deposit_of({ number: p.deposit })}` : ''}
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
                      date: dayOf(p.reversed.at),
                    })}
                  </span>
                ) : atLeast(level, 'delete') && view.reversible && !p.deposit ? (
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
          // a new form for each version: what was typed for a payment recorded does not stay to be sent again
          <Form key={version} method="post" className="grid gap-3 sm:grid-cols-2" aria-label={t[view.record]()}>
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
                {t[view.record]()}
              </Button>
            </div>
          </Form>
        ) : null}
      </PanelSection>
    )
  }
