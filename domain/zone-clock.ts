import { createLru } from './lru.ts'
import { QUARTER_HOUR_MS } from './dates.ts'

// A time zone's wall clock: what the board, the visit's times and the bookings read (a module of its
// own: the pages that only show dates do not ship it).

const partFormats = new Map<string, Intl.DateTimeFormat>()
/** An instant's wall-clock minute in a time zone, as the zone's rules say (Intl), as if it were UTC. */
function wallClockByRules(timeZone: string, at: number): number {
  let format = partFormats.get(timeZone)
  if (!format)
    partFormats.set(
      timeZone,
      (format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      })),
    )
  const parts = Object.fromEntries(format.formatToParts(new Date(at)).map((p) => [p.type, p.value]))
  return Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute)
}

/**
 * A zone's offset from UTC (ms) at an instant. Today's zones change their offset on a quarter hour
 * of UTC, so the offset at each quarter hour's start is asked of the zone's rules once and kept (a
 * board of a week asks for the times of a thousand visits in one zone); within a quarter hour whose
 * start and end differ (a change there, on the quarter or off it, as St. John's changed at 00:01 until
 * 2011), the instant's own is asked.
 */
const offsets = createLru<number>(4096)
function quarterOffset(timeZone: string, quarter: number): number {
  const key = `${timeZone} ${quarter}`
  let offset = offsets.get(key)
  if (offset === undefined) {
    const start = quarter * QUARTER_HOUR_MS
    offset = wallClockByRules(timeZone, start) - start
    offsets.set(key, offset)
  }
  return offset
}
function offsetAt(timeZone: string, at: number): number {
  const quarter = Math.floor(at / QUARTER_HOUR_MS)
  const offset = quarterOffset(timeZone, quarter)
  if (offset === quarterOffset(timeZone, quarter + 1)) return offset
  const minute = Math.floor(at / 60_000) * 60_000
  return wallClockByRules(timeZone, minute) - minute
}

/** An instant's wall-clock date and time in a time zone, as numbers. */
function wallClock(timeZone: string, at: number) {
  const local = new Date(Math.floor(at / 60_000) * 60_000 + offsetAt(timeZone, at))
  return {
    /** The wall clock's minute as if it were UTC. */
    utc: local.getTime(),
    weekday: local.getUTCDay(),
    time: `${String(local.getUTCHours()).padStart(2, '0')}:${String(local.getUTCMinutes()).padStart(2, '0')}`,
  }
}

/** The instant a wall-clock date and time (YYYY-MM-DD, HH:MM) is in a time zone. */
export function instantAt(date: string, time: string, timeZone: string): number {
  const wanted = Date.parse(`${date}T${time}:00Z`)
  // the zone's offset there, worked out twice: once near the answer is exact across a change of offset
  let guess = wanted - (wallClock(timeZone, wanted).utc - Math.floor(wanted / 60_000) * 60_000)
  guess = wanted - (wallClock(timeZone, guess).utc - Math.floor(guess / 60_000) * 60_000)
  return guess
}

/** An instant's time of day (HH:MM) and weekday (0 Sunday … 6 Saturday) in a time zone. */
export const timeIn = (timeZone: string, at: number) => {
  const { time, weekday } = wallClock(timeZone, at)
  return { time, weekday }
}
