import { Link } from 'react-router'
import { addDays, dateIn } from '../../../domain/dates.ts'
import type { DayVisit } from '../../../domain/schemas/appointments.ts'
import { dateTimeFormat } from '../../../domain/intl.ts'
import { useFrame } from '../../layouts/frame/frame-context'
import { useLocale, useT } from '../../lib/i18n'
import { VisitStatus } from './visit-status'

/** An address as a link that opens the phone's maps app (a web map elsewhere); nothing without one. */
export function MapsLink({ address, large = false }: { address: string; large?: boolean }) {
  const t = useT()
  if (!address) return null
  return (
    <a
      href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`}
      target="_blank"
      rel="noreferrer"
      className={`flex min-h-12 items-center gap-2 underline ${large ? 'text-lg font-medium' : ''}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className={`${large ? 'size-6' : 'size-5'} shrink-0 fill-none stroke-current stroke-2`}
      >
        <path d="M12 21s-7-6.2-7-11a7 7 0 1 1 14 0c0 4.8-7 11-7 11z" />
        <circle cx="12" cy="10" r="2.5" />
      </svg>
      <span>
        {address}
        <span className="sr-only"> ({t.opens_maps()})</span>
      </span>
    </a>
  )
}

/**
 * cd_techorders (docs/domain.md): a technician's day on a phone — today's visits in time order,
 * then the next days', each with its time window, client, address (opening the maps app),
 * instructions and status, the whole card opening the visit. `withTechnician`: the office's
 * list names whose visit each is.
 */
export function DayList({ visits, withTechnician = false }: { visits: DayVisit[]; withTechnician?: boolean }) {
  const t = useT()
  const locale = useLocale()
  const { timeZone } = useFrame()
  const today = dateIn(timeZone, Date.now())
  const time = dateTimeFormat(locale, { timeStyle: 'short', timeZone })
  const dayName = dateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone })
  const days = new Map<string, DayVisit[]>()
  for (const v of visits) {
    // a visit under way from an earlier day is today's work
    const day =
      v.status === 'en_route' || v.status === 'on_site' || v.status === 'paused'
        ? today
        : dateIn(timeZone, Date.parse(v.start))
    days.set(day, [...(days.get(day) ?? []), v])
  }
  if (!days.has(today)) days.set(today, [])
  const ordered = [...days.entries()].sort(([a], [b]) => a.localeCompare(b))
  const heading = (day: string) =>
    day === today
      ? t.day_today()
      : day === addDays(today, 1)
        ? t.day_tomorrow()
        : dayName.format(new Date(Date.parse(`${day}T12:00:00Z`)))
  return (
    <div className="flex flex-col gap-6" data-testid="day-list">
      {ordered.map(([day, list]) => (
        <section key={day} aria-labelledby={`day-${day}`} className="flex flex-col gap-3">
          <h2 id={`day-${day}`} className="text-xl font-bold first-letter:uppercase">
            {heading(day)}
          </h2>
          {list.length === 0 ? (
            <p className="text-ink-soft">{day === today ? t.visits_none_today() : t.visits_none()}</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {list.map((v) => (
                <li key={v.id} className="rounded-xl border border-line bg-surface p-4 shadow-sm" data-testid="visit">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="text-lg font-bold tabular-nums">
                      {time.format(new Date(v.start))} – {time.format(new Date(v.end))}
                    </p>
                    <VisitStatus status={v.status} />
                  </div>
                  <Link
                    to={`/view/cd_techorders/${v.id}`}
                    className="record-link mt-1 flex min-h-12 items-center text-lg font-semibold"
                  >
                    {t.board_visit_of({ number: v.orderNumber, client: v.clientName })}
                  </Link>
                  {withTechnician ? <p className="text-sm text-ink-soft">{v.technicianName}</p> : null}
                  <MapsLink address={v.serviceAddress} />
                  {v.instructions ? <p className="line-clamp-3 text-sm text-ink-soft">{v.instructions}</p> : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  )
}
