import { useEffect, useRef, useState } from 'react'
import { Link, type FetcherWithComponents } from 'react-router'
import { wallClockAt, offsetOn } from '../../../domain/board-view.ts'
import type { AppointmentRow, BoardAnswer, TrayRow } from '../../../domain/schemas/appointments.ts'
import { useT } from '../../lib/i18n'
import { Alert } from '../../ui/alert'
import { Button, buttonClass } from '../../ui/button'
import { CsrfField } from '../../ui/csrf-field'
import type { VisitResult } from './board.server'
import { useBoardFormat } from './board-agenda'

const field = 'min-h-11 rounded-md border border-line bg-surface px-3'
const label = 'flex flex-col gap-1 text-sm font-medium text-ink-soft'

/**
 * Scheduling or moving one visit by keyboard (WCAG 2.5.7: pick an order, choose the technician and
 * the time, confirm): the same save as a drag on the calendar. A conflict is named, with Book anyway.
 */
export function VisitForm({
  board,
  date,
  order,
  appointment,
  fetcher,
  closeHref,
}: {
  board: BoardAnswer
  date: string
  order: TrayRow | null
  appointment: AppointmentRow | null
  fetcher: FetcherWithComponents<VisitResult>
  closeHref: string
}) {
  const t = useT()
  const heading = useRef<HTMLHeadingElement>(null)
  const anyway = useRef<HTMLButtonElement>(null)
  const [confirming, setConfirming] = useState(false)
  useEffect(() => heading.current?.focus(), [order?.id, appointment?.id])
  const offset = offsetOn(date, board.timeZone)
  const at = appointment ? wallClockAt(appointment.start, offset) : null
  const until = appointment ? wallClockAt(appointment.end, offset) : null
  const hours = order?.hours ?? 2
  const start = at ? at.slice(11, 16) : '09:00'
  const endHour = Math.min(23, 9 + Math.ceil(hours))
  const end = until ? until.slice(11, 16) : `${String(endHour).padStart(2, '0')}:${hours % 1 ? '30' : '00'}`
  const result = fetcher.data
  const refused = result && !result.ok ? result : null
  const sent = refused?.sent ?? {}
  const value = (name: string, fallback: string) => sent[name] ?? fallback
  const number = order?.number ?? appointment?.orderNumber ?? ''
  const f = useBoardFormat(board.timeZone)
  const busy = fetcher.state !== 'idle'
  // a conflict named: the keyboard is taken to its answer, Book anyway
  useEffect(() => {
    if (refused?.conflict) anyway.current?.focus()
  }, [refused?.conflict])
  return (
    <section
      aria-labelledby="visit-form-title"
      className="flex flex-col gap-3 rounded-lg border-2 border-primary-600 bg-surface p-4"
      data-testid="visit-form"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="visit-form-title" ref={heading} tabIndex={-1} className="text-lg font-bold">
          {order ? t.board_schedule_order({ number }) : t.board_move_visit({ number })}
        </h2>
        <Link to={closeHref} className="text-sm font-medium underline">
          {t.board_close()}
        </Link>
      </div>
      {refused?.conflict ? (
        <Alert tone="error">
          <p>
            {t.board_conflict({
              technician: refused.conflict.technicianName,
              number: refused.conflict.orderNumber,
              start: f.time(refused.conflict.start),
              end: f.time(refused.conflict.end),
            })}
          </p>
          <fetcher.Form method="post" className="mt-2">
            <CsrfField />
            {Object.entries(sent)
              .filter(([name]) => !['csrf', 'force', 'idempotency'].includes(name))
              .map(([name, v]) => (
                <input key={name} type="hidden" name={name} value={v} />
              ))}
            <input type="hidden" name="force" value="1" />
            <button ref={anyway} type="submit" className={buttonClass('secondary')} disabled={busy}>
              {t.board_book_anyway()}
            </button>
          </fetcher.Form>
        </Alert>
      ) : refused?.errors.form ? (
        <Alert tone="error">{refused.errors.form}</Alert>
      ) : null}
      <fetcher.Form method="post" className="grid gap-3 sm:grid-cols-4">
        <CsrfField />
        <input type="hidden" name="intent" value={order ? 'book' : 'move'} />
        <input type="hidden" name="timeZone" value={board.timeZone} />
        {order ? <input type="hidden" name="orderId" value={order.id} /> : null}
        {appointment ? <input type="hidden" name="appointmentId" value={appointment.id} /> : null}
        {/* the visit's other technicians stay on it; the select changes its first */}
        {appointment ? (
          <input type="hidden" name="others" value={appointment.technicianIds.slice(1).join(',')} />
        ) : null}
        <label className={label}>
          {t.board_technician()}
          <select
            name="technicianId"
            defaultValue={value(
              'technicianId',
              appointment?.technicianIds[0] ??
                // the technician the order's plan prefers, while he is one of the branch's
                board.technicians.find((tech) => tech.id === order?.preferredTechnicianId)?.id ??
                board.technicians[0]?.id ??
                '',
            )}
            className={field}
          >
            {board.technicians.map((tech) => (
              <option key={tech.id} value={tech.id}>
                {tech.name}
              </option>
            ))}
          </select>
        </label>
        <label className={label}>
          {t.board_date()}
          <input
            type="date"
            name="date"
            required
            defaultValue={value('date', at?.slice(0, 10) ?? date)}
            className={field}
          />
        </label>
        <label className={label}>
          {t.board_start()}
          <input type="time" name="start" step={900} required defaultValue={value('start', start)} className={field} />
          {refused?.errors.start ? (
            <span className="text-red-700 dark:text-red-300">{refused.errors.start}</span>
          ) : null}
        </label>
        <label className={label}>
          {t.board_end()}
          <input type="time" name="end" step={900} required defaultValue={value('end', end)} className={field} />
          {refused?.errors.end ? <span className="text-red-700 dark:text-red-300">{refused.errors.end}</span> : null}
        </label>
        <div className="flex flex-wrap gap-2 sm:col-span-4">
          <Button type="submit" disabled={busy}>
            {t.board_save()}
          </Button>
        </div>
      </fetcher.Form>
      {appointment ? (
        confirming ? (
          <fetcher.Form
            method="post"
            className="flex flex-wrap items-center gap-2"
            role="group"
            aria-label={t.board_cancel_visit()}
          >
            <CsrfField />
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="appointmentId" value={appointment.id} />
            <p className="text-sm">{t.board_cancel_confirm()}</p>
            <Button type="submit" variant="danger-outline" disabled={busy}>
              {t.board_cancel_visit()}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setConfirming(false)}>
              {t.board_keep_visit()}
            </Button>
          </fetcher.Form>
        ) : (
          <Button type="button" variant="danger-outline" className="self-start" onClick={() => setConfirming(true)}>
            {t.board_cancel_visit()}
          </Button>
        )
      ) : null}
    </section>
  )
}
