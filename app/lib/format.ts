import { CULTURES, type Locale } from './i18n'

const formats = new Map<string, Intl.DateTimeFormat>()

/** The spec's 'MMM dd, h:mm a' in the user's language, in a fixed time zone (same on server and client). */
export function panelTime(iso: string, locale: Locale, timeZone: string): string {
  const key = `${locale}|${timeZone}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(CULTURES[locale], {
      month: 'short',
      day: '2-digit',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
    })
    formats.set(key, format)
  }
  return format.format(new Date(iso))
}
