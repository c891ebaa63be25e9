import { Link } from 'react-router'
import {
  dayBounds,
  dayLoad,
  missingSkills,
  outsideHours,
  wallTimes,
  type BoardView,
} from '../../../domain/board-view.ts'
import { addDays, dateIn } from '../../../domain/dates.ts'
import type { AppointmentRow, BoardAnswer, TechnicianRow } from '../../../domain/schemas/appointments.ts'
import { useLocale, useT } from '../../lib/i18n'
import { COLOR_HEX } from './colors'

type BoardFormat = {
  time: (iso: string) => string
  day: (date: string) => string
  month: (date: string) => string
  hours: (n: number) => string
}
// making a formatter costs far more than using one: one set per language and zone, kept
const formats = new Map<string, BoardFormat>()

/** Times and days in the branch's time zone, in the user's language. */
export function boardFormat(locale: string, timeZone: string): BoardFormat {
  const key = `${locale}|${timeZone}`
  let f = formats.get(key)
  if (!f) {
    // as the calendar writes them: 2:00 PM, 14:00
    const time = new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' })
    const day = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' })
    const month = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'long', year: 'numeric' })
    const hours = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 })
    formats.set(
      key,
      (f = {
        time: (iso) => time.format(new Date(iso)),
        day: (date) => day.format(new Date(`${date}T12:00:00Z`)),
        month: (date) => month.format(new Date(`${date}T12:00:00Z`)),
        hours: (n) => hours.format(n),
      }),
    )
  }
  return f
}

export function useBoardFormat(timeZone: string) {
  return boardFormat(useLocale(), timeZone)
}

/** One visit as the agenda lists it: time, order, client, each technician's status, the flags, and Move. */
function VisitLine({
  a,
  tech,
  team,
  f,
  outside,
  moveHref,
}: {
  a: AppointmentRow
  tech: TechnicianRow
  team: TechnicianRow[]
  f: BoardFormat
  outside: boolean
  moveHref: string | null
}) {
  const t = useT()
  const visit = a.visits.find((v) => v.technicianId === tech.id)
  // a visit done needs nothing more
  const missing = visit?.status === 'done' ? [] : missingSkills(tech, a, team)
  const span = `${f.time(a.start)}–${f.time(a.end)}`
  // its classes are app.css's agenda-visit: a week repeats this line hundreds of times
  return (
    <li className="agenda-visit" data-testid="agenda-visit">
      {/* its time is the keyboard's Move (WCAG 2.5.7): the visit form, with the technician and times (plain
      links: a week holds hundreds, and the form reads from the server as well) */}
      {moveHref ? (
        <a href={moveHref} className="agenda-time" aria-label={`${t.board_move()}: ${a.orderNumber} ${span}`}>
          {span}
        </a>
      ) : (
        <span className="agenda-time">{span}</span>
      )}
      {visit ? (
        <span className="visit-status" data-status={visit.status}>
          {(t[`visit_${visit.status}`] as () => string)()}
        </span>
      ) : null}
      {/* a plain link: the order's page is a page of its own */}
      <a href={`/view/cd_ordem/${a.orderId}`}>{t.board_visit_of({ number: a.orderNumber, client: a.clientName })}</a>
      {outside ? <span className="agenda-flag">⚠ {t.board_outside_hours()}</span> : null}
      {missing.length ? (
        <span className="agenda-flag">⚠ {t.board_missing_skills({ skills: missing.join(', ') })}</span>
      ) : null}
    </li>
  )
}

/**
 * The board as text, rendered by the server (docs/domain.md cd_ordemagendamento: it reads before
 * the calendar's script loads): per technician his load and visits — a day as columns, a week as
 * a table of days — each visit with Move for the keyboard (WCAG 2.5.7).
 */
export function BoardAgenda({
  board,
  view,
  days,
  hrefFor,
  editable,
}: {
  board: BoardAnswer
  view: BoardView
  days: string[]
  hrefFor: (params: Record<string, string>) => string
  editable: boolean
}) {
  const t = useT()
  const f = useBoardFormat(board.timeZone)
  if (!board.technicians.length) return <p className="text-ink-soft">{t.board_no_technicians()}</p>
  // each visit once: its days and its wall-clock times, the technicians' lists made from them
  const lists = new Map<string, AppointmentRow[]>()
  const times = new Map<string, ReturnType<typeof wallTimes>>()
  for (const a of board.appointments) {
    times.set(a.id, wallTimes(a, board.timeZone))
    const first = dateIn(board.timeZone, Date.parse(a.start))
    const last = dateIn(board.timeZone, Date.parse(a.end) - 1)
    for (let day = first; day <= last; day = addDays(day, 1))
      for (const tech of a.technicianIds) {
        const key = `${tech}|${day}`
        const list = lists.get(key)
        if (list) list.push(a)
        else lists.set(key, [a])
      }
  }
  const onDay = (tech: TechnicianRow, day: string) => lists.get(`${tech.id}|${day}`) ?? []
  const bounds = new Map(days.map((day) => [day, dayBounds(day, board.timeZone)]))
  const load = (tech: TechnicianRow, day: string) => {
    const l = dayLoad(tech, onDay(tech, day), day, board.timeZone, bounds.get(day))
    return l.available
      ? t.board_load({ booked: f.hours(l.booked), available: f.hours(l.available) })
      : l.booked
        ? t.board_load({ booked: f.hours(l.booked), available: '0' })
        : t.board_day_off()
  }
  const line = (a: AppointmentRow, tech: TechnicianRow) => (
    <VisitLine
      key={a.id}
      a={a}
      tech={tech}
      team={board.technicians}
      f={f}
      outside={outsideHours(tech, a, board.timeZone, times.get(a.id))}
      moveHref={editable ? hrefFor({ move: a.id }) : null}
    />
  )
  const name = (tech: TechnicianRow) => (
    <span className="flex items-center gap-2 font-semibold">
      <span
        aria-hidden="true"
        className="inline-block size-3 rounded-full"
        style={{ background: COLOR_HEX[tech.color as keyof typeof COLOR_HEX] }}
      />
      {tech.name}
    </span>
  )
  if (view === 'month') {
    // a month reads as its days that have visits, each visit under its technician's name
    const month = days[6].slice(0, 7)
    const busy = days.filter(
      (day) => day.startsWith(month) && board.technicians.some((tech) => onDay(tech, day).length),
    )
    if (!busy.length)
      return (
        <p className="text-ink-soft" data-testid="agenda">
          {t.board_no_visits()}
        </p>
      )
    return (
      <ol className="flex flex-col gap-3" data-testid="agenda">
        {busy.map((day) => (
          <li key={day} className="flex flex-col gap-2 rounded-lg border border-line bg-surface p-3">
            <h3 className="font-semibold">
              <Link to={`?${new URLSearchParams({ view: 'day', date: day })}`} className="record-link">
                {f.day(day)}
              </Link>
            </h3>
            <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
              {board.technicians.flatMap((tech) =>
                onDay(tech, day).map((a) => (
                  <li key={`${tech.id}:${a.id}`} className="flex flex-col gap-1">
                    {name(tech)}
                    <ul>{line(a, tech)}</ul>
                  </li>
                )),
              )}
            </ul>
          </li>
        ))}
      </ol>
    )
  }
  if (view === 'day') {
    const day = days[0]
    return (
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4" data-testid="agenda">
        {board.technicians.map((tech) => {
          const visits = onDay(tech, day)
          return (
            <li key={tech.id} className="flex flex-col gap-2 rounded-lg border border-line bg-surface p-3">
              <h3 className="flex flex-wrap items-center justify-between gap-2">
                {name(tech)}
                <span className="text-xs font-medium text-ink-soft">{load(tech, day)}</span>
              </h3>
              {visits.length ? (
                <ul className="flex flex-col gap-2">{visits.map((a) => line(a, tech))}</ul>
              ) : (
                <p className="text-sm text-ink-soft">{t.board_no_visits()}</p>
              )}
            </li>
          )
        })}
      </ul>
    )
  }
  return (
    <div className="overflow-x-auto rounded-lg border border-line bg-surface" data-testid="agenda">
      <table className="w-full min-w-[56rem] table-fixed border-collapse text-left">
        <caption className="sr-only">{t.board_agenda()}</caption>
        <thead>
          <tr>
            <th scope="col" className="w-40 border-b border-line p-2 text-sm">
              {t.board_technician()}
            </th>
            {days.map((day) => (
              <th key={day} scope="col" className="border-b border-line p-2 text-sm">
                {f.day(day)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {board.technicians.map((tech) => (
            <tr key={tech.id} className="align-top">
              <th scope="row" className="border-b border-line p-2 text-sm">
                {name(tech)}
              </th>
              {days.map((day) => (
                <td key={day} className="border-b border-line p-1">
                  <p className="px-1 text-xs text-ink-soft">{load(tech, day)}</p>
                  <ul className="flex flex-col gap-1">{onDay(tech, day).map((a) => line(a, tech))}</ul>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
