import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addDays } from '../../domain/dates.ts'
import {
  nextDue,
  nthDue,
  PERIOD_MONTHS,
  PERIODICITIES,
  visitsDue,
  type Periodicity,
} from '../../domain/plan-schedule.ts'

// docs/domain.md maintenance plans: the days a plan's items come back, as its orders are generated
// ahead run after run.

/** The reference: the n-th period's day from the calendar itself (a Date's month arithmetic), not from the code tested. */
function referenceDue(startsOn: string, periodicity: Periodicity, n: number): string {
  const [year, month, day] = startsOn.split('-').map(Number)
  const first = new Date(Date.UTC(year, month - 1 + n * PERIOD_MONTHS[periodicity], 1))
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate()
  first.setUTCDate(Math.min(day, last))
  return first.toISOString().slice(0, 10)
}

const day = fc
  .date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10))
const item = fc.record({ id: fc.uuid(), periodicity: fc.constantFrom(...PERIODICITIES) })

describe('a maintenance plan’s due days', () => {
  it('falls on the start’s day of the month, or the month’s last day where it is shorter', () => {
    expect(nthDue('2026-01-31', 'monthly', 1)).toBe('2026-02-28')
    expect(nthDue('2026-01-31', 'monthly', 2)).toBe('2026-03-31')
    expect(nthDue('2027-11-30', 'quarterly', 1)).toBe('2028-02-29')
    expect(nthDue('2026-08-31', 'semiannual', 1)).toBe('2027-02-28')
    expect(nthDue('2028-02-29', 'annual', 1)).toBe('2029-02-28')
    expect(nthDue('2028-02-29', 'annual', 4)).toBe('2032-02-29')
  })

  it('over two simulated years of daily runs, some missed and some twice, generates each item’s every period exactly once', () => {
    fc.assert(
      fc.property(
        day,
        fc.option(fc.integer({ min: 30, max: 900 }), { nil: null }),
        fc.array(item, { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 0, max: 90 }),
        // each of 730 days: the server ran (1), was down (0) or two ran at once (2)
        fc.array(fc.constantFrom(0, 1, 1, 1, 2), { minLength: 730, maxLength: 730 }),
        (startsOn, length, items, window, runs) => {
          const endsOn = length === null ? null : addDays(startsOn, length)
          const plan = { startsOn, endsOn, items }
          // each order by its id (the plan's and the day): made again, it is the same order
          const made = new Set<string>()
          let through: string | null = null
          let today = addDays(startsOn, -window - 5)
          for (const times of runs) {
            today = addDays(today, 1)
            // runs at once all read the plan as the last finished one left it
            const seen: string | null = through
            for (let run = 0; run < times; run++) {
              const horizon = addDays(today, window)
              for (const visit of visitsDue(plan, seen, horizon)) {
                // nothing a run makes is at or before what was made through: no visit twice
                if (seen !== null) expect(visit.day > seen).toBe(true)
                for (const it of visit.items) made.add(`${it.id}|${visit.day}`)
              }
              through = horizon
            }
          }
          const horizon = through ?? addDays(startsOn, -1)
          // what the reference calendar says is due from the start to the last horizon and the plan's end
          const expected = new Set<string>()
          for (const it of items)
            for (let n = 0; ; n++) {
              const due = referenceDue(startsOn, it.periodicity, n)
              if (due > horizon || (endsOn && due > endsOn)) break
              expected.add(`${it.id}|${due}`)
            }
          expect(made).toEqual(expected)
        },
      ),
      { numRuns: 200 },
    )
  })

  it('puts the items due on one day into one visit, the days in order', () => {
    const items = [
      { id: 'a', periodicity: 'monthly' as const },
      { id: 'b', periodicity: 'quarterly' as const },
    ]
    const visits = visitsDue({ startsOn: '2026-01-15', endsOn: '2026-07-14', items }, null, '2026-12-31')
    expect(visits.map((v) => [v.day, v.items.map((i) => i.id).join('')])).toEqual([
      ['2026-01-15', 'ab'],
      ['2026-02-15', 'a'],
      ['2026-03-15', 'a'],
      ['2026-04-15', 'ab'],
      ['2026-05-15', 'a'],
      ['2026-06-15', 'a'],
    ])
    // after the last day generated, only what comes next
    expect(
      visitsDue({ startsOn: '2026-01-15', endsOn: null, items }, '2026-04-15', '2026-05-31').map((v) => v.day),
    ).toEqual(['2026-05-15'])
  })

  it('names as the next visit the first day due from today, within its end and a year: as the days due say', () => {
    fc.assert(
      fc.property(
        day,
        fc.option(fc.integer({ min: 0, max: 900 }), { nil: null }),
        fc.array(item, { minLength: 1, maxLength: 5 }),
        day,
        (startsOn, length, items, today) => {
          const plan = { startsOn, endsOn: length === null ? null : addDays(startsOn, length), items }
          expect(nextDue(plan, today)).toBe(visitsDue(plan, addDays(today, -1), addDays(today, 366))[0]?.day ?? null)
        },
      ),
      { numRuns: 500 },
    )
  })
})
