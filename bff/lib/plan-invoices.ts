import { CULTURES, type Culture } from '../../domain/cultures.ts'
import { addDays, dateIn } from '../../domain/dates.ts'
import { documentTotals, type LineInput } from '../../domain/document-lines.ts'
import { feeDays } from '../../domain/plan-schedule.ts'
import { CLIENTS, type ClientRecord } from '../../domain/schemas/clients.ts'
import { DEFAULT_DUE_DAYS, type StoredInvoice } from '../../domain/schemas/invoices.ts'
import { PLANS, type PlanRecord } from '../../domain/schemas/plans.ts'
import { ConflictError } from '../../storage/errors.ts'
import { sha256Hex, uuidFromHex } from './base64.ts'
import { SYSTEM_ACTOR, type Deps } from './deps.ts'
import { serviceAddressOf } from './document-pricing.ts'
import { insertDocument } from './document-store.ts'
import { INVOICE_KIND } from './invoice-store.ts'
import { withActivityLine } from './resource.ts'

/** The invoice of a plan's fee due on a day: its id follows from both, so it is made once whoever makes it. */
export const planInvoiceId = async (planId: string, day: string) =>
  uuidFromHex(await sha256Hex(`fee of plan\n${planId}\n${day}`))

/** The fee's line, in the invoice's language: the plan and the month it is for. */
const FEE_LINE: Record<Culture, (plan: string, month: string) => string> = {
  en: (plan, month) => `Monthly fee — ${plan} — ${month}`,
  es: (plan, month) => `Cuota mensual — ${plan} — ${month}`,
  pt: (plan, month) => `Mensalidade — ${plan} — ${month}`,
}

const monthName = (culture: Culture, day: string) =>
  new Intl.DateTimeFormat(CULTURES[culture], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  )

/**
 * Invoices a plan's monthly fee on each of its invoice days from the last one it invoiced through
 * (from its creation day for a new plan) up to today in its branch's zone (docs/domain.md
 * maintenance plans): issued that day, due by the company's days to pay. Each invoice's id follows
 * from the plan and the day, so a crash half-way, a run again or two processes at once make each
 * once, numbered once (bff/lib/document-store.ts insertDocument). Answers how many this run made.
 */
export async function planFeesDue(deps: Deps, empresa: number, planId: string): Promise<number> {
  const plans = deps.repos.collection<PlanRecord>(empresa, PLANS)
  const found = await plans.get(planId)
  const plan = found?.value
  if (!found || !plan?.active || plan.billing !== 'monthly_fee' || plan.monthlyFee <= 0) return 0
  const today = dateIn(plan.timeZone, deps.now())
  const after = plan.invoicedThrough ?? addDays(dateIn(plan.timeZone, Date.parse(plan.createdAt)), -1)
  if (after >= today) return 0
  let made = 0
  for (const day of feeDays(plan, after, today)) if (await feeInvoice(deps, empresa, plan, day)) made++
  await plans
    .update(planId, (p) => ({ ...p, invoicedThrough: today }), { expectVersion: found.version })
    .catch((error: unknown) => {
      if (!(error instanceof ConflictError)) throw error
    })
  return made
}

/** The fee's invoice of one day, unless it was made already; answers whether this call made it. */
async function feeInvoice(deps: Deps, empresa: number, plan: PlanRecord, day: string): Promise<boolean> {
  const id = await planInvoiceId(plan.id, day)
  const [company, client] = await Promise.all([
    deps.repos.companies.find(empresa),
    deps.repos.collection<ClientRecord>(empresa, CLIENTS).get(plan.clientId),
  ])
  const culture = company?.CULTURE ?? 'en'
  const lines: LineInput[] = [
    {
      jobId: '',
      description: FEE_LINE[culture](plan.name, monthName(culture, day)),
      quantity: 1,
      unitPrice: plan.monthlyFee,
      discountPercent: 0,
      taxPercent: 0,
    },
  ]
  const invoice: StoredInvoice = {
    id,
    filial: plan.filial,
    number: '',
    clientId: plan.clientId,
    clientName: client?.value.name ?? plan.clientName,
    clientTaxId: client?.value.taxId ?? '',
    serviceAddress: client ? serviceAddressOf(client.value, undefined) : '',
    orderIds: [],
    orderNumbers: [],
    visits: [],
    lines,
    totals: documentTotals(lines),
    currency: plan.currency,
    culture,
    issueDate: day,
    dueDate: addDays(day, company?.INVOICE_DUE_DAYS ?? DEFAULT_DUE_DAYS),
    terms: '',
    notes: '',
    status: 'issued',
    paid: 0,
    payments: [],
    voided: null,
    sendCount: 0,
    sentAt: null,
    delivery: null,
    reminders: [],
    planId: plan.id,
    createdAt: new Date(deps.now()).toISOString(),
    timeZone: plan.timeZone,
  }
  try {
    await withActivityLine(
      deps,
      { empresa, module: 'cd_invoice', id },
      { by: SYSTEM_ACTOR, action: 'issue', made: 1 },
      () => insertDocument(deps, empresa, INVOICE_KIND, invoice),
    )
    return true
  } catch (error) {
    // another run made it first
    if (error instanceof ConflictError) return false
    throw error
  }
}
