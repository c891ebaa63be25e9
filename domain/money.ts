import { CULTURES, type Culture } from './cultures.ts'

/** docs/domain.md: money is kept in integer cents of the company's currency. */
export const CURRENCIES = ['BRL', 'USD', 'MXN'] as const
export type Currency = (typeof CURRENCIES)[number]
/** A record's currency as an answer gives it; a record without one is in reais (the first product's). */
export const currencyOf = (value: unknown): Currency => CURRENCIES.find((c) => c === value) ?? 'BRL'

/** Each culture's decimal separator, as CULTURES writes its numbers (pt-BR "1,5"; en-US and es-MX "1.5"). */
const DECIMAL_SEPARATOR: Record<Culture, string> = { en: '.', es: '.', pt: ',' }

/**
 * A decimal typed by a person in any of the product's cultures ("1.234,56", "1,234.56",
 * "120,5", "120") as a number: the last "." or "," followed by at most `places` digits at the
 * end is the decimal separator, the others group thousands; one kind of separator seen more than
 * once groups thousands ("1.000.000"). One separator before three digits ("1.000" in a
 * quantity) is read in the typist's `culture`: a thousand in pt, where "." groups, one in en.
 * null when it is not a number.
 */
export function parseDecimal(text: string, places: number, culture?: Culture): number | null {
  const compact = text
    .trim()
    .replace(/[\s\u00a0]/g, '')
    .replace(/^[^\d,.-]+/, '')
  if (!/^-?[\d.,]+$/.test(compact)) return null
  const last = Math.max(compact.lastIndexOf('.'), compact.lastIndexOf(','))
  const decimals = last >= 0 ? compact.slice(last + 1) : ''
  const before = compact.slice(0, last)
  // a separator of the kind seen before it groups ("1.000.000")
  let isDecimal = last >= 0 && decimals.length > 0 && decimals.length <= places && !before.includes(compact[last])
  // alone before three digits, the culture's ("0.250" is a decimal everywhere: no thousand starts with 0)
  if (isDecimal && decimals.length === 3 && culture && /^-?[1-9]\d*$/.test(before))
    isDecimal = compact[last] === DECIMAL_SEPARATOR[culture]
  const integer = isDecimal ? compact.slice(0, last) : compact
  // what is left of the decimals may group thousands, in groups of three only ("1.234.567", not
  // "2.5000"), the first not starting with 0 ("0.250" of money is no 250)
  if (/[.,]/.test(integer) && !/^-?[1-9]\d{0,2}([.,]\d{3})+$/.test(integer)) return null
  const whole = integer.replace(/[.,]/g, '')
  if (!/^-?\d+$/.test(whole)) return null
  const value = Number(`${whole}.${isDecimal ? decimals : '0'}`)
  return Number.isFinite(value) ? value : null
}

/** An amount typed as text (a decimal) to integer cents; a number is taken as cents already. */
export function toCents(value: string | number): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null
  const amount = parseDecimal(value, 2)
  return amount === null ? null : Math.round(amount * 100)
}

const moneyFormats = new Map<string, Intl.NumberFormat>()
/** Cents as money in the user's culture: 123456 BRL in pt → "R$ 1.234,56". */
export function formatMoney(cents: number, currency: Currency, culture: Culture): string {
  const key = `${culture}:${currency}`
  let format = moneyFormats.get(key)
  if (!format)
    moneyFormats.set(key, (format = new Intl.NumberFormat(CULTURES[culture], { style: 'currency', currency })))
  return format.format(cents / 100)
}

const amountFormats = new Map<Culture, Intl.NumberFormat>()
/** Cents as a plain amount in the user's culture, the way a spreadsheet there reads a number: 123456 in pt → "1.234,56". */
export function formatAmount(cents: number, culture: Culture): string {
  let format = amountFormats.get(culture)
  if (!format)
    amountFormats.set(
      culture,
      (format = new Intl.NumberFormat(CULTURES[culture], { minimumFractionDigits: 2, maximumFractionDigits: 2 })),
    )
  return format.format(cents / 100)
}

const decimalFormats = new Map<string, Intl.NumberFormat>()

/** A number for a form field in the user's culture, without grouping ("1234,56" in pt). */
export function formatDecimal(value: number, culture: Culture, places: number, minPlaces = places): string {
  // a formatter costs far more to make than to use: one per culture and places (a form's every line uses them)
  const key = `${culture} ${places} ${minPlaces}`
  let format = decimalFormats.get(key)
  if (!format)
    decimalFormats.set(
      key,
      (format = new Intl.NumberFormat(CULTURES[culture], {
        minimumFractionDigits: minPlaces,
        maximumFractionDigits: places,
        useGrouping: false,
      })),
    )
  return format.format(value)
}
