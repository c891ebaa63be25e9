import { z } from 'zod'
import { CURRENCIES } from '../money.ts'
import { rule } from '../messages.ts'
import { decimal, optionalText, text } from './fields.ts'

/** Where a company's appointments and tech orders are stored (collections of storage/repositories). */
export const APPOINTMENTS = 'appointments'
export const TECH_ORDERS = 'techorders'

/** An appointment is at most this long (a day's visit; longer work is several appointments). */
export const MAX_APPOINTMENT_MS = 12 * 3_600_000
/** And at least this long, in steps of the board's snap. */
export const MIN_APPOINTMENT_MS = 15 * 60_000
/** How long a visit booked from the tray is when its services give no time and the company set none (minutes). */
export const DEFAULT_VISIT_MINUTES = 60

/**
 * How long a visit booked from the tray is (docs/domain.md cd_ordemagendamento): its order's services'
 * minutes, else the company's visit length, in quarter hours from a quarter to eight hours.
 */
export const trayHours = (serviceMinutes: number, companyMinutes = DEFAULT_VISIT_MINUTES) =>
  Math.min(8, Math.max(0.25, Math.round((serviceMinutes || companyMinutes) / 15) / 4))

/**
 * docs/domain.md cd_techorders: a technician's visit, `assigned → en_route → on_site → done`; on
 * site he may pause and resume, and from on the way on he may end it as *could not complete*
 * with a reason. Done and could-not-complete are the ends.
 */
export const TECH_ORDER_STATUSES = ['assigned', 'en_route', 'on_site', 'paused', 'done', 'could_not_complete'] as const
export type TechOrderStatus = (typeof TECH_ORDER_STATUSES)[number]
/** The status each action takes a visit to. */
export const TECH_ORDER_STEPS = {
  depart: 'en_route',
  arrive: 'on_site',
  pause: 'paused',
  resume: 'on_site',
  finish: 'done',
  fail: 'could_not_complete',
} as const
export type TechOrderStep = keyof typeof TECH_ORDER_STEPS
/** The statuses each action may be taken from. */
export const TECH_ORDER_FROM: Record<TechOrderStep, readonly TechOrderStatus[]> = {
  depart: ['assigned'],
  arrive: ['en_route'],
  pause: ['on_site'],
  resume: ['paused'],
  finish: ['on_site'],
  fail: ['en_route', 'on_site', 'paused'],
}
/** The actions a visit in `status` allows, in the order a screen offers them. */
export const stepsFrom = (status: TechOrderStatus) =>
  (Object.keys(TECH_ORDER_FROM) as TechOrderStep[]).filter((s) => TECH_ORDER_FROM[s].includes(status))
/**
 * A visit's times in the order they happen — on the way, each span on site, the end — or the first
 * pair out of order (a correction that would make the time on site a lie).
 */
export function timesInOrder(v: Pick<TechOrderRecord, 'times' | 'clock'>): boolean {
  const end = v.times.done ?? v.times.could_not_complete
  const sequence = [v.times.en_route, ...(v.clock ?? []).flatMap((s) => [s.in, s.out ?? undefined]), end]
    .filter((at): at is string => Boolean(at))
    .map((at) => Date.parse(at))
  return sequence.every((at, i) => i === 0 || sequence[i - 1] <= at)
}

/** A visit that is over: its record is the office's to correct from then on. */
export const visitEnded = (status: TechOrderStatus) => status === 'done' || status === 'could_not_complete'
/** The labels a visit's photo may have. */
export const PHOTO_LABELS = ['before', 'after', 'other'] as const
/** At most this many photos a visit, and this many parts. */
export const MAX_VISIT_PHOTOS = 20
export const MAX_VISIT_PARTS = 50
/** A photo's and a thumbnail's longest side, in pixels, at most (the app's screen resizes to 1600 and 320). */
export const PHOTO_MAX_SIDE = 4096
export const THUMBNAIL_MAX_SIDE = 512
/** A signature's image: a PNG of at most 1 MB and 2000 pixels a side (and 1 megapixel: it prints, domain/images.ts). */
export const SIGNATURE_MAX_BYTES = 1024 * 1024
export const SIGNATURE_MAX_SIDE = 2000

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
  /** The client's phone and the problem the order reports, as they were when the visit was booked. */
  clientPhone?: string
  problem?: string
  /** The machines the order names (cd_equipamento), each as its label, as they were when the visit was booked. */
  machines?: string[]
  technicianId: string
  /** His name when the visit was made (for the order's page). */
  technicianName: string
  start: string
  end: string
  status: TechOrderStatus
  /** When each status was first reached (the server's clock). */
  times: VisitTimes
  /** The time on site: from each arrival or resume to the next pause or end. */
  clock?: ClockSpan[]
  /** The arrival told to the client with "on my way", and whether the e-mail went out. */
  eta?: string | null
  notice?: VisitNotice | null
  /** Why it could not be completed. */
  reason?: string
  checklist?: ChecklistItem[]
  report?: string
  parts?: PartRecord[]
  photos?: PhotoRecord[]
  signature?: SignatureRecord | null
}

export type VisitTimes = Partial<Record<Exclude<TechOrderStatus, 'assigned'>, string>>
export type ClockSpan = { in: string; out: string | null }
/** "On my way" told the client by e-mail (sent), could not (not_sent: no mail server or it refused), or the client has no e-mail. */
export const VISIT_NOTICES = ['sent', 'not_sent', 'no_email'] as const
export type VisitNotice = (typeof VISIT_NOTICES)[number]
export type ChecklistItem = { item: string; done: boolean }
/**
 * A part used: a product of the company at its price (never the technician's), its stock taken
 * once. `settled`: the stock and the order's line follow it; `removed`: taken back (the stock
 * returns, the line goes), dropped once settled.
 */
export type PartRecord = {
  id: string
  productId: string
  name: string
  sku: string
  quantity: number
  /** Cents, the product's price (before tax) when it was used, and its tax. */
  unitPrice: number
  taxPercent: number
  settled: boolean
  removed: boolean
}
export type PhotoRecord = {
  id: string
  label: (typeof PHOTO_LABELS)[number]
  url: string
  thumbnailUrl: string
  at: string
}
export type SignatureRecord = { name: string; url: string; at: string }

/**
 * A stored visit as the API answers it at `now`: every field there (visits made before a field was),
 * no bookkeeping; the time on site counts a span still open up to `now`.
 */
export function techOrderRowOf(v: TechOrderRecord, now: number): TechOrderRow {
  const clock = v.clock ?? []
  return {
    id: v.id,
    filial: v.filial,
    appointmentId: v.appointmentId,
    orderId: v.orderId,
    orderNumber: v.orderNumber,
    clientName: v.clientName,
    serviceAddress: v.serviceAddress,
    instructions: v.instructions,
    clientPhone: v.clientPhone ?? '',
    problem: v.problem ?? '',
    machines: v.machines ?? [],
    technicianId: v.technicianId,
    technicianName: v.technicianName,
    start: v.start,
    end: v.end,
    status: v.status,
    times: v.times,
    clock,
    minutesOnSite: minutesOnSite(clock, now),
    eta: v.eta ?? null,
    notice: v.notice ?? null,
    reason: v.reason ?? '',
    checklist: v.checklist ?? [],
    report: v.report ?? '',
    parts: (v.parts ?? [])
      .filter((p) => !p.removed)
      .map(({ id, productId, name, sku, quantity, unitPrice }) => ({ id, productId, name, sku, quantity, unitPrice })),
    photos: v.photos ?? [],
    signature: v.signature ?? null,
  }
}

/** Whole minutes on site of the spans (an open one counted to `now`, or not at all without it). */
export function minutesOnSite(clock: ClockSpan[], now: number | null) {
  let ms = 0
  for (const span of clock) {
    const out = span.out ? Date.parse(span.out) : now
    if (out !== null) ms += Math.max(0, out - Date.parse(span.in))
  }
  return Math.floor(ms / 60_000)
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
  clientPhone: z.string(),
  problem: z.string(),
  machines: z
    .array(z.string())
    .meta({ description: 'The machines the order names, each as its label (name · S/N · location)' }),
  technicianId: z.string(),
  technicianName: z.string(),
  start: z.string(),
  end: z.string(),
  status: z.enum(TECH_ORDER_STATUSES),
  /** When each status was first reached. */
  times: z
    .object({
      en_route: z.string(),
      on_site: z.string(),
      paused: z.string(),
      done: z.string(),
      could_not_complete: z.string(),
    })
    .partial(),
  /** The spans on site (clocked in on arrival and resume, out on pause and at the end). */
  clock: z.array(z.object({ in: z.string(), out: z.string().nullable() })),
  /** The whole minutes on site: the closed spans, and an open one up to the answer. */
  minutesOnSite: z.number().int(),
  eta: z.string().nullable(),
  notice: z.enum(VISIT_NOTICES).nullable(),
  reason: z.string(),
  checklist: z.array(z.object({ item: z.string(), done: z.boolean() })),
  report: z.string(),
  parts: z.array(
    z.object({
      id: z.string(),
      productId: z.string(),
      name: z.string(),
      sku: z.string(),
      quantity: z.number(),
      unitPrice: z.number().int(),
    }),
  ),
  photos: z.array(
    z.object({
      id: z.string(),
      label: z.enum(PHOTO_LABELS),
      url: z.string(),
      thumbnailUrl: z.string(),
      at: z.string(),
    }),
  ),
  signature: z.object({ name: z.string(), url: z.string(), at: z.string() }).nullable(),
})
export type TechOrderRow = z.output<typeof techOrderRow>

/** What a technician's day shows of each visit (the list's rows carry the whole record). */
export const dayVisitRow = techOrderRow.pick({
  id: true,
  orderNumber: true,
  clientName: true,
  serviceAddress: true,
  instructions: true,
  technicianName: true,
  start: true,
  end: true,
  status: true,
})
export type DayVisit = z.output<typeof dayVisitRow>

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
  /** The technician its maintenance plan prefers (null: none). */
  preferredTechnicianId: z.string().nullable(),
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

/** "On my way": in how many minutes he expects to arrive (the client is told). */
export const departInput = z
  .object({ etaMinutes: z.number().int().min(0).max(480).default(30).meta({ description: 'Minutes to arrival' }) })
  .strict()
/** "Could not complete": why. */
export const failInput = z.object({ reason: text(500) }).strict()
/** An empty body: the other steps take none. */
export const noInput = z.object({}).strict()
export const stepInputs = {
  depart: departInput,
  arrive: noInput,
  pause: noInput,
  resume: noInput,
  finish: noInput,
  fail: failInput,
} as const

/**
 * What a visit's record takes: the checklist's ticked items (their indexes), the work report, the
 * client's name; the office also corrects the times (docs/domain.md cd_techorders).
 */
export const visitChange = z
  .object({
    checked: z
      .array(z.number().int().min(0).max(199))
      .max(200)
      .optional()
      .meta({ description: 'The indexes of the checklist’s ticked items (the others are not ticked)' }),
    report: z.string().trim().max(4000, 'At most 4000 characters').optional(),
    times: z
      .object({ en_route: instant, on_site: instant, paused: instant, done: instant, could_not_complete: instant })
      .partial()
      .strict()
      .optional()
      .meta({ description: 'The office’s correction of when each status was reached' }),
    clock: z
      .array(z.object({ in: instant, out: instant.nullable() }).strict())
      .max(100)
      .optional()
      .meta({ description: 'The office’s correction of the spans on site' }),
  })
  .strict()
  .refine((c) => Object.values(c).some((v) => v !== undefined), { message: 'Send what changes' })
export type VisitChange = z.output<typeof visitChange>

/**
 * A part used on a visit: a product of the company and how many (its price is the product's).
 * `force`: the office takes it even beyond the stock counted (which then goes below zero).
 */
export const partInput = z
  .object({
    productId: z.string().min(1).max(200),
    quantity: decimal(3, 0.001, 100_000, 'invalid_quantity'),
    force: z.boolean().default(false).meta({
      description:
        'The office’s choice to take the part although the stock counted is less (the stock goes below zero); a technician may not (403 `part_force_office`)',
    }),
  })
  .strict()

/** A product a technician may pick as a part: an active one, with its price (cents) and stock. */
export const partOption = z.object({
  id: z.string(),
  name: z.string(),
  sku: z.string(),
  unitPrice: z.number().int(),
  currency: z.enum(CURRENCIES),
  stock: z.number().nullable(),
})
export type PartOption = z.output<typeof partOption>
