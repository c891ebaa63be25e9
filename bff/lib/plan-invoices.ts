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
import { dateTimeFormat } from '../../domain/intl.ts'
import { deliverToClient } from './client-delivery.ts'
import { invoiceLinkUrl } from './document-link.ts'
import { invoiceMail } from './invoice-mail.ts'
import { INVOICE_KIND, invoiceStore } from './invoice-store.ts'
import { withActivityLine } from './resource.ts'

/**
 * The invoice of a plan's fee of a month (`2027-01`, or a day of it): its id follows from both, so
 * each month is invoiced once whoever invoices it, whatever day the plan invoices on now.
 */
export const planInvoiceId = async (planId: string, month: string) =>
  uuidFromHex(await sha256Hex(`fee of plan\n${planId}\n${month.slice(0, 7)}`))

/** The fee's line, in the invoice's language: the plan and the month it is for. */
const FEE_LINE: Record<Culture, (plan: string, month: string) => string> = {
  en: (plan, month) => `Monthly fee — ${plan} — ${month}`,
  es: (plan, month) => `Cuota mensual — ${plan} — ${month}`,
  pt: (plan, month) => `Mensalidade — ${plan} — ${month}`,
}

const monthName = (culture: Culture, day: string) =>
  dateTimeFormat(CULTURES[culture], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
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
  for (const day of feeDays(plan, after, today)) {
    if (await feeInvoice(deps, empresa, plan, day)) made++
    // sent to the client once made (or on the next run, after a crash between the two)
    await sendFee(deps, empresa, await planInvoiceId(plan.id, day))
  }
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
  // made already (a run again, another server): no number taken and given back
  if (await invoiceStore(deps, empresa).get(id)) return false
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

/**
 * Sends a fee's invoice to its client as the office's Send does (POST /cd_invoice/{id}/send): its
 * link by e-mail in its language when a mail server is set, how it went kept with it. Sent once:
 * the send is claimed on the invoice (its compare-and-swap write) before it goes, so two runs never
 * both send it, and a crash in between leaves it for the office (the invoice reminders' rule).
 */
async function sendFee(deps: Deps, empresa: number, id: string) {
  const store = invoiceStore(deps, empresa)
  const found = await store.get(id)
  if (!found || found.value.sendCount > 0 || found.value.status !== 'issued') return
  const at = new Date(deps.now()).toISOString()
  const claimed = await withActivityLine(
    deps,
    { empresa, module: 'cd_invoice', id },
    { by: SYSTEM_ACTOR, action: 'sent', made: found.version + 1 },
    () =>
      store.update(id, (i) => ({ ...i, sendCount: i.sendCount + 1, sentAt: at, delivery: null }), {
        expectVersion: found.version,
      }),
  ).catch((error: unknown) => {
    if (error instanceof ConflictError) return null
    throw error
  })
  if (!claimed) return
  const company = await deps.repos.companies.find(empresa)
  const link = await invoiceLinkUrl(deps, empresa, claimed.value)
  const message = invoiceMail(claimed.value, company?.NOME_EMPRESA ?? '', link)
  const delivery = await deliverToClient(
    deps,
    empresa,
    claimed.value.clientId,
    `invoice ${claimed.value.number}`,
    link,
    message,
  )
  await store.update(id, (i) => (i.sendCount === claimed.value.sendCount ? { ...i, delivery } : i))
}
