import { z } from 'zod'
import { orders } from '../../domain/modules/cd-ordem.ts'
import { wrapper } from '../../domain/schemas/common.ts'
import { orderRow, orderRowOf, type StoredOrder as Stored } from '../../domain/schemas/orders.ts'
import type { Deps } from '../lib/deps.ts'
import { ifMatchVersion } from '../lib/etag.ts'
import { apiError, notFound, ruleError } from '../lib/errors.ts'
import { apiErrorSchema, doc } from '../lib/openapi.ts'
import { orderMaking } from '../lib/orders.ts'
import { callerOf, ok, resourceRoutes, withActivityLine, type ResourceServer } from '../lib/resource.ts'
import { requireTenant } from '../lib/tenancy.ts'
import { valid } from '../lib/validate.ts'

const tags = ['cd_ordem']
const idParam = z.object({ id: z.string().uuid() })
/** The statuses an order is closed in: nothing of it changes any more. */
const CLOSED = new Set<Stored['status']>(['cancelled', 'invoiced'])

/**
 * cd_ordem (docs/domain.md): service orders of the current branch, from an approved quote (its
 * Convert) or from scratch, numbered per branch and year with the branch's prefix and no gap,
 * priced by the quotes' rules; put on hold with a reason and resumed to where they were, or
 * cancelled before they are invoiced. *scheduled*, *in_progress* and *completed* come from the
 * appointments and the technicians' work, never from a button.
 */
export function cdOrdemRoutes(deps: Deps) {
  const making = orderMaking(deps)
  const server = {
    toRow: (o) => orderRowOf(o),
    idOf: (o) => o.id,
    source: making.source,
    create: { make: async (who, input) => making.fill(who, input, await making.blank(who, who.newId())) },
    edit: {
      async apply(who, current, input) {
        if (CLOSED.has(current.status)) throw ruleError(409, 'order_closed')
        return making.fill(who, input, current)
      },
    },
    lifecycle: {
      status: (o) => o.status,
      set: (o, status) => ({ ...o, status: status as Stored['status'] }),
      effects: {
        hold: {
          effect: (_who, o, input) => ({
            ...o,
            hold: { reason: input.reason as 'parts', from: o.status, at: new Date(deps.now()).toISOString() },
          }),
        },
        cancel: { effect: (_who, o) => ({ ...o, hold: null }) },
      },
    },
  } satisfies ResourceServer<typeof orders, Stored>

  return resourceRoutes(deps, orders, server, (app) =>
    app.post(
      '/:id/resume',
      doc({
        operationId: 'resumeOrder',
        summary: 'Resume an order on hold: back to the status it was put on hold from',
        description:
          'Takes the order off hold, back to the status it had (new, scheduled, in progress or completed). If-Match names the version seen (412 when it changed since). From any other status it answers 409 with the actions allowed now. Needs the cd_ordem page at edit.',
        tags,
        versioned: true,
        responses: { 200: wrapper(orderRow), 404: apiErrorSchema, 409: apiErrorSchema },
      }),
      requireTenant(deps),
      valid('param', idParam),
      async (c) => {
        const who = callerOf(deps, c)
        const { id } = c.req.valid('param')
        const current = await making.source.find(who, id)
        if (!current) throw notFound('Order')
        const held = current.value.hold
        if (current.value.status !== 'on_hold' || !held)
          throw apiError(409, `Not allowed while the order is ${current.value.status}`, undefined, {
            code: 'transition_not_allowed',
            allowed: CLOSED.has(current.value.status) ? [] : ['hold', 'cancel'],
          })
        const expected = ifMatchVersion(c.req.header('if-match')) ?? current.version
        const saved = await withActivityLine(
          deps,
          { empresa: who.tenant.empresa, module: 'cd_ordem', id },
          { by: who.user, action: 'resume', made: expected + 1 },
          () =>
            making.source
              .update(who, id, (o) => ({ ...o, status: held.from, hold: null }), expected)
              .then((written) => written ?? Promise.reject(notFound('Order'))),
        )
        c.header('ETag', `"${saved.version}"`)
        return c.json(ok(orderRowOf(saved.value), `Order ${saved.value.status}`))
      },
    ),
  )
}
