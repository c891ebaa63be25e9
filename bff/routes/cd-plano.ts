import { plans } from '../../domain/modules/cd-plano.ts'
import { EQUIPMENT, type EquipmentRecord } from '../../domain/schemas/equipment.ts'
import { JOBS, type JobRecord } from '../../domain/schemas/jobs.ts'
import { PLANS, planInput, planRowOf, type PlanInput, type PlanRecord } from '../../domain/schemas/plans.ts'
import { collectionSource } from '../lib/collection-source.ts'
import type { Deps } from '../lib/deps.ts'
import { documentPricing } from '../lib/document-pricing.ts'
import { fieldError, notFound } from '../lib/errors.ts'
import { planFeesDue, planInvoiceId } from '../lib/plan-invoices.ts'
import { invoiceStore } from '../lib/invoice-store.ts'
import { dayOfMonth } from '../../domain/report-period.ts'
import { planOrdersDue } from '../lib/plan-orders.ts'
import { scheduling } from '../lib/scheduling.ts'
import { addDays, dateIn } from '../../domain/dates.ts'
import { z } from 'zod'
import { wrapper } from '../../domain/schemas/common.ts'
import { doc } from '../lib/openapi.ts'
import { planPdfResponse } from '../lib/plan-document.ts'
import { PDF_ANSWERS } from '../lib/printing.ts'
import { printThrottled } from '../lib/public-throttle.ts'
import { valid } from '../lib/validate.ts'
import { callerOf, ok, resourceRoutes, type Caller, type ResourceServer } from '../lib/resource.ts'
import { requireTenant } from '../lib/tenancy.ts'
import { checked } from '../lib/validate.ts'

const source = collectionSource<PlanRecord>(PLANS, 'branch')

/**
 * cd_plano (docs/domain.md maintenance plans): a client's machines, each with its service and
 * periodicity, from a start to an end, charged per visit or by a monthly fee, with the technician
 * the office prefers. Saved, the plan makes the orders due within its window at once; the timer
 * (Node, Deno) and the Cron Trigger (Workers) make the next ones as the days pass. A plan is ended
 * (deactivated), never deleted: its orders keep pointing at it.
 */
export function cdPlanoRoutes(deps: Deps) {
  const { clientOf } = documentPricing(deps)
  const { technicians } = scheduling(deps)

  /** The plan's client, machines (the client's, in service), services and technician, checked. */
  async function checkedPlan(who: Caller, input: PlanInput, kept: PlanRecord | null) {
    const client = await clientOf(who, input.clientId)
    const [machines, jobs] = await Promise.all([
      deps.repos
        .collection<EquipmentRecord>(who.tenant.empresa, EQUIPMENT)
        .getMany(input.items.map((i) => i.equipmentId)),
      deps.repos.collection<JobRecord>(who.tenant.empresa, JOBS).getMany(input.items.map((i) => i.jobId)),
    ])
    const machine = new Map(machines.map((m) => [m.id, m]))
    const job = new Map(jobs.map((j) => [j.id, j]))
    input.items.forEach((item, i) => {
      const on = machine.get(item.equipmentId)
      // a machine retired since keeps its place in a plan that had it
      const had = kept?.items.some((k) => k.equipmentId === item.equipmentId)
      if (on?.clientId !== client.id || (!on.active && !had))
        throw fieldError(`items.${i}.equipmentId`, 'plan_equipment_other_client')
      // a service deactivated since keeps its place in a plan that had it, as a retired machine does
      const keptJob = kept?.items.some((k) => k.jobId === item.jobId)
      if (!job.get(item.jobId) || (!job.get(item.jobId)!.active && !keptJob))
        throw fieldError(`items.${i}.jobId`, 'invalid_value')
    })
    // one of the branch's technicians (active, the technician role there)
    if (input.technicianId && !(await technicians(who)).some((t) => t.id === input.technicianId))
      throw fieldError('technicianId', 'invalid_value')
    return { ...input, clientName: client.name, endsOn: input.endsOn ?? null, technicianId: input.technicianId ?? null }
  }

  /** The orders now due of a plan just saved, and its fees due; a failure waits for the timer's next run. */
  const generate = async (who: Caller, plan: PlanRecord) => {
    try {
      await planOrdersDue(deps, who.tenant.empresa, plan.id)
      await planFeesDue(deps, who.tenant.empresa, plan.id)
    } catch (error) {
      deps.log.error(`maintenance plan ${plan.id}: its orders and fees wait for the next run`, error)
    }
  }
  /** A day before today in the plan's zone, or `kept` when later: where a restart or a new fee starts. */
  const fromToday = (plan: PlanRecord, kept: string | null | undefined) => {
    const yesterday = addDays(dateIn(plan.timeZone, deps.now()), -1)
    return kept && kept > yesterday ? kept : yesterday
  }

  return resourceRoutes(
    deps,
    plans,
    {
      toRow: (p) => planRowOf(p, deps.now()),
      idOf: (p) => p.id,
      source,
      create: {
        async make(who, input) {
          const [company, branch] = await Promise.all([
            deps.repos.companies.find(who.tenant.empresa),
            deps.repos.companies.findBranch(who.tenant.empresa, who.tenant.filial),
          ])
          return {
            id: who.newId(),
            filial: who.tenant.filial,
            ...(await checkedPlan(who, input, null)),
            active: true,
            currency: company?.CURRENCY ?? 'BRL',
            timeZone: branch?.TIME_ZONE ?? 'UTC',
            generatedThrough: null,
            createdAt: new Date(deps.now()).toISOString(),
          }
        },
        after: async (who, saved) => void (await generate(who, saved.value)),
      },
      edit: {
        async apply(who, current, input) {
          const merged = checked(planInput, {
            ...current,
            endsOn: current.endsOn ?? undefined,
            technicianId: current.technicianId ?? undefined,
            ...input,
          })
          const next = { ...current, ...(await checkedPlan(who, merged, current)) }
          // a fee set on a plan charged per visit until now is invoiced from today on
          if (current.billing !== 'monthly_fee' && next.billing === 'monthly_fee')
            return { ...next, invoicedThrough: fromToday(current, current.invoicedThrough) }
          // its invoice day moved while this month is not invoiced yet: this month's fee comes on its
          // new day, even one already past (a month is invoiced once: its invoice's id is the month's)
          if (next.billing === 'monthly_fee' && next.invoiceDay !== current.invoiceDay && current.invoicedThrough) {
            const month = dateIn(current.timeZone, deps.now()).slice(0, 7)
            const invoiced = await invoiceStore(deps, who.tenant.empresa).get(await planInvoiceId(current.id, month))
            const before = addDays(dayOfMonth(month, next.invoiceDay), -1)
            if (!invoiced && before < current.invoicedThrough) return { ...next, invoicedThrough: before }
          }
          return next
        },
        after: async (who, saved) => void (await generate(who, saved.value)),
      },
      // restarted, it makes no order and no fee for the days it was ended: from today on
      deactivate: {
        set: (_who, current, active) =>
          active && !current.active
            ? {
                ...current,
                active,
                generatedThrough: fromToday(current, current.generatedThrough),
                invoicedThrough: fromToday(current, current.invoicedThrough),
              }
            : { ...current, active },
      },
    } satisfies ResourceServer<typeof plans, PlanRecord>,
    (app) =>
      app
        .get(
          '/:id/pdf',
          doc({
            operationId: 'getPlanPdf',
            summary: 'The plan as a PDF: the PMOC, or the maintenance plan and log',
            description:
              'For a company in Brazil, the PMOC (Plano de Manutenção, Operação e Controle) as the annex of Portaria MS 3.523/1998 lays it out, in Portuguese: the building, its owner (the client), the engineer responsible (CREA, ART), the machines, each one’s routine (the service’s checklist) and periodicity; then the execution record of `year` (default: this year in the branch’s zone) filled by the visits of the plan’s orders — the day, who, each checklist item — and the advice for failures and emergencies. Elsewhere the same plan prints as a maintenance plan and log in the company’s language. 404 when the branch holds no such plan. Needs the cd_plano page at view. 429 with Retry-After past 60 PDFs from one person in 10 minutes.',
            tags: ['cd_plano'],
            responses: PDF_ANSWERS,
          }),
          requireTenant(deps),
          printThrottled(deps),
          valid('param', z.object({ id: z.string().uuid() })),
          valid(
            'query',
            z
              .object({
                year: z
                  .string()
                  .regex(/^20\d\d$/, 'A year: 2026')
                  .optional()
                  .describe('The year of the execution record (default: this year)'),
              })
              .strict(),
          ),
          async (c) => {
            const who = callerOf(deps, c)
            const [found, company] = await Promise.all([
              source.find(who, c.req.valid('param').id),
              deps.repos.companies.find(who.tenant.empresa),
            ])
            if (!found || !company) throw notFound('Plan')
            const year = c.req.valid('query').year ?? dateIn(found.value.timeZone, deps.now()).slice(0, 4)
            return planPdfResponse(c, deps, company, found.value, year)
          },
        )
        .get(
          '/technicians',
          doc({
            operationId: 'listPlanTechnicians',
            summary: 'The technicians a plan may prefer',
            description:
              'The current branch’s technicians (active members with the technician role there), by name: whom a plan’s `technicianId` may name. Needs the cd_plano page at view.',
            tags: ['cd_plano'],
            responses: { 200: wrapper(z.array(z.object({ id: z.string(), name: z.string() }))) },
          }),
          requireTenant(deps),
          async (c) => {
            const list = await technicians(callerOf(deps, c))
            return c.json(ok(list.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name))))
          },
        ),
  )
}
