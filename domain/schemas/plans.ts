import { z } from 'zod'
import { dateIn } from '../dates.ts'
import { CURRENCIES, type Currency } from '../money.ts'
import { rule } from '../messages.ts'
import { nextDue, PERIODICITIES } from '../plan-schedule.ts'
import { day, decimal, money, optionalDay, optionalId, optionalText, text } from './fields.ts'

/** Where a company's maintenance plans are stored (a collection of storage/repositories). */
export const PLANS = 'plans'

/** docs/domain.md maintenance plans: charged per visit (its order's lines), or a fixed fee each month. */
export const PLAN_BILLING = ['per_visit', 'monthly_fee'] as const

/** One machine of the plan, the service it gets and how often. */
const planItem = z.object({
  equipmentId: z.string().uuid({ message: 'Choose a machine' }),
  jobId: z.string().uuid({ message: 'Choose a service' }),
  periodicity: z.enum(PERIODICITIES, { message: 'Choose how often' }),
})
export type PlanItem = z.output<typeof planItem>

/** A plan's fields, each checked alone (a partial change is checked whole by planInput once merged). */
export const planFields = z.object({
  name: text(120),
  clientId: z.string().uuid({ message: 'Choose a client' }),
  items: z
    .array(planItem)
    .min(1, 'Add a machine and its service')
    // an order names at most 50 machines: a visit of the plan is one order
    .max(50, 'At most 50')
    .describe('The client’s machines it covers (cd_equipamento), each with its service (cd_job) and periodicity'),
  startsOn: day.describe(
    'Its first visits are due this day; the next ones every period after, on this day of the month',
  ),
  endsOn: optionalDay,
  billing: z.enum(PLAN_BILLING).default('per_visit'),
  monthlyFee: money().default(0).describe('With billing monthly_fee: the fee each month, in cents'),
  invoiceDay: decimal(0, 1, 28).default(1).describe('With billing monthly_fee: the day of the month it is invoiced'),
  technicianId: optionalId('Choose a technician').describe('Who the office prefers to send'),
  aheadDays: decimal(0, 7, 120)
    .default(30)
    .describe('How many days ahead its orders are made, to be booked on the board'),
  notes: optionalText(4000),
  // what its printed plan (the PMOC in Brazil) says of the building and who answers for it
  building: optionalText(120).describe('The building or premises its machines serve, as its printed plan names it'),
  activity: optionalText(120).describe('What the building is used for (offices, a shop, a clinic)'),
  occupants: decimal(0, 0, 1_000_000).default(0).describe('The people who work or live there'),
  floatingOccupants: decimal(0, 0, 1_000_000).default(0).describe('The people who pass through it on a day'),
  area: decimal(2, 0, 10_000_000).default(0).describe('The air-conditioned area, in square metres'),
  thermalLoad: optionalText(60).describe('The total thermal load, as written (60,000 BTU/h, 5 TR)'),
  engineerName: optionalText(120).describe('The engineer responsible for the plan'),
  engineerRegistration: optionalText(40).describe('Their professional registration (CREA in Brazil)'),
  engineerPermit: optionalText(40).describe('Their record of technical responsibility for it (ART in Brazil)'),
  emergencyNotes: optionalText(4000).describe(
    'What the occupants do when a machine fails or in an emergency (empty: the printed plan’s own advice)',
  ),
})

/** A plan as the API and the form take it: it ends after it starts; a fixed fee is more than nothing. */
export const planInput = planFields.superRefine((p, ctx) => {
  if (p.endsOn && p.endsOn < p.startsOn)
    ctx.addIssue({ code: 'custom', path: ['endsOn'], ...rule('plan_ends_before_start') })
  if (p.billing === 'monthly_fee' && p.monthlyFee <= 0)
    ctx.addIssue({ code: 'custom', path: ['monthlyFee'], ...rule('plan_fee_required') })
})
export type PlanInput = z.output<typeof planInput>

/**
 * A plan as stored: of a branch (its orders are that branch's), with its client's name, the zone
 * its days are read in, and the last day its orders were made through (null: none yet).
 */
export type PlanRecord = Omit<PlanInput, 'endsOn' | 'technicianId'> & {
  id: string
  filial: number
  clientName: string
  endsOn: string | null
  technicianId: string | null
  /** The company's currency, its fee's. */
  currency: Currency
  active: boolean
  timeZone: string
  generatedThrough: string | null
  /** With billing monthly_fee: the last day its fees were invoiced through (absent: none yet, from its creation day). */
  invoicedThrough?: string | null
  /** The end day the office was told is within PLAN_ENDING_DAYS, and the one it was told passed (a renewal's new end is told again). */
  announced?: { ending?: string; ended?: string }
  createdAt: string
}

/** The office is told a plan ends this many days ahead, to renew it. */
export const PLAN_ENDING_DAYS = 30

export const PLAN_STATES = ['active', 'ended'] as const

export const planRow = z.object({
  id: z.string(),
  filial: z.number(),
  name: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  items: z.array(z.object({ equipmentId: z.string(), jobId: z.string(), periodicity: z.enum(PERIODICITIES) })),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
  billing: z.enum(PLAN_BILLING),
  monthlyFee: z.number(),
  currency: z.enum(CURRENCIES),
  invoiceDay: z.number(),
  technicianId: z.string().nullable(),
  aheadDays: z.number(),
  notes: z.string(),
  building: z.string(),
  activity: z.string(),
  occupants: z.number(),
  floatingOccupants: z.number(),
  area: z.number(),
  thermalLoad: z.string(),
  engineerName: z.string(),
  engineerRegistration: z.string(),
  engineerPermit: z.string(),
  emergencyNotes: z.string(),
  active: z.boolean(),
  state: z.enum(PLAN_STATES).meta({ description: 'ended: past its end day, or deactivated' }),
  nextVisit: z.string().nullable().meta({ description: 'The next day a visit is due, today included; null: none' }),
  generatedThrough: z.string().nullable().meta({ description: 'Its orders are made up to this day' }),
  invoicedThrough: z
    .string()
    .nullable()
    .meta({ description: 'With billing monthly_fee: its fee is invoiced up to this day (null: not yet)' }),
  createdAt: z.string(),
})
export type PlanRow = z.output<typeof planRow>

const PRINTED_BLANK = {
  building: '',
  activity: '',
  occupants: 0,
  floatingOccupants: 0,
  area: 0,
  thermalLoad: '',
  engineerName: '',
  engineerRegistration: '',
  engineerPermit: '',
  emergencyNotes: '',
}

/** A stored plan as the API answers it, read on today's day in its zone. */
export function planRowOf(p: PlanRecord, now: number): PlanRow {
  const { timeZone, announced: _told, ...rest } = p
  const today = dateIn(timeZone, now)
  const ended = !p.active || (p.endsOn !== null && p.endsOn < today)
  return {
    // plans stored before their printed plan's fields have them empty
    ...PRINTED_BLANK,
    ...rest,
    invoicedThrough: p.invoicedThrough ?? null,
    state: ended ? 'ended' : 'active',
    nextVisit: ended ? null : nextDue(p, today),
  }
}
