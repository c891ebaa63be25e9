import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dateIn } from '../../domain/dates.ts'
import { instantAt, timeIn } from '../../domain/zone-clock.ts'

/**
 * Zones with changes of offset: daylight saving (São Paulo until 2019, New York, London), half an
 * hour of it (Lord Howe), odd offsets (Kathmandu, Chatham), changes off the quarter hour (St. John's
 * at 00:01 until 2011, Casey, Gaza).
 */
const ZONES = [
  'America/Sao_Paulo',
  'America/New_York',
  'Europe/London',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Pacific/Chatham',
  'America/St_Johns',
  'Antarctica/Casey',
  'Asia/Gaza',
  'America/Manaus',
  'UTC',
]

const formats = new Map<string, Intl.DateTimeFormat>()
/** The wall clock as the zone's rules say it, asked of Intl each time (the oracle). */
function byRules(timeZone: string, at: number) {
  let format = formats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    })
    formats.set(timeZone, format)
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(at)).map((p) => [p.type, p.value]))
  return {
    time: `${parts.hour.padStart(2, '0')}:${parts.minute.padStart(2, '0')}`,
    weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday),
    /** The zone's offset from UTC there, in minutes. */
    offset:
      (Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute) -
        Math.floor(at / 60_000) * 60_000) /
      60_000,
  }
}
const clock = (zone: string, at: number) => {
  const { time, weekday } = byRules(zone, at)
  return { time, weekday }
}

const instants = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) })

describe("a time zone's wall clock (kept per quarter hour of UTC)", () => {
  it('reads every instant as the zone’s rules do, across its changes of offset', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), instants, (zone, at) => {
        expect(timeIn(zone, at)).toEqual(clock(zone, at))
      }),
      { numRuns: 5_000 },
    )
  })

  it('reads the minutes on either side of each change of offset from 2000 to 2040 as the rules do', () => {
    const DAY = 86_400_000
    let changes = 0
    for (const zone of ZONES)
      for (let day = Date.UTC(2000, 0, 1); day < Date.UTC(2040, 0, 1); day += DAY) {
        const before = byRules(zone, day - DAY).offset
        if (byRules(zone, day).offset === before) continue
        // the minute of the change, found by halving the day before
        let [from, to] = [day - DAY, day]
        while (to - from > 60_000) {
          const mid = from + Math.floor((to - from) / 120_000) * 60_000
          if (byRules(zone, mid).offset === before) from = mid
          else to = mid
        }
        changes++
        for (const t of [to - 60_000, to - 1, to, to + 60_000])
          expect([zone, t, timeIn(zone, t)]).toEqual([zone, t, clock(zone, t)])
      }
    // two a year in most of these zones, and São Paulo's, Casey's and Gaza's own
    expect(changes).toBeGreaterThan(300)
  })

  it('finds the instant of a wall-clock time that the zone reads back', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), instants, (zone, at) => {
        const minute = Math.floor(at / 60_000) * 60_000
        const { time } = clock(zone, minute)
        const date = dateIn(zone, minute)
        // a time the clock shows twice (the hour repeated when the clocks go back) is either of them
        const found = instantAt(date, time, zone)
        expect([dateIn(zone, found), clock(zone, found).time]).toEqual([date, time])
      }),
      { numRuns: 2_000 },
    )
  })
})
