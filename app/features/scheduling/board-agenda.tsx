import { Link } from 'react-router'
import { dayLoad, missingSkills, outsideHours, type BoardView } from '../../../domain/board-view.ts'
import { instantAt, addDays } from '../../../domain/dates.ts'
import type { AppointmentRow, BoardAnswer, TechnicianRow } from '../../../domain/schemas/appointments.ts'
import { useLocale, useT } from '../../lib/i18n'
import { COLOR_HEX } from './colors'

const STATUS_CLASS: Record<string, string> = {
  assigned: 'bg-slate-200 text-slate-800',
  en_route: 'bg-amber-100 text-amber-900',
  on_site: 'bg-sky-100 text-sky-900',
  done: 'bg-green-100 text-green-900',
}

/** Times and days in the branch's time zone, in the user's language. */
export function useBoardFormat(timeZone: string) {
  const locale = useLocale()
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit' })
  const day = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' })
  const hours = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 })
  return {
    time: (iso: string) => time.format(new Date(iso)),
    day: (date: string) => day.format(new Date(`${date}T12:00:00Z`)),
    hours: (n: number) => hours.format(n),
  }
}

/** One visit as the agenda lists it: time, order, client, each technician's status, the flags, and Move. */
function VisitLine({
  a,
  tech,
  board,
  moveHref,
}: {
  a: AppointmentRow
  tech: TechnicianRow
  board: BoardAnswer
  moveHref: string | null
}) {
  const t = useT()
  const f = useBoardFormat(board.timeZone)
  const visit = a.visits.find((v) => v.technicianId === tech.id)
  const missing = missingSkills(tech, a)
  return (
    <li className="flex flex-col gap-1 rounded-md border border-line p-2 text-sm" data-testid="agenda-visit">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold tabular-nums">
          {f.time(a.start)}–{f.time(a.end)}
        </span>
        {visit ? (
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_CLASS[visit.status]}`}>
            {(t[`visit_${visit.status}`] as () => string)()}
          </span>
        ) : null}
      </div>
      <Link to={`/view/cd_ordem/${a.orderId}`} className="font-medium underline">
        {t.board_visit_of({ number: a.orderNumber, client: a.clientName })}
      </Link>
      {outsideHours(tech, a, board.timeZone) ? (
        <span className="text-xs font-medium text-amber-800 dark:text-amber-300">⚠ {t.board_outside_hours()}</span>
      ) : null}
      {missing.length ? (
        <span className="text-xs font-medium text-amber-800 dark:text-amber-300">
          ⚠ {t.board_missing_skills({ skills: missing.join(', ') })}
        </span>
      ) : null}
      {moveHref ? (
        <Link
          to={moveHref}
          className="self-start text-sm font-medium underline"
          aria-label={`${t.board_move()}: ${a.orderNumber} ${f.time(a.start)}`}
        >
          {t.board_move()}
        </Link>
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
  const onDay = (tech: TechnicianRow, day: string) => {
    const from = instantAt(day, '00:00', board.timeZone)
    const to = instantAt(addDays(day, 1), '00:00', board.timeZone)
    return board.appointments.filter(
      (a) => a.technicianIds.includes(tech.id) && Date.parse(a.start) < to && from < Date.parse(a.end),
    )
  }
  const load = (tech: TechnicianRow, day: string) => {
    const l = dayLoad(tech, board.appointments, day, board.timeZone)
    return l.available
      ? t.board_load({ booked: f.hours(l.booked), available: f.hours(l.available) })
      : l.booked
        ? t.board_load({ booked: f.hours(l.booked), available: '0' })
        : t.board_day_off()
  }
  const line = (a: AppointmentRow, tech: TechnicianRow) => (
    <VisitLine key={a.id} a={a} tech={tech} board={board} moveHref={editable ? hrefFor({ move: a.id }) : null} />
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
