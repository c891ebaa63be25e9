import type { AppointmentRow, TechnicianRow } from './schemas/appointments.ts'
import { addDays, daysBetween } from './dates.ts'
import { instantAt, timeIn } from './zone-clock.ts'
import { shiftMonth } from './report-period.ts'

/** How the dispatch board shows its days (docs/domain.md cd_ordemagendamento): one day, a week from Monday, or a month. */
export type BoardView = 'day' | 'week' | 'month'
export const BOARD_VIEWS: readonly BoardView[] = ['day', 'week', 'month']

/** The Monday of the week `date` is in. */
const mondayOf = (date: string) => addDays(date, -((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7))

/**
 * The days a board of `view` around `date` shows: the day itself, its week from Monday to Sunday,
 * or its month's weeks, the Monday of its first day to the Sunday of its last (28 to 42 days).
 */
export function boardDays(view: BoardView, date: string): string[] {
  if (view === 'day') return [date]
  const first = view === 'week' ? mondayOf(date) : mondayOf(`${date.slice(0, 8)}01`)
  const weeks = view === 'week' ? 1 : Math.ceil((daysBetween(first, lastOfMonth(date)) + 1) / 7)
  return Array.from({ length: weeks * 7 }, (_, i) => addDays(first, i))
}

/** The last day of `date`'s month. */
export const lastOfMonth = (date: string) => addDays(`${shiftMonth(date.slice(0, 7), 1)}-01`, -1)

/** Where the board's Previous and Next lead from `date`: a day, a week, or the same day of the month (its last at most) before or after. */
export function boardStep(view: BoardView, date: string, by: 1 | -1): string {
  if (view !== 'month') return addDays(date, by * (view === 'day' ? 1 : 7))
  const month = shiftMonth(date.slice(0, 7), by)
  const last = lastOfMonth(`${month}-01`)
  const day = `${month}-${date.slice(8)}`
  return day > last ? last : day
}

/** The zone's offset on a day as ±HH:MM (what the board's calendar is given: it takes fixed offsets only). */
export function offsetOn(date: string, timeZone: string): string {
  const minutes = Math.round((Date.parse(`${date}T12:00:00Z`) - instantAt(date, '12:00', timeZone)) / 60_000)
  const sign = minutes < 0 ? '-' : '+'
  const abs = Math.abs(minutes)
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
}

/** An instant as the wall clock reads it at a fixed offset: YYYY-MM-DDTHH:MM:SS. */
export function wallClockAt(iso: string, offset: string): string {
  const [h, m] = offset.slice(1).split(':').map(Number)
  const minutes = (offset.startsWith('-') ? -1 : 1) * (h * 60 + m)
  return new Date(Date.parse(iso) + minutes * 60_000).toISOString().slice(0, 19)
}

const HOUR = 3_600_000
const hoursBetween = (from: string, to: string) =>
  (Date.parse(`1970-01-01T${to}:00Z`) - Date.parse(`1970-01-01T${from}:00Z`)) / HOUR

/** When a day begins and ends in a time zone (ms). */
export const dayBounds = (date: string, timeZone: string): [number, number] => [
  instantAt(date, '00:00', timeZone),
  instantAt(addDays(date, 1), '00:00', timeZone),
]

/** A technician's day: the hours booked of the hours he works (0 available on a day off). */
export function dayLoad(
  tech: TechnicianRow,
  appointments: AppointmentRow[],
  date: string,
  timeZone: string,
  bounds = dayBounds(date, timeZone),
) {
  const [dayStart, dayEnd] = bounds
  const works = tech.days.includes(timeIn(timeZone, dayStart + 12 * HOUR).weekday)
  const booked = appointments
    .filter((a) => a.technicianIds.includes(tech.id))
    .reduce(
      (sum, a) => sum + Math.max(0, Math.min(Date.parse(a.end), dayEnd) - Math.max(Date.parse(a.start), dayStart)),
      0,
    )
  return { booked: booked / HOUR, available: works ? hoursBetween(tech.start, tech.end) : 0 }
}

/** A visit's start and last minute on the branch's wall clock (worked out once per visit; a board has hundreds). */
export function wallTimes(a: Pick<AppointmentRow, 'start' | 'end'>, timeZone: string) {
  return { start: timeIn(timeZone, Date.parse(a.start)), last: timeIn(timeZone, Date.parse(a.end) - 1) }
}

/** Whether a visit is outside a technician's working days or hours (a warning on the board, not a refusal). */
export function outsideHours(
  tech: TechnicianRow,
  a: Pick<AppointmentRow, 'start' | 'end'>,
  timeZone: string,
  times = wallTimes(a, timeZone),
) {
  return !tech.days.includes(times.start.weekday) || times.start.time < tech.start || times.last.time >= tech.end
}

/**
 * The skills an appointment needs that a technician lacks; none where the company does not use
 * skills (no technician of `team` has one: a new company whose people were never given any).
 */
export const missingSkills = (tech: TechnicianRow, a: Pick<AppointmentRow, 'skills'>, team: TechnicianRow[]) =>
  team.some((t) => t.skills.length > 0) ? a.skills.filter((s) => !tech.skills.includes(s)) : []
