import { addDays } from './dates.ts'
import { dayOfMonth, monthNumber, shiftMonth } from './report-period.ts'

/**
 * docs/domain.md maintenance plans: how often a plan's item comes back. A visit is due on the
 * plan's start and every period after it, on the start's day of the month (the month's last day
 * where it is shorter: a plan started on 31 January is due on 28 or 29 February, then on 31 March).
 */
export const PERIODICITIES = ['monthly', 'quarterly', 'semiannual', 'annual'] as const
export type Periodicity = (typeof PERIODICITIES)[number]
export const PERIOD_MONTHS: Record<Periodicity, number> = { monthly: 1, quarterly: 3, semiannual: 6, annual: 12 }

/** The item's `n`-th due day (0: the plan's start). */
export const nthDue = (startsOn: string, periodicity: Periodicity, n: number) =>
  dayOfMonth(shiftMonth(startsOn.slice(0, 7), n * PERIOD_MONTHS[periodicity]), Number(startsOn.slice(8)))

/**
 * An item's due days after `after` (not included; null: from the start) up to `through` and the
 * plan's end (both included), in order.
 */
export function dueDays(
  startsOn: string,
  endsOn: string | null,
  periodicity: Periodicity,
  after: string | null,
  through: string,
): string[] {
  const last = endsOn && endsOn < through ? endsOn : through
  const days: string[] = []
  for (let n = 0; ; n++) {
    const day = nthDue(startsOn, periodicity, n)
    if (day > last) return days
    if (after === null || day > after) days.push(day)
  }
}

/**
 * A plan's visits due after `after` up to `through`: one per day, with the items due that day (each
 * visit becomes one service order, made once: its id follows from the plan's and the day).
 */
export function visitsDue<Item extends { periodicity: Periodicity }>(
  plan: { startsOn: string; endsOn: string | null; items: readonly Item[] },
  after: string | null,
  through: string,
): Array<{ day: string; items: Item[] }> {
  const byDay = new Map<string, Item[]>()
  for (const item of plan.items)
    for (const day of dueDays(plan.startsOn, plan.endsOn, item.periodicity, after, through))
      byDay.set(day, [...(byDay.get(day) ?? []), item])
  return [...byDay].sort(([a], [b]) => (a < b ? -1 : 1)).map(([day, items]) => ({ day, items }))
}

/**
 * docs/domain.md maintenance plans: the days a plan's monthly fee is invoiced after `after` (not
 * included) up to `through` (included): its invoice day of each month, those within its term.
 */
export function feeDays(
  plan: { startsOn: string; endsOn: string | null; invoiceDay: number },
  after: string,
  through: string,
): string[] {
  const last = plan.endsOn && plan.endsOn < through ? plan.endsOn : through
  const days: string[] = []
  for (let n = 0; ; n++) {
    const day = dayOfMonth(shiftMonth(plan.startsOn.slice(0, 7), n), plan.invoiceDay)
    if (day > last) return days
    if (day >= plan.startsOn && day > after) days.push(day)
  }
}

/**
 * A plan's next visit: the first day an item is due from `from` (included), within its end and a
 * year and a day — what visitsDue(plan, the day before, a year after)[0] gives, worked out from each
 * item's period at once (a list of 2,000 plans reads it for every plan).
 */
export function nextDue(
  plan: { startsOn: string; endsOn: string | null; items: ReadonlyArray<{ periodicity: Periodicity }> },
  from: string,
): string | null {
  const last = plan.endsOn && plan.endsOn < addDays(from, 366) ? plan.endsOn : addDays(from, 366)
  let next: string | null = null
  for (const periodicity of new Set(plan.items.map((i) => i.periodicity))) {
    const elapsed = monthNumber(from.slice(0, 7)) - monthNumber(plan.startsOn.slice(0, 7))
    let n = Math.max(0, Math.floor(elapsed / PERIOD_MONTHS[periodicity]) - 1)
    let day = nthDue(plan.startsOn, periodicity, n)
    while (day < from) day = nthDue(plan.startsOn, periodicity, ++n)
    if (day <= last && (next === null || day < next)) next = day
  }
  return next
}
