import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import { z } from 'zod'
import {
  appointmentChange,
  appointmentInput,
  appointmentRow,
  boardAnswer,
  boardQuery,
} from '../../domain/schemas/appointments.ts'
import { wrapper } from '../../domain/schemas/common.ts'
import type { AppEnv, Deps } from '../lib/deps.ts'
import { ifMatchVersion } from '../lib/etag.ts'
import { LIVE_CHECK_MS } from '../lib/live.ts'
import { apiError, notFound } from '../lib/errors.ts'
import { apiErrorSchema, doc } from '../lib/openapi.ts'
import { callerOf, ok } from '../lib/resource.ts'
import { scheduling } from '../lib/scheduling.ts'
import { requireAuth } from '../lib/auth.ts'
import { requireTenant } from '../lib/tenancy.ts'
import { valid } from '../lib/validate.ts'

const tags = ['cd_ordemagendamento']
/** How long one stream of changes lasts before the browser opens the next. */
const STREAM_MS = 5 * 60_000
const idParam = z.object({ id: z.string().uuid() })
const warning = z.object({
  code: z.enum(['outside_hours', 'missing_skills']),
  technicianId: z.string(),
  skills: z.array(z.string()).optional(),
})
const booked = wrapper(appointmentRow.extend({ warnings: z.array(warning) }))
const example = {
  orderId: '0b7e6a52-3c1d-4f5e-9a8b-2c4d6e8f0a1b',
  technicianIds: ['6d1f0a52-3c1e-4b8e-9a51-0a3e5f1c2b02'],
  start: '2026-11-25T14:00:00-03:00',
  end: '2026-11-25T16:00:00-03:00',
}

/**
 * cd_ordemagendamento (docs/domain.md): the dispatch board of the current branch — its technicians,
 * their appointments in a range, the orders waiting for a date — and booking, moving and cancelling
 * visits; two of a technician's visits never overlap unless the dispatcher books anyway. The board
 * hears changes live (`/events`, server-sent events).
 */
export function schedulingRoutes(deps: Deps) {
  const plan = scheduling(deps)
  return new Hono<AppEnv>()
    .use(requireAuth(deps), requireTenant(deps))
    .get(
      '/board',
      doc({
        operationId: 'getDispatchBoard',
        summary: 'The dispatch board of some days: technicians, appointments, orders waiting',
        description:
          'The current branch’s technicians (colour, skills, working week and hours), its appointments that touch the days from `from` to `to` (the branch’s time zone, at most 42 days), each with its technicians’ visits and their status, and up to 100 orders waiting for a date (new), the most urgent first. `stamp` changes with every appointment or visit of the branch written. Needs the cd_ordemagendamento page at view.',
        tags,
        responses: { 200: wrapper(boardAnswer) },
      }),
      valid('query', boardQuery),
      async (c) => {
        const { from, to } = c.req.valid('query')
        return c.json(ok(await plan.board(callerOf(deps, c), from, to)))
      },
    )
    .get(
      '/events',
      doc({
        operationId: 'boardEvents',
        summary: 'Live changes of the board (server-sent events)',
        description:
          'A text/event-stream (asked for with Accept: text/event-stream, 406 otherwise): an event `change` whose data is the new stamp each time an appointment or a visit of the current branch is written (at once in one process; by comparing the stored stamp every 1.5 s across processes); another branch’s changes never reach it, as its board never shows them. A board fetches /board again on it. A comment every 15 s keeps the connection open; a stream ends after 5 minutes and the browser opens the next (`retry: 1000`), its session checked again. Needs the cd_ordemagendamento page at view.',
        tags,
        responses: {
          200: { description: 'The stream of changes', content: 'text/event-stream' },
          406: apiErrorSchema,
        },
      }),
      (c) => {
        // a stream never ends: only who asks for one (an EventSource) gets it
        if (!(c.req.header('accept') ?? '').includes('text/event-stream'))
          throw apiError(
            406,
            'This is a stream of server-sent events: ask for it with Accept: text/event-stream',
            undefined,
            { code: 'not_acceptable' },
          )
        // the board is the current branch's: so are the changes it hears
        const { empresa, filial } = c.get('tenant')
        return streamSSE(c, async (stream) => {
          let wake: () => void = () => undefined
          const stop = deps.live.subscribe(empresa, filial, () => wake())
          stream.onAbort(() => wake())
          // a stream lasts a few minutes: the browser opens the next one, its session checked again
          const until = Date.now() + STREAM_MS
          try {
            let last = await plan.stamp(empresa, filial)
            await stream.writeSSE({ event: 'ready', data: last, retry: 1000 })
            let quiet = 0
            while (!stream.aborted && !stream.closed && Date.now() < until) {
              await new Promise<void>((resolve) => {
                const timer = setTimeout(resolve, LIVE_CHECK_MS)
                wake = () => {
                  clearTimeout(timer)
                  resolve()
                }
              })
              if (stream.aborted) break
              const now = await plan.stamp(empresa, filial)
              if (now !== last) {
                last = now
                quiet = 0
                await stream.writeSSE({ event: 'change', data: now })
              } else if ((quiet += LIVE_CHECK_MS) >= 15_000) {
                quiet = 0
                await stream.write(': still here\n\n')
              }
            }
          } finally {
            stop()
          }
        })
      },
    )
    .get(
      '/:id',
      doc({
        operationId: 'getAppointment',
        summary: 'One appointment, with its visits',
        description:
          'An appointment of the caller’s branch with its technicians’ visits. 404 when the branch holds none with this id. Needs the cd_ordemagendamento page at view.',
        tags,
        versioned: true,
        responses: { 200: wrapper(appointmentRow), 404: apiErrorSchema },
      }),
      valid('param', idParam),
      async (c) => {
        const who = callerOf(deps, c)
        const hit = await plan.find(who, c.req.valid('param').id)
        if (!hit) throw notFound('Appointment')
        c.header('ETag', `"${hit.version}"`)
        return c.json(ok(await plan.rowOf(who, hit.value)))
      },
    )
    .post(
      '/',
      doc({
        operationId: 'bookAppointment',
        summary: 'Book a visit: an order, its technicians, from and to',
        description:
          'Books an order of the current branch (new, scheduled or in progress) for one or more technicians of the branch, from `start` to `end` (15 minutes to 12 hours). Each technician gets a visit (cd_techorders) and the order becomes scheduled. When a technician has another appointment then, 409 `overlap` names it in `conflict` and nothing is booked — unless `force` is true (the dispatcher chose to book anyway). The answer lists warnings: outside a technician’s working hours, or a technician without a skill the order needs. Needs the cd_ordemagendamento page at edit.',
        tags,
        example,
        responses: { 201: booked, 404: apiErrorSchema, 409: apiErrorSchema },
      }),
      valid('json', appointmentInput),
      async (c) => {
        const who = callerOf(deps, c)
        const { saved, warnings } = await plan.book(who, c.req.valid('json'))
        c.header('ETag', `"${saved.version}"`)
        return c.json(ok({ ...(await plan.rowOf(who, saved.value)), warnings }, 'Visit booked'), 201)
      },
    )
    .patch(
      '/:id',
      doc({
        operationId: 'moveAppointment',
        summary: 'Move, resize or reassign a visit',
        description:
          'Changes an appointment’s start, end, technicians or note; its visits follow (a technician taken off loses his, one added gets one). A visit already started may only change its end (409 `visit_started`). Overlaps answer 409 `overlap` as when booking, unless `force`. If-Match names the version seen (412 when it changed since). Needs the cd_ordemagendamento page at edit.',
        tags,
        versioned: true,
        example: { start: '2026-11-25T15:00:00-03:00', end: '2026-11-25T17:00:00-03:00' },
        responses: { 200: booked, 404: apiErrorSchema, 409: apiErrorSchema },
      }),
      valid('param', idParam),
      valid('json', appointmentChange),
      async (c) => {
        const who = callerOf(deps, c)
        const { saved, warnings } = await plan.move(
          who,
          c.req.valid('param').id,
          c.req.valid('json'),
          ifMatchVersion(c.req.header('if-match')),
        )
        c.header('ETag', `"${saved.version}"`)
        return c.json(ok({ ...(await plan.rowOf(who, saved.value)), warnings }, 'Visit moved'))
      },
    )
    .post(
      '/:id/cancel',
      doc({
        operationId: 'cancelAppointment',
        summary: 'Cancel a visit not started yet',
        description:
          'Cancels an appointment whose visits have not started (409 `visit_started` otherwise): it and its visits are gone, the technicians’ times free, and the order goes back to new when it has no other visit. If-Match names the version seen (412 when it changed since). Needs the cd_ordemagendamento page at edit.',
        tags,
        versioned: true,
        responses: { 200: wrapper(z.null()), 404: apiErrorSchema, 409: apiErrorSchema },
      }),
      valid('param', idParam),
      async (c) => {
        await plan.cancel(callerOf(deps, c), c.req.valid('param').id, ifMatchVersion(c.req.header('if-match')))
        return c.json(ok(null, 'Visit cancelled'))
      },
    )
}
