import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { instantAt, timeIn } from '../../domain/dates.ts'

/** Zones with changes of offset: daylight saving (São Paulo until 2019, New York, London), half an hour of it (Lord Howe), odd offsets (Kathmandu, Chatham). */
const ZONES = [
  'America/Sao_Paulo',
  'America/New_York',
  'Europe/London',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Pacific/Chatham',
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

  it('reads the minutes on either side of each change of offset as the rules do', () => {
    let changes = 0
    for (const zone of ZONES)
      for (let hour = Date.UTC(2018, 0, 1); hour < Date.UTC(2020, 0, 1); hour += 3_600_000) {
        if (byRules(zone, hour).offset === byRules(zone, hour - 3_600_000).offset) continue
        // the quarter hour of the change, within the hour before
        let at = hour - 2_700_000
        while (byRules(zone, at).offset === byRules(zone, hour - 3_600_000).offset) at += 900_000
        changes++
        for (const t of [at - 60_000, at - 1, at, at + 60_000])
          expect([zone, t, timeIn(zone, t)]).toEqual([zone, t, clock(zone, t)])
      }
    // São Paulo's last changes, and two a year in New York, London, Lord Howe and Chatham
    expect(changes).toBeGreaterThanOrEqual(19)
  })

  it('finds the instant of a wall-clock time that the zone reads back', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), instants, (zone, at) => {
        const minute = Math.floor(at / 60_000) * 60_000
        const { time } = clock(zone, minute)
        const date = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(minute))
        // a time the clock shows twice (the hour repeated when the clocks go back) is either of them
        expect(clock(zone, instantAt(date, time, zone)).time).toBe(time)
      }),
      { numRuns: 2_000 },
    )
  })
})
