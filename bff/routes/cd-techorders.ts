import { Hono } from 'hono'
import { z } from 'zod'
import {
  TECH_ORDER_FROM,
  TECH_ORDER_STEPS,
  techOrderRow,
  type TechOrderRecord,
  type TechOrderStep,
} from '../../domain/schemas/appointments.ts'
import { wrapper } from '../../domain/schemas/common.ts'
import type { AppEnv, Deps } from '../lib/deps.ts'
import { ifMatchVersion } from '../lib/etag.ts'
import { apiError, fieldError, notFound, ruleError } from '../lib/errors.ts'
import { dayBounds } from '../../domain/board-view.ts'
import { addDays, dateIn } from '../../domain/dates.ts'
import { apiErrorSchema, doc } from '../lib/openapi.ts'
import { callerOf, ok, withActivityLine, type Caller } from '../lib/resource.ts'
import { scheduling } from '../lib/scheduling.ts'
import { requireAuth } from '../lib/auth.ts'
import { requireTenant } from '../lib/tenancy.ts'
import { valid } from '../lib/validate.ts'

const tags = ['cd_techorders']
const idParam = z.object({ id: z.string().uuid() })
const mineQuery = z
  .object({ from: z.iso.date().optional(), to: z.iso.date().optional(), orderId: z.string().uuid().optional() })
  .strict()

/**
 * cd_techorders (docs/domain.md): a technician's visits, one per technician of each appointment.
 * A technician reads and moves only his own (403 for another's); the office reads the branch's.
 * `assigned → en_route → on_site → done`, each step at the server's clock; the order follows.
 */
export function techOrderRoutes(deps: Deps) {
  const plan = scheduling(deps)
  /** Whether the caller sees every visit of the branch (the office) or only his own (a technician). */
  const office = (who: Caller) => who.tenant.grant.role !== 'technician'
  async function visitOf(who: Caller, id: string) {
    const hit = await plan.visits(who.tenant.empresa).get(id)
    if (!hit || hit.value.filial !== who.tenant.filial) throw notFound('Visit')
    if (!office(who) && hit.value.technicianId !== who.user.id) throw ruleError(403, 'visit_not_yours')
    return hit
  }
  const app = new Hono<AppEnv>()
    .use(requireAuth(deps), requireTenant(deps))
    .get(
      '/',
      doc({
        operationId: 'listVisits',
        summary: 'Visits of the branch: a technician’s own, or everyone’s for the office',
        description:
          'The visits (tech orders) of the current branch starting from `from` to `to` (days of the branch’s time zone; default today to a week later; `to` before `from` is 400) with the visits under way whatever their day, or every visit of one order (`orderId`), in time order. A technician gets only his own. Needs the cd_techorders page at view.',
        tags,
        responses: { 200: wrapper(z.array(techOrderRow)) },
      }),
      valid('query', mineQuery),
      async (c) => {
        const who = callerOf(deps, c)
        const timeZone = await plan.timeZoneOf(who)
        const { from = dateIn(timeZone, deps.now()), to = addDays(from, 7), orderId } = c.req.valid('query')
        if (to < from) throw fieldError('to', 'invalid_value')
        // the branch's days; a visit under way shows whatever its day (it is finished from here)
        const [start, end] = [dayBounds(from, timeZone)[0], dayBounds(to, timeZone)[1]]
        const store = plan.visits(who.tenant.empresa)
        const rows = [...(await store.rows()).values()].filter(
          (v) =>
            v.filial === who.tenant.filial &&
            (office(who) || v.technicianId === who.user.id) &&
            (orderId
              ? v.orderId === orderId
              : v.status === 'en_route' ||
                v.status === 'on_site' ||
                (Date.parse(v.start) >= start && Date.parse(v.start) < end)),
        )
        const records = (await store.getMany(rows.map((r) => r.id))).sort((a, b) => a.start.localeCompare(b.start))
        return c.json(ok(records))
      },
    )
    .get(
      '/:id',
      doc({
        operationId: 'getVisit',
        summary: 'One visit',
        description:
          'A visit of the branch. A technician may read only his own (403 `visit_not_yours`). Needs the cd_techorders page at view.',
        tags,
        versioned: true,
        responses: { 200: wrapper(techOrderRow), 404: apiErrorSchema },
      }),
      valid('param', idParam),
      async (c) => {
        const hit = await visitOf(callerOf(deps, c), c.req.valid('param').id)
        c.header('ETag', `"${hit.version}"`)
        return c.json(ok(hit.value))
      },
    )
  for (const step of Object.keys(TECH_ORDER_STEPS) as TechOrderStep[]) {
    const to = TECH_ORDER_STEPS[step]
    app.post(
      `/:id/${step}`,
      doc({
        operationId: `${step}Visit`,
        summary: `The technician ${step === 'depart' ? 'is on his way' : step === 'arrive' ? 'is on site' : 'is done'}`,
        description: `Moves a visit from ${TECH_ORDER_FROM[step]} to ${to}, recording the time by the server’s clock; the order follows (in progress, then completed when all its visits are done) and the open boards show it. From another status 409 with the actions allowed. A technician only on his own visits (403). If-Match names the version seen (412 when it changed since). Needs the cd_techorders page at edit.`,
        tags,
        versioned: true,
        responses: { 200: wrapper(techOrderRow), 404: apiErrorSchema, 409: apiErrorSchema },
      }),
      valid('param', idParam),
      async (c) => {
        const who = callerOf(deps, c)
        const { id } = c.req.valid('param')
        const hit = await visitOf(who, id)
        const expected = ifMatchVersion(c.req.header('if-match')) ?? hit.version
        if (hit.value.status !== TECH_ORDER_FROM[step]) {
          const allowed = (Object.keys(TECH_ORDER_FROM) as TechOrderStep[]).filter(
            (s) => TECH_ORDER_FROM[s] === hit.value.status,
          )
          throw apiError(409, `Not allowed while the visit is ${hit.value.status}`, undefined, {
            code: 'transition_not_allowed',
            allowed,
          })
        }
        const at = new Date(deps.now()).toISOString()
        const saved = await withActivityLine(
          deps,
          { empresa: who.tenant.empresa, module: 'cd_techorders', id },
          { by: who.user, action: step, made: expected + 1 },
          () =>
            plan
              .visits(who.tenant.empresa)
              .update(id, (v): TechOrderRecord => ({ ...v, status: to, times: { ...v.times, [to]: at } }), {
                expectVersion: expected,
              }),
        )
        await plan.deriveOrder(who, hit.value.orderId)
        plan.changed(who)
        c.header('ETag', `"${saved!.version}"`)
        return c.json(ok(saved!.value, `Visit ${to}`))
      },
    )
  }
  return app
}
