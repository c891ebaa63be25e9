import { useEffect } from 'react'
import { Link, useFetcher, useNavigate, useRevalidator, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/scheduling'
import { BOARD_VIEWS, boardStep } from '../../../domain/board-view.ts'
import { FORM_KEY_FIELD } from '../../../domain/server-context.ts'
import { Breadcrumb } from '../../components/breadcrumb'
import { BoardAgenda, useBoardFormat } from '../../features/scheduling/board-agenda'
import { BoardCalendar, type Placed } from '../../features/scheduling/board-calendar'
import { loadBoard, saveVisit, type VisitResult } from '../../features/scheduling/board.server'
import { VisitForm } from '../../features/scheduling/visit-form'
import { moduleMeta } from '../../kit/module-meta'
import { useLocale, useT } from '../../lib/i18n'
import { showToast } from '../../lib/toasts'
import { buttonClass } from '../../ui/button'
import { isUnsent } from '../../lib/unsent'

export const loader = (args: Route.LoaderArgs) => loadBoard(args)
export const action = (args: Route.ActionArgs) => saveVisit(args)
export const meta: Route.MetaFunction = (args) => moduleMeta(args)

/**
 * cd_ordemagendamento's page (docs/domain.md): the dispatch board of the current branch — the
 * orders waiting for a date, each technician's day or week with his load, visits dragged, resized
 * and dropped on the calendar or moved by keyboard with the visit form, and every change of the
 * company shown live (server-sent events through /resources/board-events).
 */
export default function SchedulingPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const locale = useLocale()
  const { page, view, date, days, today, board, book, move } = loaderData
  const editable = page.level === 'edit' || page.level === 'delete'
  const fetcher = useFetcher<VisitResult>()
  const navigate = useNavigate()
  const revalidator = useRevalidator()
  const root = useRouteLoaderData('root') as { csrfToken?: string; formKey?: string } | undefined
  const f = useBoardFormat(board.timeZone)

  const hrefFor = (params: Record<string, string>) => `?${new URLSearchParams({ view, date, ...params }).toString()}`
  const here = hrefFor({})

  // every open board follows the company's changes (a technician's tap, another dispatcher's move)
  useEffect(() => {
    const events = new EventSource('/resources/board-events')
    events.addEventListener('change', () => void revalidator.revalidate())
    return () => events.close()
  }, [])

  // a save said: done (with its warnings) closes the form; a refusal stays in it
  useEffect(() => {
    const result = fetcher.data
    // a save that got no answer is told by its notice (app/lib/unsent.ts)
    if (fetcher.state !== 'idle' || !result || isUnsent(result)) return
    if (result.ok) {
      showToast('success', t[result.done]())
      for (const w of result.warnings) {
        const technician = board.technicians.find((x) => x.id === w.technicianId)?.name ?? ''
        showToast(
          'warning',
          w.code === 'outside_hours'
            ? t.board_warning_hours({ technician })
            : t.board_warning_skills({ technician, skills: (w.skills ?? []).join(', ') }),
        )
      }
      if (book || move) void navigate(here, { replace: true, preventScrollReset: true })
    } else if (!book && !move && result.errors.form && !result.conflict) {
      showToast('error', result.errors.form)
    }
  }, [fetcher.state, fetcher.data])

  const submit = (fields: Record<string, string>) => {
    const form = new FormData()
    form.set('csrf', root?.csrfToken ?? '')
    form.set(FORM_KEY_FIELD, root?.formKey ?? '')
    form.set('timeZone', board.timeZone)
    for (const [k, v] of Object.entries(fields)) form.set(k, v)
    void fetcher.submit(form, { method: 'post' })
  }
  const placed = (p: Placed) => ({ technicianId: p.technicianIds.join(','), date: p.date, start: p.start, end: p.end })
  const conflictFromCalendar = !book && !move && fetcher.data && !fetcher.data.ok ? fetcher.data.conflict : undefined

  const order = book ? (board.tray.find((o) => o.id === book) ?? null) : null
  // the technician a plan's order prefers, while he is one of the branch's
  const nameOf = (id: string | null) => board.technicians.find((tech) => tech.id === id)?.name
  const appointment = move ? (board.appointments.find((a) => a.id === move) ?? null) : null

  return (
    <section className="flex flex-col gap-4">
      <Breadcrumb group={page.group} title={page.title} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">{page.title}</h1>
          <p className="text-ink-soft">
            {view === 'day' ? f.day(date) : view === 'week' ? `${f.day(days[0])} – ${f.day(days[6])}` : f.month(date)}
          </p>
        </div>
        <nav aria-label={t.board_views()} className="flex flex-wrap items-center gap-2">
          <Link className={buttonClass('secondary')} to={hrefFor({ date: boardStep(view, date, -1) })}>
            ‹ {t.board_previous()}
          </Link>
          <Link className={buttonClass('secondary')} to={hrefFor({ date: today })}>
            {t.board_today()}
          </Link>
          <Link className={buttonClass('secondary')} to={hrefFor({ date: boardStep(view, date, 1) })}>
            {t.board_next()} ›
          </Link>
          {BOARD_VIEWS.map((v) => (
            <Link
              key={v}
              className={buttonClass(view === v ? 'primary' : 'secondary')}
              aria-current={view === v ? 'page' : undefined}
              to={`?${new URLSearchParams({ view: v, date })}`}
            >
              {v === 'day' ? t.board_day() : v === 'week' ? t.board_week() : t.board_month()}
            </Link>
          ))}
        </nav>
      </div>
      <p className="flex items-center gap-2 text-sm text-ink-soft">
        <span aria-hidden="true" className="inline-block size-2 rounded-full bg-green-600" />
        {t.board_live()}
      </p>

      {order || appointment ? (
        <VisitForm
          key={order?.id ?? appointment?.id}
          board={board}
          date={date}
          order={order}
          appointment={appointment}
          fetcher={fetcher}
          closeHref={here}
        />
      ) : null}
      {conflictFromCalendar ? (
        <div role="alert" className="alert-error rounded-md border px-4 py-3 text-sm">
          <p>
            {t.board_conflict({
              technician: conflictFromCalendar.technicianName,
              number: conflictFromCalendar.orderNumber,
              start: f.time(conflictFromCalendar.start),
              end: f.time(conflictFromCalendar.end),
            })}
          </p>
          <button
            type="button"
            className={buttonClass('secondary', 'mt-2')}
            onClick={() => submit({ ...(fetcher.data && !fetcher.data.ok ? fetcher.data.sent : {}), force: '1' })}
          >
            {t.board_book_anyway()}
          </button>
        </div>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-[16rem_1fr]">
        <aside
          aria-labelledby="tray-title"
          className="flex flex-col gap-2 rounded-lg border border-line bg-surface p-3"
        >
          <h2 id="tray-title" className="font-bold">
            {t.board_tray()} <span className="text-ink-soft">({board.tray.length})</span>
          </h2>
          {editable && board.tray.length ? (
            <p className="hidden text-xs text-ink-soft md:block">{t.board_drag_hint()}</p>
          ) : null}
          {board.tray.length ? (
            <ul className="flex flex-col gap-2 lg:max-h-[36rem] lg:overflow-y-auto lg:pr-1" data-testid="tray">
              {board.tray.map((o) => (
                <li
                  key={o.id}
                  draggable={editable}
                  onDragStart={(e) => {
                    e.dataTransfer.setData('application/x-order', JSON.stringify({ id: o.id, hours: o.hours }))
                    e.dataTransfer.effectAllowed = 'move'
                  }}
                  className="flex flex-col gap-1 rounded-md border border-line p-2 text-sm"
                  data-testid="tray-order"
                  data-order={o.number}
                >
                  <span className="font-semibold">{o.number}</span>
                  <span>{o.clientName}</span>
                  {o.skills.length ? <span className="text-xs text-ink-soft">{o.skills.join(', ')}</span> : null}
                  {nameOf(o.preferredTechnicianId) ? (
                    <span className="text-xs text-ink-soft">
                      {t.tray_prefers({ name: nameOf(o.preferredTechnicianId)! })}
                    </span>
                  ) : null}
                  {editable ? (
                    <Link
                      to={hrefFor({ book: o.id })}
                      className="self-start font-medium underline"
                      aria-label={t.board_schedule_order({ number: o.number })}
                    >
                      {t.board_schedule()}
                    </Link>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-ink-soft">{t.board_tray_empty()}</p>
          )}
        </aside>
        <div className="flex min-w-0 flex-col gap-4">
          <BoardCalendar
            board={board}
            view={view}
            days={days}
            locale={locale}
            editable={editable}
            onMove={(id, p) => submit({ intent: 'move', appointmentId: id, ...placed(p) })}
            onDrop={(id, p) => submit({ intent: 'book', orderId: id, ...placed(p) })}
          />
          <section aria-labelledby="agenda-title" className="flex flex-col gap-2">
            <h2 id="agenda-title" className="font-bold">
              {t.board_agenda()}
            </h2>
            <BoardAgenda board={board} view={view} days={days} hrefFor={hrefFor} editable={editable} />
          </section>
        </div>
      </div>
    </section>
  )
}

export { ModuleError as ErrorBoundary } from '../../components/module-error'
