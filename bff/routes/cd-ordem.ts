import { z } from 'zod'
import { orders } from '../../domain/modules/cd-ordem.ts'
import { wrapper } from '../../domain/schemas/common.ts'
import { orderRow, orderRowOf, type StoredOrder as Stored } from '../../domain/schemas/orders.ts'
import type { Deps } from '../lib/deps.ts'
import { ifMatchVersion } from '../lib/etag.ts'
import { apiError, notFound, ruleError } from '../lib/errors.ts'
import { apiErrorSchema, doc } from '../lib/openapi.ts'
import { PDF_ANSWERS } from '../lib/printing.ts'
import { printThrottled } from '../lib/public-throttle.ts'
import { orderMaking } from '../lib/orders.ts'
import { invoicing } from '../lib/invoicing.ts'
import { clientCulture, equipmentOrders, ordersWhere } from '../lib/order-store.ts'
import { workOrderPdfResponse } from '../lib/work-order-document.ts'
import { scheduling } from '../lib/scheduling.ts'
import { visitWork } from '../lib/visit-work.ts'
import { techOrderRowOf } from '../../domain/schemas/appointments.ts'
import { callerOf, landed, ok, resourceRoutes, withActivityLine, type ResourceServer } from '../lib/resource.ts'
import { REPLAYED_HEADER } from '../lib/idempotency.ts'
import { requireTenant } from '../lib/tenancy.ts'
import { valid } from '../lib/validate.ts'
import { quoteStore } from '../lib/quote-store.ts'
import { orderDepositRow, paymentRowOf } from '../../domain/schemas/payments.ts'

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
  const plan = scheduling(deps)
  const work = visitWork(deps)
  const server = {
    toRow: (o) => orderRowOf(o),
    idOf: (o) => o.id,
    source: {
      ...making.source,
      // an order whose status a write still owes (a crash after its visit's step) is settled as it is read
      async find(who, id) {
        const hit = await making.source.find(who, id)
        return hit && (await deps.derived.settle(who.tenant.empresa, 'order-status', id))
          ? making.source.find(who, id)
          : hit
      },
    },
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
    app
      .get(
        '/of-plan',
        doc({
          operationId: 'listPlanOrders',
          summary: 'The orders a maintenance plan made',
          description:
            'The service orders one maintenance plan (cd_plano) made, one per visit due, in the branches the caller works in, newest first, at most 100 (a plan unknown to the company has none). Needs the cd_ordem page at view.',
          tags,
          responses: { 200: wrapper(z.array(orderRow)) },
        }),
        requireTenant(deps),
        valid('query', z.object({ planId: z.uuid().describe('The plan’s id') }).strict()),
        async (c) => {
          const { grant, empresa } = c.get('tenant')
          const { planId } = c.req.valid('query')
          const made = await ordersWhere(deps, empresa, grant, (r) => r.planId === planId)
          return c.json(ok(made.map(orderRowOf)))
        },
      )
      .get(
        '/of-equipment',
        doc({
          operationId: 'listEquipmentOrders',
          summary: 'The orders for a machine',
          description:
            'The service orders that name one machine (cd_equipamento) in the branches the caller works in, newest first, at most 100 (a machine unknown to the company has none). Needs the cd_ordem page at view.',
          tags,
          responses: { 200: wrapper(z.array(orderRow)) },
        }),
        requireTenant(deps),
        valid('query', z.object({ equipmentId: z.uuid().describe('The machine’s id') }).strict()),
        async (c) => {
          const { grant, empresa } = c.get('tenant')
          const named = await equipmentOrders(deps, empresa, grant, c.req.valid('query').equipmentId)
          return c.json(ok(named.map(orderRowOf)))
        },
      )
      .post(
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
          if (current.value.status !== 'on_hold' || !held) {
            // a retry of this very resume, which landed though its first run could not say so
            if (
              await landed(deps, { empresa: who.tenant.empresa, module: 'cd_ordem', id }, who.writeKey, current.version)
            ) {
              c.header(REPLAYED_HEADER, 'true')
              c.header('ETag', `"${current.version}"`)
              return c.json(ok(orderRowOf(current.value), `Order ${current.value.status}`))
            }
            throw apiError(409, `Not allowed while the order is ${current.value.status}`, undefined, {
              code: 'transition_not_allowed',
              allowed: CLOSED.has(current.value.status) ? [] : ['hold', 'cancel'],
            })
          }
          const expected = ifMatchVersion(c.req.header('if-match')) ?? current.version
          const saved = await withActivityLine(
            deps,
            { empresa: who.tenant.empresa, module: 'cd_ordem', id },
            { by: who.user, action: 'resume', made: expected + 1, key: who.writeKey },
            () =>
              making.source
                .update(who, id, (o) => ({ ...o, status: held.from, hold: null }), expected)
                .then((written) => written ?? Promise.reject(notFound('Order'))),
          )
          c.header('ETag', `"${saved.version}"`)
          return c.json(ok(orderRowOf(saved.value), `Order ${saved.value.status}`))
        },
      )
      .post(
        '/:id/invoice',
        doc({
          operationId: 'invoiceOrder',
          summary: 'Invoice a completed order: its draft invoice',
          description:
            'Makes the draft invoice of a completed order — its client, lines (the parts used among them) and visits’ work, in the client’s language — and the order becomes invoiced, naming it. Run again it answers the same invoice (never a second one); an order whose invoice was voided is invoiced anew. The invoice is the order’s own branch’s, whichever branch the caller is in (an order is never billed on another branch’s invoice). The answer is the order, with `invoiceId`. 409 for an order that is not completed. Needs the cd_invoice page at edit (and the order readable).',
          tags,
          responses: { 200: wrapper(orderRow), 404: apiErrorSchema, 409: apiErrorSchema },
        }),
        requireTenant(deps),
        valid('param', idParam),
        async (c) => {
          const who = callerOf(deps, c)
          const { order, invoice } = await invoicing(deps).ofOrder(who, c.req.valid('param').id)
          return c.json(ok(orderRowOf(order), `Invoice ${invoice.number} made`))
        },
      )
      .get(
        '/:id/deposits',
        doc({
          operationId: 'listOrderDeposits',
          summary: 'The deposit paid on an order’s quote',
          description:
            'The payments of the deposit the client made on the quote the order was converted from that count (not reversed), each with the quote’s number: the order’s invoice is credited with them when it is made. None for an order made by hand. 404 when the caller may not read the order. Needs the cd_ordem page at view.',
          tags,
          responses: { 200: wrapper(z.array(orderDepositRow)), 404: apiErrorSchema },
        }),
        requireTenant(deps),
        valid('param', idParam),
        async (c) => {
          const who = callerOf(deps, c)
          const order = await making.source.find(who, c.req.valid('param').id)
          if (!order) throw notFound('Order')
          const quote = order.value.quoteId ? await quoteStore(deps, who.tenant.empresa).get(order.value.quoteId) : null
          const rows = (quote?.value.deposits ?? [])
            .filter((p) => !p.reversed)
            .map((p) => ({
              ...paymentRowOf(p),
              quoteId: quote!.value.id,
              quoteNumber: quote!.value.number,
              currency: quote!.value.currency,
            }))
          return c.json(ok(rows))
        },
      )
      .get(
        '/:id/work-order',
        doc({
          operationId: 'getWorkOrderPdf',
          summary: 'The order’s work order as a PDF, for the client',
          description:
            'The order as its client is handed it: a PDF with the company’s logo and details, the order’s lines (the parts used among them) and totals, then each visit’s times, time on site, checklist, report, parts and the client’s signature, in the client’s language (their quote’s, else the company’s). A technician’s work order holds only his own visits, as the visits API gives him (another technician’s work and the client’s signature on it are not his to read). 404 when the caller may not read the order. Needs the cd_ordem page at view. 429 with Retry-After past 60 PDFs from one person in 10 minutes.',
          tags,
          responses: PDF_ANSWERS,
        }),
        requireTenant(deps),
        printThrottled(deps),
        valid('param', idParam),
        async (c) => {
          const who = callerOf(deps, c)
          const { empresa } = who.tenant
          const [order, company] = await Promise.all([
            making.source.find(who, c.req.valid('param').id),
            deps.repos.companies.find(empresa),
          ])
          if (!order || !company) throw notFound('Order')
          const [visits, culture] = await Promise.all([
            plan.visitsOf(empresa, order.value.id),
            clientCulture(deps, company, order.value),
          ])
          // a technician prints his own visits: another's are not his to read (GET /cd_techorders/:id)
          const readable = visits.filter((v) => work.office(who) || v.technicianId === who.user.id)
          return workOrderPdfResponse(c, deps, {
            order: order.value,
            culture,
            company,
            visits: readable.map((v) => techOrderRowOf(v, deps.now())),
          })
        },
      ),
  )
}
