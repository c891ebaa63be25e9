import { plans } from '../../domain/modules/cd-plano.ts'
import { EQUIPMENT, type EquipmentRecord } from '../../domain/schemas/equipment.ts'
import { JOBS, type JobRecord } from '../../domain/schemas/jobs.ts'
import { PLANS, planInput, planRowOf, type PlanInput, type PlanRecord } from '../../domain/schemas/plans.ts'
import { collectionSource } from '../lib/collection-source.ts'
import type { Deps } from '../lib/deps.ts'
import { documentPricing } from '../lib/document-pricing.ts'
import { fieldError } from '../lib/errors.ts'
import { planOrdersDue } from '../lib/plan-orders.ts'
import { scheduling } from '../lib/scheduling.ts'
import { addDays, dateIn } from '../../domain/dates.ts'
import { resourceRoutes, type Caller, type ResourceServer } from '../lib/resource.ts'
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

  /** The orders now due of a plan just saved; a failure waits for the timer's next run. */
  const generate = (who: Caller, plan: PlanRecord) =>
    planOrdersDue(deps, who.tenant.empresa, plan.id).catch((error: unknown) =>
      deps.log.error(`maintenance plan ${plan.id}: its orders wait for the next run`, error),
    )

  return resourceRoutes(deps, plans, {
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
        return { ...current, ...(await checkedPlan(who, merged, current)) }
      },
      after: async (who, saved) => void (await generate(who, saved.value)),
    },
    // restarted, it makes no order for the visits due while it was ended: from today on
    deactivate: {
      set: (_who, current, active) => {
        const yesterday = addDays(dateIn(current.timeZone, deps.now()), -1)
        const through =
          current.generatedThrough && current.generatedThrough > yesterday ? current.generatedThrough : yesterday
        return active && !current.active ? { ...current, active, generatedThrough: through } : { ...current, active }
      },
    },
  } satisfies ResourceServer<typeof plans, PlanRecord>)
}
