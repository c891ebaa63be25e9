import { useEffect, useRef, useState } from 'react'
import { documentTotals, lineAmounts, type LineInput, type Totals } from '../../domain/document-lines.ts'
import { currencyOf, formatMoney, parseDecimal, toCents } from '../../domain/money.ts'
import { useLocale, useT, type Locale } from '../lib/i18n'
import { rowsFromForm } from './form-rows'
import type { Field, Lookups } from './module'

/** The lookup that carries each job's price, tax and currency for the live totals: `id` → "45000 5 BRL". */
export const JOB_PRICES = 'jobPrices'

type Price = { unitPrice: number; taxPercent: number; currency: string }

/** A job's price as the lookup and a picked job carry it: "45000 5 BRL". */
const priceOf = (text: string): Price => {
  const [unitPrice, taxPercent, currency] = text.split(' ')
  return { unitPrice: Number(unitPrice), taxPercent: Number(taxPercent), currency }
}
const pricesOf = (lookups: Lookups): Map<string, Price> =>
  new Map((lookups[JOB_PRICES] ?? []).map(([id, text]) => [id, priceOf(text)]))

/** The name of the hidden input of a row that carries its picked job's price ("<id> 45000 5 BRL"), for the live totals only. */
export const PICKED_PRICE = 'pickedPrice'

/** One typed row as a priced line, by the rules the server uses (a job's price and tax where left empty); null when it is not one yet. */
function lineOf(row: Record<string, string>, prices: Map<string, Price>, locale: Locale): LineInput | null {
  const job = prices.get(row.jobId ?? '')
  const typed = (text: string | undefined) => (text ?? '').trim()
  const quantity = parseDecimal(typed(row.quantity), 3, locale)
  const unitPrice = typed(row.unitPrice) ? toCents(typed(row.unitPrice)) : (job?.unitPrice ?? null)
  const discountPercent = typed(row.discountPercent) ? parseDecimal(typed(row.discountPercent), 2) : 0
  const taxPercent = typed(row.taxPercent) ? parseDecimal(typed(row.taxPercent), 2) : (job?.taxPercent ?? 0)
  if (quantity === null || unitPrice === null || discountPercent === null || taxPercent === null) return null
  return {
    jobId: row.jobId ?? '',
    description: '',
    quantity,
    unitPrice,
    discountPercent,
    taxPercent,
    optional: row.optional === 'true',
  }
}

/** The form's typed values, with the prices the jobs picked in its rows bring (the catalogue's first page is in the lookup). */
function readForm(form: HTMLFormElement, lookups: Lookups) {
  const known = pricesOf(lookups)
  const typed: Record<string, string> = {}
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') typed[name] = value
  for (const [name, value] of Object.entries(typed))
    if (name.endsWith(`.${PICKED_PRICE}`) && value) {
      const [id, ...price] = value.split(' ')
      known.set(id, priceOf(price.join(' ')))
    }
  return { typed, known }
}

/** Calls `update` now and on every change of `form`: typing, a choice, a row added or removed. */
function onFormChange(form: HTMLFormElement, update: () => void) {
  update()
  form.addEventListener('input', update)
  form.addEventListener('change', update)
  // a row added or removed changes the form without an input event
  const rows = new MutationObserver(update)
  rows.observe(form, { childList: true, subtree: true })
  return () => {
    form.removeEventListener('input', update)
    form.removeEventListener('change', update)
    rows.disconnect()
  }
}

/** What a document's form says as typed: its totals, and each row's total (by the row's index in the field's names). */
type Reading = { totals: Totals; rows: Map<number, number | null> }
type Reader = { listeners: Set<(reading: Reading) => void>; last: Reading | null; stop: () => void }

/**
 * One reader per form: every line's total and the document's come from one read of the form per
 * change, in the language its listeners read (a change of it makes them all listen again: a new reader).
 */
const readers = new WeakMap<HTMLFormElement, Reader>()

/** The form's reading worked out once per change for all who listen (the totals and each line's total). */
function listen(
  form: HTMLFormElement,
  field: Field,
  lookups: Lookups,
  locale: Locale,
  listener: (reading: Reading) => void,
) {
  let reader = readers.get(form)
  if (!reader) {
    const made: Reader = { listeners: new Set(), last: null, stop: () => undefined }
    const prefix = `${field.name}.`
    made.stop = onFormChange(form, () => {
      const { typed, known } = readForm(form, lookups)
      const byRow = new Map<number, Record<string, string>>()
      for (const [name, value] of Object.entries(typed)) {
        const index = name.startsWith(prefix) ? /^(\d+)\./.exec(name.slice(prefix.length)) : null
        if (!index) continue
        const n = Number(index[1])
        byRow.set(n, { ...byRow.get(n), [name]: value })
      }
      const rows = new Map<number, number | null>()
      for (const [n, own] of byRow) {
        const line = rowsFromForm(own, field).flatMap((r) => lineOf(r, known, locale) ?? [])[0]
        rows.set(n, line ? lineAmounts(line).total : null)
      }
      made.last = {
        totals: documentTotals(rowsFromForm(typed, field).flatMap((r) => lineOf(r, known, locale) ?? [])),
        rows,
      }
      for (const each of made.listeners) each(made.last)
    })
    readers.set(form, (reader = made))
  }
  const own = reader
  own.listeners.add(listener)
  if (own.last) listener(own.last)
  return () => {
    own.listeners.delete(listener)
    if (own.listeners.size > 0) return
    own.stop()
    readers.delete(form)
  }
}

/** The currency a document's amounts are shown in: its own, else its catalogue's. */
const currencyIn = (currency: unknown, lookups: Lookups) => currency ?? [...pricesOf(lookups).values()][0]?.currency

/**
 * One line's total as it is typed (quantity × price, less its discount, plus its tax), by the
 * rules of the document's totals; empty while the line is not complete.
 */
export function LineTotal({
  field,
  row,
  currency,
  lookups,
}: {
  field: Field
  row: number
  currency: unknown
  lookups: Lookups
}) {
  const t = useT()
  const locale = useLocale()
  const ref = useRef<HTMLOutputElement>(null)
  const [total, setTotal] = useState<number | null>(null)
  useEffect(() => {
    const form = ref.current?.form
    if (!form) return
    return listen(form, field, lookups, locale, (reading) => setTotal(reading.rows.get(row) ?? null))
  }, [field, row, lookups, locale])
  const id = `${field.name}-${row}-total`
  return (
    <div className="flex flex-col gap-1">
      <span id={id} className="text-sm font-medium text-ink-soft">
        {t.f_total()}
      </span>
      <output
        ref={ref}
        aria-labelledby={id}
        className="flex min-h-11 items-center justify-end font-semibold tabular-nums"
      >
        {total === null ? '—' : formatMoney(total, currencyOf(currencyIn(currency, lookups)), locale)}
      </output>
    </div>
  )
}

/**
 * A document's totals as its lines are typed (issue 28 §4): the same rules as the server's
 * (domain/document-lines.ts), read from the form on every change; the server's, on save, stay the
 * authority. Announced politely to screen readers.
 */
export function LiveTotals({ field, currency, lookups }: { field: Field; currency: unknown; lookups: Lookups }) {
  const t = useT()
  const locale = useLocale()
  const ref = useRef<HTMLOutputElement>(null)
  const [totals, setTotals] = useState<Totals | null>(null)
  useEffect(() => {
    const form = ref.current?.form
    if (!form) return
    return listen(form, field, lookups, locale, (reading) => setTotals(reading.totals))
  }, [field, lookups, locale])
  const money = (cents: number) => formatMoney(cents, currencyOf(currencyIn(currency, lookups)), locale)
  return (
    <output
      ref={ref}
      aria-live="polite"
      aria-label={t.live_totals()}
      data-testid="live-totals"
      className="sm:col-span-2 sm:ml-auto"
    >
      <dl className="grid grid-cols-[auto_auto] gap-x-6 text-sm">
        <dt className="text-muted">{t.f_subtotal()}</dt>
        <dd className="text-right tabular-nums">{money(totals?.subtotal ?? 0)}</dd>
        <dt className="text-muted">{t.f_discount()}</dt>
        <dd className="text-right tabular-nums">{money(-(totals?.discount ?? 0))}</dd>
        <dt className="text-muted">{t.f_tax()}</dt>
        <dd className="text-right tabular-nums">{money(totals?.tax ?? 0)}</dd>
        <dt className="font-bold">{t.f_total()}</dt>
        <dd className="text-right font-bold tabular-nums">{money(totals?.total ?? 0)}</dd>
      </dl>
    </output>
  )
}
