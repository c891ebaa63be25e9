import { dateIn, formatDay } from '../../domain/dates.ts'
import { currencyOf, formatMoney } from '../../domain/money.ts'
import { CULTURES, type Locale, type Translator } from '../lib/i18n'
import type { FactFormat, TextKey } from './module'

/**
 * Amounts (in the record's currency) and dates as the user reads them, for facts and home cards: a
 * day as it is, an instant (`2026-11-28T02:07:00Z`) as the day it was in the branch's zone.
 */
export const factFormat = (t: Translator, locale: Locale, currency: unknown, timeZone: string): FactFormat => ({
  money: (cents) => formatMoney(cents, currencyOf(currency), locale),
  date: (iso) => formatDay(iso.length > 10 ? dateIn(timeZone, Date.parse(iso)) : iso, CULTURES[locale], 'medium'),
  label: (key: TextKey) => (t[key] as () => string)(),
})
