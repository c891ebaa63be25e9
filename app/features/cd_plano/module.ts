import { plans as plansModule } from '../../../domain/modules/cd-plano.ts'
import { equipment as equipmentModule } from '../../../domain/modules/cd-equipamento.ts'
import { equipmentLabel } from '../../../domain/schemas/equipment.ts'
import { orderRow } from '../../../domain/schemas/orders.ts'
import { z } from 'zod'
import type { PlanRow } from '../../../domain/schemas/plans.ts'
import { defineFeature, pickerOf } from '../../kit/module'
import { INVOICE_STATE_LABELS } from '../cd_invoice/labels'
import { ORDER_STATE_LABELS } from '../cd_ordem/labels'
import { clientField, documentPickers } from '../document-fields'

const PERIODICITY_LABELS = {
  monthly: 'periodicity_monthly',
  quarterly: 'periodicity_quarterly',
  semiannual: 'periodicity_semiannual',
  annual: 'periodicity_annual',
} as const

/**
 * cd_plano (docs/domain.md maintenance plans): a client's machines, each with its service and
 * periodicity; its page lists the orders it made.
 */
export const plans = defineFeature(plansModule, {
  newTitle: 'new_plan',
  states: { active: 'plan_active', ended: 'plan_ended' },
  deactivation: {
    deactivate: 'plan_end',
    activate: 'plan_restart',
    confirm: 'plan_confirm_end',
    deactivated: 'done_plan_ended',
    activated: 'done_plan_restarted',
  },
  // what the plan has done and does next, beside its form
  facts: (values, f) => {
    const { nextVisit, generatedThrough, billing, monthlyFee, invoicedThrough } = values as Pick<
      PlanRow,
      'nextVisit' | 'generatedThrough' | 'billing' | 'monthlyFee' | 'invoicedThrough'
    >
    return [
      { label: 'f_next_visit' as const, value: nextVisit ? f.date(nextVisit) : '—', strong: true },
      { label: 'f_orders_through' as const, value: generatedThrough ? f.date(generatedThrough) : '—' },
      ...(billing === 'monthly_fee'
        ? [
            { label: 'f_monthly_fee' as const, value: f.money(monthlyFee) },
            { label: 'f_invoiced_through' as const, value: invoicedThrough ? f.date(invoicedThrough) : '—' },
          ]
        : []),
    ]
  },
  columns: [
    { key: 'name', label: 'f_name' },
    { key: 'clientName', label: 'f_client' },
    { key: 'nextVisit', label: 'f_next_visit', show: 'date' },
    { key: 'endsOn', label: 'f_ends_on', show: 'date' },
    { key: 'state', label: 'f_state', labels: { active: 'plan_active', ended: 'plan_ended' } },
  ],
  fields: [
    { name: 'name', label: 'f_name', type: 'text', required: true },
    clientField,
    {
      name: 'items',
      label: 'f_plan_items',
      hint: 'plan_items_hint',
      type: 'rows',
      of: [
        {
          name: 'equipmentId',
          label: 'f_equipment',
          type: 'picker',
          picker: 'equipment',
          within: { field: 'clientId', param: 'clientId' },
          wide: true,
        },
        { name: 'jobId', label: 'f_job', type: 'picker', picker: 'jobs', wide: true },
        {
          name: 'periodicity',
          label: 'f_periodicity',
          type: 'select',
          options: Object.entries(PERIODICITY_LABELS),
        },
      ],
    },
    { name: 'startsOn', label: 'f_starts_on', type: 'date', required: true },
    { name: 'endsOn', label: 'f_ends_on', type: 'date' },
    {
      name: 'billing',
      label: 'f_billing',
      type: 'select',
      options: [
        ['per_visit', 'billing_per_visit'],
        ['monthly_fee', 'billing_monthly_fee'],
      ],
    },
    { name: 'monthlyFee', label: 'f_monthly_fee', type: 'money' },
    { name: 'invoiceDay', label: 'f_invoice_day', type: 'text' },
    {
      name: 'technicianId',
      label: 'f_preferred_technician',
      type: 'select',
      lookup: 'technicians',
      empty: 'plan_any_technician',
    },
    { name: 'aheadDays', label: 'f_ahead_days', hint: 'ahead_days_hint', type: 'text' },
    { name: 'notes', label: 'f_notes', type: 'textarea', wide: true },
    // what its printed plan (the PMOC) says of the building and the engineer who answers for it
    { name: 'building', label: 'f_building', type: 'text' },
    { name: 'activity', label: 'f_activity', type: 'text' },
    { name: 'occupants', label: 'f_occupants', type: 'text' },
    { name: 'floatingOccupants', label: 'f_floating_occupants', type: 'text' },
    { name: 'area', label: 'f_area', type: 'text' },
    { name: 'thermalLoad', label: 'f_thermal_load', type: 'text' },
    { name: 'engineerName', label: 'f_engineer_name', type: 'text' },
    { name: 'engineerRegistration', label: 'f_engineer_registration', type: 'text' },
    { name: 'engineerPermit', label: 'f_engineer_permit', type: 'text' },
    {
      name: 'emergencyNotes',
      label: 'f_emergency_notes',
      hint: 'plan_printed_hint',
      type: 'textarea',
      wide: true,
    },
  ],
  // the printed plan (the PMOC in Brazil) with this year's execution record, and last year's
  recordLinks: (values) => {
    const pdf = `/resources/pdf/plan/${encodeURIComponent(String(values.id))}`
    return [
      { href: pdf, label: 'plan_pdf' as const },
      { href: `${pdf}?year=${new Date().getFullYear() - 1}`, label: 'plan_pdf_last_year' as const },
    ]
  },
  pickers: {
    clients: documentPickers.clients,
    jobs: documentPickers.jobs,
    // the plan's client's machines in service, found by serial number, model or location
    equipment: pickerOf(equipmentModule, 'name', (e) => ({ value: e.id, label: equipmentLabel(e) }), {
      narrow: ['clientId'],
    }),
  },
  lookups: async (get) => ({
    technicians: (await get('/cd_plano/technicians', z.array(z.object({ id: z.string(), name: z.string() })))).map(
      (t) => [t.id, t.name],
    ),
  }),
  related: [
    {
      title: 'plan_orders',
      path: (id) => `/cd_ordem/of-plan?planId=${encodeURIComponent(id)}`,
      row: orderRow,
      href: (row) => `/view/cd_ordem/${encodeURIComponent(String(row.id))}`,
      columns: [
        { key: 'number', label: 'f_number' },
        { key: 'dueDate', label: 'f_due_on', show: 'date' },
        { key: 'status', label: 'f_state', labels: ORDER_STATE_LABELS },
      ],
    },
    {
      title: 'plan_invoices',
      path: (id) => `/cd_invoice/of-plan?planId=${encodeURIComponent(id)}`,
      // what the list shows of an invoice (domain/schemas/invoices.ts invoiceRow): the whole schema
      // would bring the invoices', quotes' and payments' schemas into the page
      row: z.object({
        id: z.string(),
        number: z.string(),
        issueDate: z.string().nullable(),
        total: z.number(),
        state: z.string(),
      }),
      href: (row) => `/view/cd_invoice/${encodeURIComponent(String(row.id))}`,
      columns: [
        { key: 'number', label: 'f_number' },
        { key: 'issueDate', label: 'f_issue_date', show: 'date' },
        { key: 'total', label: 'f_total', show: 'money' },
        { key: 'state', label: 'f_state', labels: INVOICE_STATE_LABELS },
      ],
    },
  ],
})
