import { data, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { BOARD_VIEWS, boardDays, type BoardView } from '../../../domain/board-view.ts'
import { dateIn, isIsoDate, isTimeZone } from '../../../domain/dates.ts'
import { instantAt } from '../../../domain/zone-clock.ts'
import { boardAnswer, conflictRow } from '../../../domain/schemas/appointments.ts'
import { callBff } from '../../lib/api.server'
import { readAnswer } from '../../lib/answer.server'
import { codeText, refusalErrors } from '../../lib/form-errors.server'
import { submittedForm } from '../../lib/forms.server'
import { requestLocale } from '../../lib/cookies.server'
import { translator } from '../../lib/i18n'
import { pageInfo } from '../../lib/page-info.server'
import { requireUser } from '../../lib/session.server'

type Args = { request: Request; context: Readonly<RouterContextProvider> }

export const MODULE = 'cd_ordemagendamento'

/**
 * The dispatch board's page data (docs/domain.md cd_ordemagendamento): the days of the view around
 * `date` (today in the branch by default), the board of those days, and the visit form asked for
 * by the address (`book=<order>` or `move=<appointment>`), so that it works before any script.
 */
export async function loadBoard(args: Args) {
  const page = await pageInfo(args.request, args.context, MODULE)
  const url = new URL(args.request.url)
  const askedView = url.searchParams.get('view')
  const view: BoardView = BOARD_VIEWS.find((v) => v === askedView) ?? 'day'
  const asked = url.searchParams.get('date') ?? ''
  const range = (days: string[]) => `/${MODULE}/board?from=${days[0]}&to=${days[days.length - 1]}`
  let date: string
  let board
  if (isIsoDate(asked)) {
    // the days asked for (every link of the board names its date): one read
    date = asked
    board = (await readAnswer(args, range(boardDays(view, date)), boardAnswer)).data
  } else {
    // today in the branch: a board of today (by UTC) answers its time zone first
    const probe = new Date().toISOString().slice(0, 10)
    const first = (await readAnswer(args, range([probe]), boardAnswer)).data
    date = dateIn(first.timeZone, Date.now())
    board =
      view === 'day' && date === probe
        ? first
        : (await readAnswer(args, range(boardDays(view, date)), boardAnswer)).data
  }
  const days = boardDays(view, date)
  // what the page does not show stays out of its data (a week may hold hundreds of visits)
  board = {
    ...board,
    appointments: board.appointments.map((a) => ({
      ...a,
      note: '',
      createdAt: '',
      serviceAddress: '',
      visits: a.visits.map((v) => ({ ...v, id: '' })),
    })),
  }
  return {
    page,
    view,
    date,
    days,
    today: dateIn(board.timeZone, Date.now()),
    board,
    book: url.searchParams.get('book'),
    move: url.searchParams.get('move'),
  }
}

const visitForm = z.object({
  intent: z.enum(['book', 'move', 'cancel']),
  orderId: z.string().default(''),
  appointmentId: z.string().default(''),
  version: z.string().default(''),
  technicianId: z.string().default(''),
  /** A visit's other technicians, kept when the form moves it (comma-separated). */
  others: z.string().default(''),
  date: z.string().default(''),
  start: z.string().default(''),
  end: z.string().default(''),
  timeZone: z.string().default('UTC'),
  force: z.string().optional(),
})

/** What a visit's save answers the page: done (with warnings), or refused (a conflict, field errors). */
export type VisitResult =
  | {
      ok: true
      done: 'done_visit_booked' | 'done_visit_moved' | 'done_visit_cancelled'
      warnings: Array<{ code: string; technicianId: string; skills?: string[] }>
    }
  | {
      ok: false
      stale?: true
      conflict?: z.output<typeof conflictRow>
      errors: Record<string, string>
      sent: Record<string, string>
    }

const answered = z.object({
  Dados: z.object({
    warnings: z.array(z.object({ code: z.string(), technicianId: z.string(), skills: z.array(z.string()).optional() })),
  }),
})
const refused = z.object({ code: z.string().optional(), conflict: conflictRow.optional() })

/** Books, moves or cancels a visit from the board's form or its calendar (times are the branch's wall clock). */
export async function saveVisit(args: Args) {
  const { request, context } = args
  const t = translator(requestLocale(request))
  const form = Object.fromEntries(
    [...(await submittedForm(request, context)).entries()].filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  )
  const fields = visitForm.safeParse(form)
  if (!fields.success) throw data(null, { status: 400 })
  const f = fields.data
  // the branch's zone as the page had it: one that is no zone is a tampered form
  if (!isTimeZone(f.timeZone)) throw data(null, { status: 400 })
  const at = (time: string) => {
    if (!isIsoDate(f.date) || !/^\d{2}:\d{2}$/.test(time)) return null
    return new Date(instantAt(f.date, time, f.timeZone)).toISOString()
  }
  const headers = f.version ? { 'If-Match': f.version } : undefined
  const times = { start: at(f.start), end: at(f.end) }
  if (f.intent !== 'cancel' && (!times.start || !times.end))
    return data<VisitResult>(
      {
        ok: false,
        errors: {
          ...(times.start ? {} : { start: t.invalid_time() }),
          ...(times.end ? {} : { end: t.invalid_time() }),
        },
        sent: form,
      },
      400,
    )
  // one technician from the form, or the list a calendar move keeps (comma-separated)
  const technicianIds = [...new Set([...f.technicianId.split(','), ...f.others.split(',')].filter(Boolean))]
  const body = { technicianIds, ...times, force: f.force === '1' }
  const res =
    f.intent === 'book'
      ? await callBff(request, context, `/${MODULE}`, { method: 'POST', json: { orderId: f.orderId, ...body } })
      : f.intent === 'move'
        ? await callBff(request, context, `/${MODULE}/${encodeURIComponent(f.appointmentId)}`, {
            method: 'PATCH',
            json: body,
            headers,
          })
        : await callBff(request, context, `/${MODULE}/${encodeURIComponent(f.appointmentId)}/cancel`, {
            method: 'POST',
            headers,
          })
  if (res.status === 401) await requireUser(request, context)
  if (!res.ok) {
    const answer = await res.json().catch(() => null)
    const { code, conflict } = refused.safeParse(answer).data ?? {}
    return data<VisitResult>(
      {
        ok: false,
        ...(res.status === 412 ? { stale: true as const } : {}),
        ...(conflict ? { conflict } : {}),
        errors:
          res.status === 412
            ? { form: t.admin_stale() }
            : conflict
              ? { form: codeText(code, t) ?? t.overlap() }
              : refusalErrors(res.status, answer, t),
        sent: form,
      },
      res.status === 412 ? 412 : 400,
    )
  }
  const warnings = f.intent === 'cancel' ? [] : (answered.safeParse(await res.json()).data?.Dados.warnings ?? [])
  const done =
    f.intent === 'book' ? 'done_visit_booked' : f.intent === 'move' ? 'done_visit_moved' : 'done_visit_cancelled'
  return data<VisitResult>({ ok: true, done, warnings })
}
