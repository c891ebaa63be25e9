import { clients as clientsModule } from '../../domain/modules/cd-cliente.ts'
import { jobs as jobsModule } from '../../domain/modules/cd-job.ts'
import { addressLine } from '../../domain/schemas/clients.ts'
import { jobRow } from '../../domain/schemas/jobs.ts'
import { listAnswer } from '../../domain/schemas/resource.ts'
import { JOB_PRICES } from '../kit/live-totals'
import { pickerOf, type FactFormat, type Field, type FeatureModule } from '../kit/module'
import type { Totals } from '../../domain/document-lines.ts'
import type { QuoteDelivery } from '../../domain/schemas/quotes.ts'

/**
 * What the forms of priced documents (quotes, service orders) share: the client picked as typed,
 * their service address suggested from their addresses, and the lines from the catalogue.
 */
export const clientField: Field = {
  name: 'clientId',
  label: 'f_client',
  type: 'picker',
  picker: 'clients',
  required: true,
  currentLabel: (values) => (values.clientName ? String(values.clientName) : undefined),
}

export const serviceAddressField: Field = {
  name: 'serviceAddress',
  label: 'f_service_address',
  type: 'text',
  wide: true,
  follows: { field: 'clientId', key: 'addresses' },
}

export const linesField: Field = {
  name: 'lines',
  label: 'f_lines',
  hint: 'lines_hint',
  type: 'rows',
  totals: true,
  of: [
    // the catalogue searched as it is typed (a company may sell hundreds of jobs); empty: a free-text line
    // a picked job fills the line with its own description, price and tax, to change if need be
    {
      name: 'jobId',
      label: 'f_job',
      type: 'picker',
      picker: 'jobs',
      wide: true,
      fills: { description: 'name', unitPrice: 'unitPrice', taxPercent: 'taxPercent' },
      // one of it, unless a quantity was typed
      fillsEmpty: { quantity: '1' },
    },
    { name: 'description', label: 'f_description', type: 'text', wide: true },
    { name: 'quantity', label: 'f_quantity', type: 'text' },
    { name: 'unitPrice', label: 'f_unit_price', type: 'money' },
    { name: 'discountPercent', label: 'f_discount_percent', type: 'text' },
    { name: 'taxPercent', label: 'f_tax_percent', type: 'text' },
  ],
}

/** A quote's lines: each may be optional — offered, counted once the client chooses it (domain/document-lines.ts). */
export const quoteLinesField: Field = {
  ...linesField,
  of: [...linesField.of!, { name: 'optional', label: 'f_optional', type: 'checkbox', values: ['true', 'false'] }],
}

/**
 * The client picker: the default address first, so it fills an empty service address when the
 * client is picked; the job picker: what fills the line (its name, price in cents and tax) and its
 * price, tax and currency for the live totals.
 */
export const documentPickers: NonNullable<FeatureModule['pickers']> = {
  jobs: pickerOf(jobsModule, 'code', (j) => ({
    value: j.id,
    label: `${j.code} · ${j.name}`,
    follow: {
      price: [`${j.unitPrice} ${j.taxPercent} ${j.currency}`],
      name: [j.name],
      unitPrice: [String(j.unitPrice)],
      taxPercent: [String(j.taxPercent)],
    },
  })),
  clients: pickerOf(clientsModule, 'name', (c) => ({
    value: c.id,
    label: c.taxId ? `${c.name} · ${c.taxId}` : c.name,
    follow: {
      addresses: [...c.addresses].sort((a, b) => Number(b.isDefault) - Number(a.isDefault)).map(addressLine),
    },
  })),
}

/** The catalogue's jobs for the lines' select. */
export const documentLookups: NonNullable<FeatureModule['lookups']> = async (get) => {
  const jobs = await get('/cd_job?size=100', listAnswer(jobRow).shape.Dados)
  return {
    jobs: jobs.items.map((j) => [j.id, `${j.code} · ${j.name}`]),
    // each job's price, tax and currency, for the totals as the lines are typed
    [JOB_PRICES]: jobs.items.map((j) => [j.id, `${j.unitPrice} ${j.taxPercent} ${j.currency}`]),
  }
}

/** A priced document's totals as facts (its subtotal, discount, tax and total), in the user's culture. */
export const totalsFacts = (totals: Totals, f: FactFormat) => [
  { label: 'f_subtotal' as const, value: f.money(totals.subtotal) },
  { label: 'f_discount' as const, value: f.money(-totals.discount) },
  { label: 'f_tax' as const, value: f.money(totals.tax) },
  { label: 'f_total' as const, value: f.money(totals.total), strong: true },
]

/** How a sent document reached its client, as a fact: e-mailed to whom, or why not (then the office passes the link on). */
export const deliveryFacts = (delivery: QuoteDelivery, f: FactFormat) =>
  delivery
    ? [
        {
          label: 'f_delivery' as const,
          value:
            delivery.by === 'email'
              ? `${f.label('delivery_emailed')} ${delivery.to}`
              : f.label(`delivery_${delivery.reason}`),
        },
      ]
    : []
