import { addDays, dateIn } from '../../domain/dates.ts'
import { documentTotals, type LineInput } from '../../domain/document-lines.ts'
import { visitsDue } from '../../domain/plan-schedule.ts'
import { addressLine, CLIENTS, type ClientRecord } from '../../domain/schemas/clients.ts'
import { EQUIPMENT, type EquipmentRecord } from '../../domain/schemas/equipment.ts'
import { JOBS, type JobRecord } from '../../domain/schemas/jobs.ts'
import type { StoredOrder } from '../../domain/schemas/orders.ts'
import { PLAN_ENDING_DAYS, PLANS, type PlanItem, type PlanRecord } from '../../domain/schemas/plans.ts'
import { ConflictError } from '../../storage/errors.ts'
import { sha256Hex, uuidFromHex } from './base64.ts'
import type { Deps } from './deps.ts'
import { noticeToMembers } from './member-notice.ts'
import { insertOrder, orderStore } from './order-store.ts'
import { withActivityLine } from './resource.ts'

/** Who a generated order's timeline line names. */
const SYSTEM = { id: 'system', name: 'Fieldwise' }

/** The order of a plan's visit due on a day: its id follows from both, so it is made once whoever makes it. */
export const planOrderId = async (planId: string, day: string) =>
  uuidFromHex(await sha256Hex(`order of plan\n${planId}\n${day}`))

/**
 * Makes the service orders of one plan's visits due from the last day it made them through (from
 * its creation day for a new plan: no order for a day before it existed) up to its window ahead of
 * today, in its branch's zone (docs/domain.md maintenance plans). Each order's id follows from the
 * plan and the day, so a crash half-way, a run again or two processes at once make each once; the
 * plan then keeps the day it made them through (a plan changed meanwhile is looked at again on the
 * next run, which finds the orders made). Answers how many orders this run made.
 */
export async function planOrdersDue(deps: Deps, empresa: number, planId: string): Promise<number> {
  const plans = deps.repos.collection<PlanRecord>(empresa, PLANS)
  const found = await plans.get(planId)
  if (!found?.value.active) return 0
  const plan = found.value
  const through = addDays(dateIn(plan.timeZone, deps.now()), plan.aheadDays)
  const after = plan.generatedThrough ?? addDays(dateIn(plan.timeZone, Date.parse(plan.createdAt)), -1)
  if (after >= through) return 0
  let made = 0
  for (const visit of visitsDue(plan, after, through)) if (await orderOfVisit(deps, empresa, plan, visit)) made++
  await plans
    .update(planId, (p) => ({ ...p, generatedThrough: through }), { expectVersion: found.version })
    .catch((error: unknown) => {
      if (!(error instanceof ConflictError)) throw error
    })
  return made
}

/** The order of one visit, unless it was made already; answers whether this call made it. */
async function orderOfVisit(
  deps: Deps,
  empresa: number,
  plan: PlanRecord,
  visit: { day: string; items: PlanItem[] },
): Promise<boolean> {
  const id = await planOrderId(plan.id, visit.day)
  if (await orderStore(deps, empresa).get(id)) return false
  const [company, client, machines, jobs] = await Promise.all([
    deps.repos.companies.find(empresa),
    deps.repos.collection<ClientRecord>(empresa, CLIENTS).get(plan.clientId),
    deps.repos.collection<EquipmentRecord>(empresa, EQUIPMENT).getMany(visit.items.map((i) => i.equipmentId)),
    deps.repos.collection<JobRecord>(empresa, JOBS).getMany(visit.items.map((i) => i.jobId)),
  ])
  const machine = new Map(machines.map((m) => [m.id, m]))
  const job = new Map(jobs.map((j) => [j.id, j]))
  const lines: LineInput[] = visit.items.flatMap((item) => {
    const service = job.get(item.jobId)
    if (!service) return []
    const on = machine.get(item.equipmentId)
    return [
      {
        jobId: service.id,
        description: [service.name, on && [on.brand, on.model].filter(Boolean).join(' ')].filter(Boolean).join(' — '),
        quantity: 1,
        // a fixed monthly fee is invoiced on its own: the visit's lines then cost nothing
        unitPrice: plan.billing === 'per_visit' ? service.unitPrice : 0,
        discountPercent: 0,
        taxPercent: service.taxPercent,
      },
    ]
  })
  const defaultAddress = client?.value.addresses.find((a) => a.isDefault) ?? client?.value.addresses[0]
  const order: StoredOrder = {
    id,
    filial: plan.filial,
    number: '',
    clientId: plan.clientId,
    clientName: client?.value.name ?? plan.clientName,
    clientTaxId: client?.value.taxId ?? '',
    serviceAddress: machines[0]?.serviceAddress || (defaultAddress ? addressLine(defaultAddress) : ''),
    priority: 'normal',
    problem: plan.name,
    instructions: plan.notes,
    warrantyDays: 0,
    equipmentIds: [...new Set(visit.items.map((i) => i.equipmentId))],
    skills: [...new Set(jobs.flatMap((j) => j.skills))],
    lines,
    totals: documentTotals(lines),
    currency: company?.CURRENCY ?? 'BRL',
    notes: '',
    status: 'new',
    hold: null,
    quoteId: null,
    quoteNumber: null,
    planId: plan.id,
    dueDate: visit.day,
    createdAt: new Date(deps.now()).toISOString(),
    timeZone: plan.timeZone,
  }
  try {
    await withActivityLine(deps, { empresa, module: 'cd_ordem', id }, { by: SYSTEM, action: 'created', made: 1 }, () =>
      insertOrder(deps, empresa, order),
    )
    return true
  } catch (error) {
    // another run made it first
    if (error instanceof ConflictError) return false
    throw error
  }
}

/**
 * Tells the office, once each, that an active plan ends within PLAN_ENDING_DAYS (to renew it) and
 * that it ended: the telling is claimed on the plan (its compare-and-swap write) before the notice
 * goes, so two runs never both tell it, and a crash between the two leaves it untold rather than
 * told twice (the invoice reminders' rule). Answers whether it told anything.
 */
export async function announcePlanEnd(deps: Deps, empresa: number, planId: string): Promise<boolean> {
  const plans = deps.repos.collection<PlanRecord>(empresa, PLANS)
  const found = await plans.get(planId)
  const plan = found?.value
  if (!found || !plan?.active || !plan.endsOn) return false
  const today = dateIn(plan.timeZone, deps.now())
  const news =
    plan.endsOn < today
      ? plan.announced?.ended
        ? null
        : 'ended'
      : plan.endsOn <= addDays(today, PLAN_ENDING_DAYS) && !plan.announced?.ending
        ? 'ending'
        : null
  if (!news) return false
  const at = new Date(deps.now()).toISOString()
  const claimed = await plans
    .update(planId, (p) => ({ ...p, announced: { ...p.announced, [news]: at } }), { expectVersion: found.version })
    .catch((error: unknown) => {
      if (error instanceof ConflictError) return null
      throw error
    })
  if (!claimed) return false
  await noticeToMembers(
    deps,
    { empresa, filial: plan.filial, page: 'cd_plano', level: 'edit' },
    {
      icon: 'heroicons_mini:calendar',
      text: {
        key: news === 'ended' ? 'notice_plan_ended' : 'notice_plan_ending',
        values: { plan: plan.name, client: plan.clientName, date: plan.endsOn },
      },
      link: `/view/cd_plano/${encodeURIComponent(planId)}`,
    },
  )
  return true
}

/**
 * Every active plan of every company: the orders due within their windows, and its end told to the
 * office (the timer's and the cron's run). Answers how many orders were made.
 */
export async function generatePlanOrders(deps: Deps): Promise<number> {
  let made = 0
  for (const company of await deps.repos.companies.list()) {
    if (!company.ACTIVE) continue
    const plans = await deps.repos.collection<PlanRecord>(company.COD_EMPRESA, PLANS).rows()
    for (const plan of plans.values()) {
      if (!plan.active) continue
      made += await planOrdersDue(deps, company.COD_EMPRESA, plan.id)
      await announcePlanEnd(deps, company.COD_EMPRESA, plan.id)
    }
  }
  return made
}
