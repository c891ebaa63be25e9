import { addDays, dateIn } from '../../domain/dates.ts'
import { documentTotals, type LineInput } from '../../domain/document-lines.ts'
import { visitsDue } from '../../domain/plan-schedule.ts'
import { CLIENTS, type ClientRecord } from '../../domain/schemas/clients.ts'
import { EQUIPMENT, equipmentName, type EquipmentRecord } from '../../domain/schemas/equipment.ts'
import { JOBS, type JobRecord } from '../../domain/schemas/jobs.ts'
import type { StoredOrder } from '../../domain/schemas/orders.ts'
import { PLAN_ENDING_DAYS, PLANS, type PlanItem, type PlanRecord } from '../../domain/schemas/plans.ts'
import { ConflictError } from '../../storage/errors.ts'
import { sha256Hex, uuidFromHex } from './base64.ts'
import { SYSTEM_ACTOR, type Deps } from './deps.ts'
import { serviceAddressOf } from './document-pricing.ts'
import { noticeToMembers } from './member-notice.ts'
import { insertOrder, orderStore } from './order-store.ts'
import { eachAtOnce } from './at-once.ts'
import { planFeesDue } from './plan-invoices.ts'
import { withActivityLine } from './resource.ts'

/**
 * Plans a run works on at once: each waits on storage far more than it computes (one after the
 * other, 2,000 plans took 18 s on fs, the process idle most of it: tests/bench/plans.ts). Past 16
 * the run waits on the keys every order writes (its branch's number series, the orders' counter).
 */
const PLANS_AT_ONCE = 16

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
  // the client's machines in service only (one retired or given to another client since is left out)
  const items = visit.items.filter((i) => {
    const on = machine.get(i.equipmentId)
    return on?.active && on.clientId === plan.clientId && job.has(i.jobId)
  })
  if (!items.length) return false
  const lines: LineInput[] = items.map((item) => {
    const service = job.get(item.jobId)!
    return {
      jobId: service.id,
      description: `${service.name} — ${equipmentName(machine.get(item.equipmentId)!)}`,
      quantity: 1,
      // a fixed monthly fee is invoiced on its own: the visit's lines then cost nothing
      unitPrice: plan.billing === 'per_visit' ? service.unitPrice : 0,
      discountPercent: 0,
      taxPercent: service.taxPercent,
    }
  })
  const order: StoredOrder = {
    id,
    filial: plan.filial,
    number: '',
    clientId: plan.clientId,
    clientName: client?.value.name ?? plan.clientName,
    clientTaxId: client?.value.taxId ?? '',
    // where its first machine is (the plan's order of items), else the client's default address
    serviceAddress:
      machine.get(items[0].equipmentId)?.serviceAddress || (client ? serviceAddressOf(client.value, undefined) : ''),
    priority: 'normal',
    problem: plan.name,
    instructions: plan.notes,
    warrantyDays: 0,
    equipmentIds: [...new Set(items.map((i) => i.equipmentId))],
    skills: [...new Set(items.flatMap((i) => job.get(i.jobId)!.skills))],
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
    preferredTechnicianId: plan.technicianId,
    createdAt: new Date(deps.now()).toISOString(),
    timeZone: plan.timeZone,
  }
  try {
    await withActivityLine(
      deps,
      { empresa, module: 'cd_ordem', id },
      { by: SYSTEM_ACTOR, action: 'created', made: 1 },
      () => insertOrder(deps, empresa, order),
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
  // told of this very end day (a renewal moves it: its new end is told again)
  const news =
    plan.endsOn < today
      ? plan.announced?.ended === plan.endsOn
        ? null
        : 'ended'
      : plan.endsOn <= addDays(today, PLAN_ENDING_DAYS) && plan.announced?.ending !== plan.endsOn
        ? 'ending'
        : null
  if (!news) return false
  const endsOn = plan.endsOn
  const claimed = await plans
    .update(planId, (p) => ({ ...p, announced: { ...p.announced, [news]: endsOn } }), { expectVersion: found.version })
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
 * Every active plan of every company: the orders due within their windows, its monthly fees
 * invoiced on their days, and its end told to the office (the timer's and the cron's run). Answers
 * how many orders and invoices were made.
 */
export async function generatePlanOrders(deps: Deps): Promise<number> {
  let made = 0
  for (const company of await deps.repos.companies.list()) {
    if (!company.ACTIVE) continue
    const plans = await deps.repos.collection<PlanRecord>(company.COD_EMPRESA, PLANS).rows()
    const active = [...plans.values()].filter((p) => p.active)
    // a plan's work is its own (its orders' ids follow from it): several plans at once, each in order
    await eachAtOnce(active, PLANS_AT_ONCE, async (plan) => {
      // one plan that fails (its storage, its data) leaves the others done, and is tried on the next run
      try {
        // counted once each is known (`made += await …` would add to what `made` was before the wait)
        const orders = await planOrdersDue(deps, company.COD_EMPRESA, plan.id)
        const fees = await planFeesDue(deps, company.COD_EMPRESA, plan.id)
        made += orders + fees
        await announcePlanEnd(deps, company.COD_EMPRESA, plan.id)
      } catch (error) {
        deps.log.error(`maintenance plan ${plan.id}: left for the next run`, error)
      }
    })
  }
  return made
}
