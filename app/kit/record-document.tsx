import { formatDay } from '../../domain/dates.ts'
import { currencyOf, formatDecimal, formatMoney } from '../../domain/money.ts'
import { CULTURES, useLocale, useT, type Locale, type Translator } from '../lib/i18n'
import type { Field, FeatureModule, Lookups, TextKey } from './module'

type Values = Record<string, unknown>

/** A field's label as a document reads it: "Valid until", not the form's "Valid until (default …)". */
function labelOf(field: Field, t: Translator): string {
  const plain = field.label.replace(/_default$/, '')
  const key = (plain in t ? plain : field.label) as TextKey
  return (t[key] as () => string)()
}

/** One value as the reader reads it: a choice's label, an amount or a date in their culture. */
function shown(field: Field, value: unknown, values: Values, t: Translator, locale: Locale, lookups: Lookups): string {
  if (value === null || value === undefined || value === '') return ''
  if (Array.isArray(value)) return value.join(', ')
  if (field.type === 'money' && typeof value === 'number')
    return formatMoney(value, currencyOf(values.currency), locale)
  if (field.type === 'date' && typeof value === 'string') return formatDay(value, CULTURES[locale], 'medium')
  if (field.type === 'checkbox') return value === true || value === field.values?.[0] ? t.yes() : t.no()
  if (field.type === 'picker') return field.currentLabel?.(values) ?? String(value)
  if (field.type === 'select') {
    const option = field.lookup
      ? lookups[field.lookup]?.find(([v]) => v === String(value))?.[1]
      : field.options?.find(([v]) => v === String(value))?.[1]
    if (option === undefined) return field.currentLabel?.(values) ?? String(value)
    return typeof option === 'string' ? (t[option as TextKey] as () => string)() : option.text
  }
  if (typeof value === 'number') return formatDecimal(value, locale, 3, 0)
  return String(value)
}

/** A document's lines as a table: each sub-field a column, amounts to the right, each line's total last. */
function LinesTable({ field, values }: { field: Field; values: Values }) {
  const t = useT()
  const locale = useLocale()
  const rows = (values[field.name] as Values[] | undefined) ?? []
  const subs = (field.of ?? []).filter((sub) => sub.type !== 'picker' && sub.type !== 'checkbox')
  const optional = (field.of ?? []).find((sub) => sub.type === 'checkbox')
  const money = (cents: unknown) =>
    typeof cents === 'number' ? formatMoney(cents, currencyOf(values.currency), locale) : ''
  const id = `${field.name}-caption`
  return (
    // wider than a phone: it scrolls sideways, and the keyboard can scroll it too
    <div className="overflow-x-auto sm:col-span-2" tabIndex={0} role="region" aria-labelledby={id}>
      <table className="w-full text-sm">
        <caption id={id} className="pb-2 text-left font-semibold text-ink-soft">
          {labelOf(field, t)}
        </caption>
        <thead>
          <tr className="border-b border-line text-left text-muted">
            {subs.map((sub, i) => (
              <th key={sub.name} scope="col" className={`px-2 py-2 font-medium ${i ? 'text-right' : ''}`}>
                {labelOf(sub, t)}
              </th>
            ))}
            <th scope="col" className="px-2 py-2 text-right font-medium">
              {t.f_total()}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r} className="border-b border-line last:border-0">
              {subs.map((sub, i) => (
                <td key={sub.name} className={`px-2 py-2 ${i ? 'text-right tabular-nums' : ''}`}>
                  {shown(sub, row[sub.name], values, t, locale, {})}
                  {i === 0 && optional && row[optional.name] === true ? (
                    <span className="ml-2 text-xs text-muted">({labelOf(optional, t)})</span>
                  ) : null}
                </td>
              ))}
              <td className="px-2 py-2 text-right font-semibold tabular-nums">{money(row.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/**
 * A record that may no longer be edited (a sent quote, an issued invoice) read as a document: its
 * fields as label and value, its lines as a table, money and dates in the reader's culture; what is
 * empty is left out. The form shows only while it may be edited.
 */
export function RecordDocument({ def, values, lookups }: { def: FeatureModule; values: Values; lookups: Lookups }) {
  const t = useT()
  const locale = useLocale()
  const fields = def.fields.filter((f) => !f.newOnly && f.type !== 'password')
  return (
    <div
      className="grid gap-4 rounded-xl border border-line bg-surface p-4 sm:grid-cols-2"
      data-testid="record-document"
    >
      {fields.map((field) => {
        if (field.type === 'rows') return <LinesTable key={field.name} field={field} values={values} />
        const value = shown(field, values[field.name], values, t, locale, lookups)
        if (!value) return null
        return (
          <div key={field.name} className={`flex flex-col gap-1 ${field.wide ? 'sm:col-span-2' : ''}`}>
            <span className="text-sm text-muted">{labelOf(field, t)}</span>
            <span className="whitespace-pre-line text-ink">{value}</span>
          </div>
        )
      })}
    </div>
  )
}
