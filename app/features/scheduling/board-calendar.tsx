import { useEffect, useRef } from 'react'
import type { Calendar } from '@event-calendar/core'
import { offsetOn, wallClockAt, type BoardView } from '../../../domain/board-view.ts'
import { addDays } from '../../../domain/dates.ts'
import type { BoardAnswer } from '../../../domain/schemas/appointments.ts'
import { COLOR_HEX } from './colors'
import { useT } from '../../lib/i18n'

/** A time a visit is moved or dropped to, on the branch's wall clock. */
export type Placed = { technicianIds: string[]; date: string; start: string; end: string }

type Props = {
  board: BoardAnswer
  view: BoardView
  days: string[]
  locale: string
  editable: boolean
  /** A visit dragged or resized on the calendar. */
  onMove: (appointmentId: string, placed: Placed) => void
  /** An order of the tray dropped on a technician's time. */
  onDrop: (orderId: string, placed: Placed) => void
}

const DAY_START = '06:00'
const DAY_END = '21:00'
/** A calendar Date holds the branch's wall clock as if it were local: its fields read it. */
const wall = (d: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0')
  return {
    date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
  }
}
/** A day's column of the week: the calendar's width less the technicians' names, in seven, readable on a laptop. */
const weekColumn = (width: number) => Math.max(80, Math.floor((width - 140) / 7))

/** `time` plus `hours`, ending by `limit` (a technician's day) when it starts before it, and within the day. */
const plusHours = (time: string, hours: number, limit = '23:59') => {
  const minutes = Math.min(23 * 60 + 59, Number(time.slice(0, 2)) * 60 + Number(time.slice(3)) + hours * 60)
  const end = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
  return time < limit && end > limit ? limit : end
}

/**
 * The board's pointer layer (docs/domain.md cd_ordemagendamento): the day with a column per
 * technician or the week with a row per technician, visits dragged and resized, orders dropped from
 * the tray. Hidden from assistive technology: the agenda under it holds the same visits with the
 * same moves by keyboard (WCAG 2.5.7), and reads before this script loads.
 */
export function BoardCalendar({ board, view, days, locale, editable, onMove, onDrop }: Props) {
  const host = useRef<HTMLDivElement>(null)
  const calendar = useRef<Calendar | null>(null)
  const handlers = useRef({ onMove, onDrop, board })
  handlers.current = { onMove, onDrop, board }
  const offset = offsetOn(days[0], board.timeZone)
  const t = useT()
  /** An appointment's state in a word: its visits' (the one behind when they differ). */
  const visitState = (visits: BoardAnswer['appointments'][number]['visits']) => {
    const order = ['could_not_complete', 'assigned', 'en_route', 'paused', 'on_site', 'done'] as const
    const behind = order.find((s) => visits.some((v) => v.status === s)) ?? 'assigned'
    return `${behind === 'done' ? '✓ ' : ''}${t[`visit_${behind}`]()}`
  }

  const events = (): Calendar.EventInput[] => {
    const visits = board.appointments.map((a) => {
      const started = a.visits.some((v) => v.status !== 'assigned')
      const tech = board.technicians.find((t) => a.technicianIds.includes(t.id))
      return {
        id: a.id,
        resourceIds: a.technicianIds,
        start: wallClockAt(a.start, offset),
        end: wallClockAt(a.end, offset),
        // a visit under way or over says so (the agenda says it to assistive technology)
        // on the week's narrow blocks the client comes first (the order and state on hover)
        title: (view === 'day'
          ? [started ? visitState(a.visits) : '', a.orderNumber, a.clientName]
          : [a.clientName, started ? visitState(a.visits) : '', a.orderNumber]
        )
          .filter(Boolean)
          .join(' · '),
        backgroundColor: COLOR_HEX[(tech?.color ?? 'slate') as keyof typeof COLOR_HEX] ?? COLOR_HEX.slate,
        textColor: '#ffffff',
        startEditable: editable && !started,
        // the week's cells are days: a visit moves to another day at its time, and is made longer on the day
        durationEditable: editable && view === 'day',
      }
    })
    // each technician's time off, greyed (the month's grid has no technicians' rows); the week's
    // cells are whole days: there a day he does not work is greyed whole
    const off = (view === 'month' ? [] : board.technicians).flatMap((t) =>
      days.flatMap((day) => {
        const works = t.days.includes(new Date(`${day}T12:00:00Z`).getUTCDay())
        if (view === 'week')
          return works
            ? []
            : [
                {
                  id: `off-${t.id}-${day}`,
                  resourceIds: [t.id],
                  start: day,
                  end: addDays(day, 1),
                  allDay: true,
                  display: 'background' as const,
                },
              ]
        const spans = works
          ? [
              [DAY_START, t.start],
              [t.end, DAY_END],
            ]
          : [[DAY_START, DAY_END]]
        return spans
          .filter(([from, to]) => from < to)
          .map(([from, to]) => ({
            id: `off-${t.id}-${day}-${from}`,
            resourceIds: [t.id],
            start: `${day}T${from}:00`,
            end: `${day}T${to}:00`,
            display: 'background' as const,
          }))
      }),
    )
    return [...visits, ...off]
  }

  const options = (): Calendar.Options => ({
    // the week: a row per technician and a column per day, each visit a block with its time and
    // client, the seven days across the calendar's width (an hour's column would need 4,000 px)
    view: view === 'day' ? 'resourceTimeGridDay' : view === 'week' ? 'resourceTimelineMonth' : 'dayGridMonth',
    views: {
      resourceTimelineMonth: {
        duration: { days: 7 },
        slotDuration: { days: 1 },
        slotWidth: weekColumn(host.current?.clientWidth ?? 0),
        dayHeaderFormat: { weekday: 'short', day: 'numeric' },
      },
    },
    // a month's grid is the month of its first Sunday (its first days may be the month before's)
    date: view === 'month' ? days[6] : days[0],
    timeZone: offset,
    // a month's day holds a few visits, then "+n more"
    dayMaxEvents: true,
    locale,
    firstDay: 1,
    headerToolbar: { start: '', center: '', end: '' },
    allDaySlot: false,
    slotMinTime: DAY_START,
    slotMaxTime: DAY_END,
    slotDuration: '00:30',
    slotLabelFormat: { hour: 'numeric' },
    // times as the reader's culture writes them, as the agenda does (2:00 PM, 14:00)
    eventTimeFormat: { hour: 'numeric', minute: '2-digit' },
    snapDuration: '00:15',
    height: 'auto',
    nowIndicator: true,
    editable,
    resources: board.technicians.map((t) => ({ id: t.id, title: t.name })),
    events: events(),
    // a block cut short shows its whole text on hover: its time, order and client
    eventDidMount: (info) => {
      if (info.event.display !== 'background') info.el.title = `${info.timeText} · ${String(info.event.title)}`
    },
    eventDrop: (info) => {
      const start = wall(info.event.start)
      const end = wall(info.event.end ?? info.event.start)
      const before = board.appointments.find((a) => a.id === String(info.event.id))
      // a month's grid has no technicians: a visit moved there keeps its own
      const technicianIds =
        view === 'month' && before
          ? before.technicianIds
          : info.newResource && info.oldResource && before
            ? before.technicianIds.map((id) =>
                id === String(info.oldResource!.id) ? String(info.newResource!.id) : id,
              )
            : info.event.resourceIds.map(String)
      handlers.current.onMove(String(info.event.id), {
        technicianIds,
        date: start.date,
        start: start.time,
        end: end.time,
      })
    },
    eventResize: (info) => {
      const start = wall(info.event.start)
      const end = wall(info.event.end ?? info.event.start)
      handlers.current.onMove(String(info.event.id), {
        technicianIds: info.event.resourceIds.map(String),
        date: start.date,
        start: start.time,
        end: end.time,
      })
    },
  })

  // made once the library is loaded; afterwards the board's data is given to it as it changes
  useEffect(() => {
    let cancelled = false
    let made: Calendar | null = null
    void import('./calendar-client').then(({ createCalendar, PLUGINS }) => {
      if (cancelled || !host.current) return
      made = createCalendar(host.current, PLUGINS, options())
      calendar.current = made
    })
    return () => {
      cancelled = true
      calendar.current = null
      if (made) void import('./calendar-client').then(({ destroyCalendar }) => destroyCalendar(made!))
    }
    // one calendar per view; the data follows below
  }, [view])

  useEffect(() => {
    const c = calendar.current
    if (!c) return
    c.setOption('date', view === 'month' ? days[6] : days[0])
    c.setOption('timeZone', offset)
    c.setOption(
      'resources',
      board.technicians.map((t) => ({ id: t.id, title: t.name })),
    )
    c.setOption('events', events())
  }, [board, days[0], offset])

  // an order dragged from the tray lands on the technician and time under the pointer
  useEffect(() => {
    const el = host.current
    if (!el || !editable) return
    const over = (e: DragEvent) => {
      if (e.dataTransfer?.types.includes('application/x-order')) e.preventDefault()
    }
    const drop = (e: DragEvent) => {
      const raw = e.dataTransfer?.getData('application/x-order')
      const c = calendar.current
      if (!raw || !c) return
      e.preventDefault()
      const point = c.dateFromPoint(e.clientX, e.clientY)
      // the day's columns are hours; the week's cells are whole days (the library says all-day there)
      if (!point?.resource || (point.allDay && view === 'day')) return
      const { id, hours } = JSON.parse(raw) as { id: string; hours: number }
      const at = wall(point.date)
      // the order's services' time, within the technician's day (his end, not the board's); on the
      // week, a day's cell: from the start of his day
      const tech = handlers.current.board.technicians.find((t) => t.id === String(point.resource!.id))
      const start = view === 'day' ? at.time : (tech?.start ?? '08:00')
      handlers.current.onDrop(id, {
        technicianIds: [String(point.resource.id)],
        date: at.date,
        start,
        end: plusHours(start, hours, tech?.end),
      })
    }
    el.addEventListener('dragover', over)
    el.addEventListener('drop', drop)
    return () => {
      el.removeEventListener('dragover', over)
      el.removeEventListener('drop', drop)
    }
  }, [editable, view])

  return (
    <div
      ref={host}
      aria-hidden="true"
      data-testid="board-calendar"
      data-days={`${days[0]}..${addDays(days[days.length - 1], 0)}`}
      className="board-calendar hidden min-h-40 overflow-x-auto rounded-lg border border-line bg-surface md:block"
    />
  )
}
