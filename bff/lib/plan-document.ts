import type { Context } from 'hono'
import { CULTURES } from '../../domain/cultures.ts'
import { dateIn } from '../../domain/dates.ts'
import { numberFormat } from '../../domain/intl.ts'
import { companyCountry } from '../../domain/phones.ts'
import { CLIENTS, addressLine, type ClientRecord } from '../../domain/schemas/clients.ts'
import { EQUIPMENT, equipmentName, type CAPACITY_UNITS, type EquipmentRecord } from '../../domain/schemas/equipment.ts'
import { JOBS, type JobRecord } from '../../domain/schemas/jobs.ts'
import type { PlanRecord } from '../../domain/schemas/plans.ts'
import type { CompanyRecord } from '../../domain/tenancy.ts'
import type { Deps } from './deps.ts'
import { ordersWhere } from './order-store.ts'
import type { PlanDocument } from './pdf/plan-pdf.ts'
import { printedPdf } from './printing.ts'
import { companyLogo, pdfAnswer, printedCompany } from './quote-document.ts'
import { scheduling } from './scheduling.ts'

const UNITS: Record<(typeof CAPACITY_UNITS)[number], string> = {
  btu_h: 'BTU/h',
  tr: 'TR',
  kw: 'kW',
  kva: 'kVA',
  kg: 'kg',
}

/**
 * What a plan's printed plan shows for a year (docs/domain.md maintenance plans): the PMOC for a
 * Brazilian company, the maintenance plan and log in the company's language elsewhere; its machines
 * and their routine as the plan has them now, and the execution record of the visits of its orders
 * that began in that year (in the branch's zone), done or not completed.
 */
export async function planDocument(
  deps: Deps,
  company: CompanyRecord,
  plan: PlanRecord,
  year: string,
): Promise<Omit<PlanDocument, 'logo'>> {
  const empresa = company.COD_EMPRESA
  const [client, listed, jobs, orders] = await Promise.all([
    deps.repos.collection<ClientRecord>(empresa, CLIENTS).get(plan.clientId),
    deps.repos
      .collection<EquipmentRecord>(empresa, EQUIPMENT)
      .getMany([...new Set(plan.items.map((i) => i.equipmentId))]),
    deps.repos.collection<JobRecord>(empresa, JOBS).getMany([...new Set(plan.items.map((i) => i.jobId))]),
    // its client's only: a plan given to another client since prints none of the former's work
    ordersWhere(deps, empresa, { filial: plan.filial }, (r) => r.planId === plan.id && r.clientId === plan.clientId),
  ])
  // the machines still its client's (one given to another client since is theirs to read)
  const machines = listed.filter((m) => m.clientId === plan.clientId)
  const machine = new Map(machines.map((m) => [m.id, m]))
  const job = new Map(jobs.map((j) => [j.id, j]))
  const nameOf = (id: string) => {
    const m = machine.get(id)
    return m ? [equipmentName(m), m.location].filter(Boolean).join(' · ') : ''
  }
  // the PMOC where the company is in Brazil (its country, else its language's)
  const layout = companyCountry(company) === 'BR' ? 'pmoc' : 'generic'
  const number = numberFormat(CULTURES[layout === 'pmoc' ? 'pt' : company.CULTURE], { maximumFractionDigits: 2 })
  const visitsOf = scheduling(deps).visitsOf
  const visits = (await Promise.all(orders.map(async (o) => ({ o, visits: await visitsOf(empresa, o.id) })))).flatMap(
    ({ o, visits }) =>
      visits
        .filter(
          (v) =>
            (v.status === 'done' || v.status === 'could_not_complete') &&
            dateIn(plan.timeZone, Date.parse(v.start)).startsWith(`${year}-`),
        )
        .map((v) => ({ o, v })),
  )
  visits.sort((a, b) => a.v.start.localeCompare(b.v.start))
  const c = client?.value
  const address = c ? (c.addresses.find((a) => a.isDefault) ?? c.addresses[0]) : undefined
  const site = machines.find((m) => m.serviceAddress)?.serviceAddress ?? (address ? addressLine(address) : '')
  return {
    layout,
    culture: company.CULTURE,
    company: printedCompany(company),
    year,
    plan: {
      name: plan.name,
      startsOn: plan.startsOn,
      endsOn: plan.endsOn,
      building: plan.building ?? '',
      activity: plan.activity ?? '',
      occupants: plan.occupants ?? 0,
      floatingOccupants: plan.floatingOccupants ?? 0,
      area: plan.area ?? 0,
      thermalLoad: plan.thermalLoad ?? '',
      engineerName: plan.engineerName ?? '',
      engineerRegistration: plan.engineerRegistration ?? '',
      engineerPermit: plan.engineerPermit ?? '',
      emergencyNotes: plan.emergencyNotes ?? '',
    },
    client: {
      name: c?.name ?? plan.clientName,
      taxId: c?.taxId ?? '',
      address: c?.billingAddress || (address ? addressLine(address) : ''),
      phone: c?.contacts.find((x) => x.kind === 'phone')?.value ?? '',
    },
    site,
    machines: machines.map((m) => ({
      name: equipmentName(m),
      serialNumber: m.serialNumber,
      capacity: m.capacity ? `${number.format(m.capacity)} ${UNITS[m.capacityUnit]}` : '',
      location: m.location,
    })),
    routine: plan.items.map((item) => ({
      machine: nameOf(item.equipmentId),
      service: job.get(item.jobId)?.name ?? '',
      periodicity: item.periodicity,
      tasks: job.get(item.jobId)?.checklist ?? [],
    })),
    record: visits.map(({ o, v }) => ({
      at: v.times.done ?? v.times.could_not_complete ?? v.start,
      timeZone: plan.timeZone,
      machines: (o.equipmentIds ?? []).map(nameOf).filter(Boolean).join('; '),
      order: o.number,
      technician: v.technicianName,
      done: v.status === 'done',
      reason: v.reason ?? '',
      checklist: v.checklist ?? [],
      report: v.report ?? '',
    })),
  }
}

/** A plan's printed plan of a year as a PDF answer: printed once per content (bff/lib/printing.ts). */
export async function planPdfResponse(
  c: Context,
  deps: Deps,
  company: CompanyRecord,
  plan: PlanRecord,
  year: string,
): Promise<Response> {
  const shown = await planDocument(deps, company, plan, year)
  const content = { ...shown, logo: company.ID_ARQUIVO ?? null }
  const bytes = await printedPdf(deps, { kind: 'plan', number: plan.name, content }, async (signal) => {
    const [{ renderPlanPdf }, logo] = await Promise.all([import('./pdf/plan-pdf.ts'), companyLogo(deps, company)])
    return renderPlanPdf({ ...shown, logo: logo?.bytes ?? null }, signal)
  })
  return pdfAnswer(c, bytes, `${shown.layout === 'pmoc' ? 'PMOC' : 'plan'}-${year}`)
}
