import { daysBetween } from './dates.ts'

// How old what the reports count is (docs/domain.md "Reports"), without zod: the reports page's
// script reads these, and its JavaScript carries no schema.

/** The ages of what clients owe: not due yet, then days past the due date. */
export const AGES = ['current', 'days1to30', 'days31to60', 'days61to90', 'days90plus'] as const
export type Age = (typeof AGES)[number]

/** The age of an open amount due on `dueDate`, seen on `today` (both days of the branch's calendar). */
export function ageOf(dueDate: string, today: string): Age {
  const late = daysBetween(dueDate, today)
  return late <= 0
    ? 'current'
    : late <= 30
      ? 'days1to30'
      : late <= 60
        ? 'days31to60'
        : late <= 90
          ? 'days61to90'
          : 'days90plus'
}

/** The ages of an open order, from the day it was made. */
export const ORDER_AGES = ['days0to7', 'days8to30', 'days31to60', 'days60plus'] as const
export type OrderAge = (typeof ORDER_AGES)[number]
export const orderAgeOf = (created: string, today: string): OrderAge => {
  const days = daysBetween(created, today)
  return days <= 7 ? 'days0to7' : days <= 30 ? 'days8to30' : days <= 60 ? 'days31to60' : 'days60plus'
}
