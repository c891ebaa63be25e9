// making a formatter costs far more than using one: one per time zone, kept
const dayFormats = new Map<string, Intl.DateTimeFormat>()

/** A day begins on a quarter hour of UTC in every time zone: what depends on today is kept within one. */
export const QUARTER_HOUR_MS = 900_000

/** A calendar date (YYYY-MM-DD) of an instant in a time zone: the day it is there. */
export function dateIn(timeZone: string, at: number): string {
  let format = dayFormats.get(timeZone)
  if (!format)
    dayFormats.set(
      timeZone,
      (format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })),
    )
  return format.format(new Date(at))
}

/** A calendar date `days` later. */
export function addDays(date: string, days: number): string {
  const d = dayOrInstant(date)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** The days from calendar date `from` to `to` (negative when `to` comes first). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)

/** Whether text is a real calendar date as YYYY-MM-DD. */
export const isIsoDate = (text: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) &&
  !Number.isNaN(dayOrInstant(text).getTime()) &&
  dayOrInstant(text).toISOString().startsWith(text)

/** A calendar date (YYYY-MM-DD) or an instant (ISO) as a Date to format in UTC: a date is its day, whatever the zone. */
export const dayOrInstant = (iso: string) => new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso)

const dayFormatsByStyle = new Map<string, Intl.DateTimeFormat>()
/** A date (or an instant's day) in a locale's words: 'medium' "Nov 23, 2026", 'long' "23 de novembro de 2026", 'numeric' "23/11/2026". */
export function formatDay(iso: string, locale: string, style: 'medium' | 'long' | 'numeric'): string {
  const key = `${locale}|${style}`
  let format = dayFormatsByStyle.get(key)
  if (!format)
    dayFormatsByStyle.set(
      key,
      (format = new Intl.DateTimeFormat(
        locale,
        style === 'numeric'
          ? { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' }
          : { dateStyle: style, timeZone: 'UTC' },
      )),
    )
  return format.format(dayOrInstant(iso))
}

/** Whether the text names an IANA time zone this runtime knows (America/Sao_Paulo ...). */
export function isTimeZone(text: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: text })
    return true
  } catch {
    return false
  }
}
