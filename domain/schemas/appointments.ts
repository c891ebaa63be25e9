import { z } from 'zod'
import { rule } from '../messages.ts'
import { optionalText } from './fields.ts'

/** Where a company's appointments and tech orders are stored (collections of storage/repositories). */
export const APPOINTMENTS = 'appointments'
export const TECH_ORDERS = 'techorders'

/** An appointment is at most this long (a day's visit; longer work is several appointments). */
export const MAX_APPOINTMENT_MS = 12 * 3_600_000
/** And at least this long, in steps of the board's snap. */
export const MIN_APPOINTMENT_MS = 15 * 60_000

/** docs/domain.md cd_techorders: a technician's visit, `assigned → en_route → on_site → done`. */
export const TECH_ORDER_STATUSES = ['assigned', 'en_route', 'on_site', 'done'] as const
export type TechOrderStatus = (typeof TECH_ORDER_STATUSES)[number]
/** The next status of a visit, and the action that takes it there. */
export const TECH_ORDER_STEPS = { depart: 'en_route', arrive: 'on_site', finish: 'done' } as const
export type TechOrderStep = keyof typeof TECH_ORDER_STEPS
export const TECH_ORDER_FROM: Record<TechOrderStep, TechOrderStatus> = {
  depart: 'assigned',
  arrive: 'en_route',
  finish: 'on_site',
}

const instant = z.iso.datetime({ offset: true, message: 'Enter a date and time' }).meta({
  description: 'An instant, ISO 8601 with its offset (2026-11-25T14:00:00-03:00)',
  examples: ['2026-11-25T14:00:00-03:00'],
})
const technicianIds = z
  .array(z.string().min(1).max(100))
  .min(1, 'Choose a technician')
  .max(10, 'At most 10 technicians')
  .refine((ids) => new Set(ids).size === ids.length, 'Each technician once')

/** Its times: the end after the start, at most MAX_APPOINTMENT_MS later. */
const timesMakeSense = (a: { start?: string; end?: string }, ctx: z.RefinementCtx) => {
  if (!a.start || !a.end) return
  const length = Date.parse(a.end) - Date.parse(a.start)
  if (length < MIN_APPOINTMENT_MS) ctx.addIssue({ code: 'custom', path: ['end'], ...rule('end_before_start') })
  else if (length > MAX_APPOINTMENT_MS) ctx.addIssue({ code: 'custom', path: ['end'], ...rule('appointment_too_long') })
}

/**
 * Booking a visit (docs/domain.md cd_ordemagendamento): an order of the branch, its technicians,
 * start and end. `force`: book even over another appointment of a technician (the dispatcher
 * confirmed "book anyway" after the 409 named it).
 */
export const appointmentInput = z
  .object({
    orderId: z.string().uuid({ message: 'Choose an order' }),
    technicianIds,
    start: instant,
    end: instant,
    note: optionalText(500),
    force: z.boolean().default(false),
  })
  .strict()
  .superRefine(timesMakeSense)
export type AppointmentInput = z.output<typeof appointmentInput>

/** Moving, resizing or reassigning a visit: what changes. */
export const appointmentChange = z
  .object({
    technicianIds: technicianIds.optional(),
    start: instant.optional(),
    end: instant.optional(),
    // absent: the note stays as it is
    note: z.string().trim().max(500, 'At most 500 characters').optional(),
    force: z.boolean().default(false),
  })
  .strict()
  .superRefine(timesMakeSense)
  .refine((c) => c.technicianIds || c.start || c.end || c.note !== undefined, {
    message: 'Send what changes: technicianIds, start, end or note',
  })
export type AppointmentChange = z.output<typeof appointmentChange>

/** The board's range: from one day to another (at most six weeks). */
export const boardQuery = z
  .object({
    from: z.iso.date({ message: 'Enter a date' }),
    to: z.iso.date({ message: 'Enter a date' }),
  })
  .strict()
  .refine((q) => q.to >= q.from && Date.parse(q.to) - Date.parse(q.from) <= 42 * 86_400_000, {
    path: ['to'],
    message: 'From 0 to 42 days after from',
  })

export type AppointmentRecord = {
  id: string
  filial: number
  orderId: string
  orderNumber: string
  clientName: string
  serviceAddress: string
  technicianIds: string[]
  /** The skills the order needs, as they were when it was booked (the board flags a technician without them). */
  skills: string[]
  /** UTC instants (ISO). */
  start: string
  end: string
  note: string
  createdAt: string
}

/** One technician's visit of an appointment (docs/domain.md cd_techorders): what his day is made of. */
export type TechOrderRecord = {
  id: string
  filial: number
  appointmentId: string
  orderId: string
  orderNumber: string
  clientName: string
  serviceAddress: string
  instructions: string
  technicianId: string
  /** His name when the visit was made (for the order's page). */
  technicianName: string
  start: string
  end: string
  status: TechOrderStatus
  /** When each status was reached (the server's clock). */
  times: Partial<Record<Exclude<TechOrderStatus, 'assigned'>, string>>
}

export const appointmentRow = z.object({
  id: z.string(),
  filial: z.number(),
  orderId: z.string(),
  orderNumber: z.string(),
  clientName: z.string(),
  serviceAddress: z.string(),
  technicianIds: z.array(z.string()),
  skills: z.array(z.string()),
  start: z.string(),
  end: z.string(),
  note: z.string(),
  createdAt: z.string(),
  /** Its visits: each technician's status. */
  visits: z.array(z.object({ id: z.string(), technicianId: z.string(), status: z.enum(TECH_ORDER_STATUSES) })),
})
export type AppointmentRow = z.output<typeof appointmentRow>

export const techOrderRow = z.object({
  id: z.string(),
  filial: z.number(),
  appointmentId: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  clientName: z.string(),
  serviceAddress: z.string(),
  instructions: z.string(),
  technicianId: z.string(),
  technicianName: z.string(),
  start: z.string(),
  end: z.string(),
  status: z.enum(TECH_ORDER_STATUSES),
  times: z.object({ en_route: z.string(), on_site: z.string(), done: z.string() }).partial(),
})
export type TechOrderRow = z.output<typeof techOrderRow>

/** A technician as the board shows him: his colour, skills and working hours in the company. */
export const technicianRow = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  skills: z.array(z.string()),
  /** Working days (0 Sunday … 6 Saturday) and hours (HH:MM, the branch's time). */
  days: z.array(z.number().int().min(0).max(6)),
  start: z.string(),
  end: z.string(),
})
export type TechnicianRow = z.output<typeof technicianRow>

/** An order waiting for a date (the board's tray). */
export const trayRow = z.object({
  id: z.string(),
  number: z.string(),
  clientName: z.string(),
  serviceAddress: z.string(),
  priority: z.string(),
  skills: z.array(z.string()),
  /** Hours its jobs take (from the catalogue), for the visit's default length. */
  hours: z.number(),
})
export type TrayRow = z.output<typeof trayRow>

/** The board of a range: the branch's technicians, their appointments in it and the orders waiting. */
export const boardAnswer = z.object({
  timeZone: z.string(),
  technicians: z.array(technicianRow),
  appointments: z.array(appointmentRow),
  tray: z.array(trayRow),
  /** Changes with every appointment or visit written in the company (what a live board compares). */
  stamp: z.string(),
})
export type BoardAnswer = z.output<typeof boardAnswer>

/** The conflict a 409 names: the other appointment of the technician. */
export const conflictRow = z.object({
  appointmentId: z.string(),
  orderNumber: z.string(),
  technicianId: z.string(),
  technicianName: z.string(),
  start: z.string(),
  end: z.string(),
})
export type Conflict = z.output<typeof conflictRow>

/** Two instants' ranges overlap (touching ends do not). */
export const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  a.start < b.end && b.start < a.end
