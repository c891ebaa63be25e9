// making a formatter costs far more than using one: one per time zone, kept
const dayFormats = new Map<string, Intl.DateTimeFormat>()

/** A calendar date (YYYY-MM-DD) of an instant in a time zone: the day it is there. */
export function dateIn(timeZone: string, at: number): string {
  let format = dayFormats.get(timeZone)
  if (!format) dayFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })))
  return format.format(new Date(at))
}

/** A calendar date `days` later. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** Whether text is a real calendar date as YYYY-MM-DD. */
export const isIsoDate = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text)
