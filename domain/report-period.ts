/** A month as the reports name it: `2026-11`. */
export const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/

/** The periods a report is asked for (docs/domain.md "Reports"); `custom` names its months. */
export const REPORT_PERIODS = [
  'this-month',
  'last-month',
  'this-quarter',
  'this-year',
  'last-12-months',
  'custom',
] as const
export type ReportPeriod = (typeof REPORT_PERIODS)[number]

/** The period a report opens on: a year of months, the current one last. */
export const DEFAULT_PERIOD: ReportPeriod = 'last-12-months'

export const monthNumber = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5)) - 1
const monthOf = (n: number) => `${Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}`

/** The month `by` months after `month` (before, when negative). */
export const shiftMonth = (month: string, by: number) => monthOf(monthNumber(month) + by)

/** The day `day` of `month` (`2026-02`, 31: `2026-02-28`): the month's last day where it is shorter. */
export function dayOfMonth(month: string, day: number): string {
  const [year, number] = month.split('-').map(Number)
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate()
  return `${month}-${String(Math.min(day, last)).padStart(2, '0')}`
}

/** How many months from `from` to `to`, both counted (2026-01 → 2026-12: 12). */
export const monthsSpanned = (from: string, to: string) => monthNumber(to) - monthNumber(from) + 1

/** The months from `from` to `to` (`2026-01` … `2026-12`), both included. */
export function monthsBetween(from: string, to: string): string[] {
  return Array.from({ length: Math.max(0, monthsSpanned(from, to)) }, (_, i) => monthOf(monthNumber(from) + i))
}

/**
 * A period's first and last month, as seen on `today` (the branch's day, `2026-11-27`); `custom`
 * keeps the months asked for (both must be months, `from` not after `to`: the caller checks).
 */
export function periodMonths(
  period: ReportPeriod,
  today: string,
  custom: { from?: string; to?: string } = {},
): { from: string; to: string } {
  const now = monthNumber(today.slice(0, 7))
  switch (period) {
    case 'this-month':
      return { from: monthOf(now), to: monthOf(now) }
    case 'last-month':
      return { from: monthOf(now - 1), to: monthOf(now - 1) }
    case 'this-quarter':
      return { from: monthOf(now - (now % 3)), to: monthOf(now - (now % 3) + 2) }
    case 'this-year':
      return { from: monthOf(now - (now % 12)), to: monthOf(now - (now % 12) + 11) }
    case 'last-12-months':
      return { from: monthOf(now - 11), to: monthOf(now) }
    case 'custom':
      return {
        from: custom.from && MONTH.test(custom.from) ? custom.from : monthOf(now),
        to: custom.to && MONTH.test(custom.to) ? custom.to : monthOf(now),
      }
  }
}
