// Making an Intl formatter costs about a millisecond, using one a microsecond: a page that made
// its formatters on every request spent more on them than on its data. One is kept per locale and
// options, for the life of the process: the cultures × the app's formats × the time zones the
// companies and branches keep (checked when saved), a few dozen.
// The hottest formats (domain/dates.ts dateIn, domain/money.ts) keep maps of their own, keyed
// without turning options into text: they run for every row of a board or a report.

const dateFormats = new Map<string, Intl.DateTimeFormat>()
const numberFormats = new Map<string, Intl.NumberFormat>()

/** `new Intl.DateTimeFormat(locale, options)`, made once. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let format = dateFormats.get(key)
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)))
  return format
}

/** `new Intl.NumberFormat(locale, options)`, made once. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let format = numberFormats.get(key)
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)))
  return format
}
