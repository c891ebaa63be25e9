import { formatDay } from '../../domain/dates.ts'
import { currencyOf, formatMoney } from '../../domain/money.ts'
import { CULTURES, type Locale, type Translator } from '../lib/i18n'
import type { FactFormat, TextKey } from './module'

/** Amounts (in the record's currency) and dates as the user reads them, for facts and home cards. */
export const factFormat = (t: Translator, locale: Locale, currency: unknown): FactFormat => ({
  money: (cents) => formatMoney(cents, currencyOf(currency), locale),
  date: (iso) => formatDay(iso, CULTURES[locale], 'medium'),
  label: (key: TextKey) => (t[key] as () => string)(),
})
