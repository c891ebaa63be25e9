import { z } from 'zod'
import { addDays, dateIn } from '../dates.ts'
import { rule } from '../messages.ts'
import { decimal, optionalDay, optionalText } from './fields.ts'

/** Where a company's equipment is stored (a collection of storage/repositories). */
export const EQUIPMENT = 'equipment'

/**
 * docs/domain.md cd_equipamento: what a machine is. A kind of the company's own (a chiller, a
 * cold room) is `other` with its name in `kindName`; the form then suggests the names already given.
 */
export const EQUIPMENT_KINDS = ['air_conditioner', 'boiler', 'generator', 'elevator', 'other'] as const
export type EquipmentKind = (typeof EQUIPMENT_KINDS)[number]

/** How a capacity is counted: BTU/h or tons of refrigeration (TR) for air conditioning, kW, kVA, kg. */
export const CAPACITY_UNITS = ['btu_h', 'tr', 'kw', 'kva', 'kg'] as const

/** A warranty's state as lists and the home read it: ending within this many days of today. */
export const WARRANTY_ENDING_DAYS = 30
export const WARRANTY_STATES = ['ending', 'covered', 'expired', 'none'] as const
export type WarrantyState = (typeof WARRANTY_STATES)[number]

/** A machine's photos (its nameplate, where it sits): at most this many. */
export const MAX_EQUIPMENT_PHOTOS = 12

/** A photo of a machine: its file and thumbnail (the photo's own when sent without one), who added it and when. */
export const equipmentPhoto = z.object({
  id: z.string(),
  url: z.string(),
  thumbnailUrl: z.string(),
  by: z.string(),
  at: z.string(),
})
export type EquipmentPhoto = z.output<typeof equipmentPhoto>

/** A serial number as compared: one machine's in a company, whatever its case and spaces. */
export const serialKey = (serial: string) => serial.replace(/\s+/g, '').toUpperCase()

/** A machine's fields as the API and the form take them. */
export const equipmentFields = z.object({
  clientId: z.string().uuid({ message: 'Choose a client' }),
  /** The client's service address it sits at (one of theirs, as listed on the client). */
  serviceAddress: optionalText(300),
  kind: z.enum(EQUIPMENT_KINDS, { message: 'Choose a kind' }),
  kindName: optionalText(60).meta({ description: 'The company’s own name for the kind (Chiller, Split inverter)' }),
  brand: optionalText(80),
  model: optionalText(80),
  serialNumber: optionalText(80).meta({
    description: 'One machine’s in the company (compared without case and spaces): a second answers 409 serial_taken',
  }),
  capacity: decimal(2, 0, 1_000_000_000)
    .default(0)
    .meta({ description: 'Its capacity in `capacityUnit`; 0: not given' }),
  capacityUnit: z.enum(CAPACITY_UNITS).default('btu_h'),
  location: optionalText(200).meta({ description: 'Where it is in the building (3rd floor, meeting room)' }),
  installedOn: optionalDay,
  warrantyEnds: optionalDay,
  notes: optionalText(4000),
})

/** A machine as the API and the form take it: a warranty ends on or after the install. */
export const equipmentInput = equipmentFields.superRefine((e, ctx) => {
  if (e.installedOn && e.warrantyEnds && e.warrantyEnds < e.installedOn)
    ctx.addIssue({ code: 'custom', path: ['warrantyEnds'], ...rule('warranty_before_install') })
})
export type EquipmentInput = z.output<typeof equipmentInput>

/** A machine as stored: its client's name, active or retired, and the zone its days are read in (its branch's at creation). */
export type EquipmentRecord = Omit<EquipmentInput, 'installedOn' | 'warrantyEnds'> & {
  id: string
  clientName: string
  installedOn: string | null
  warrantyEnds: string | null
  active: boolean
  timeZone: string
  createdAt: string
  /** Its photos, oldest first (machines made before photos were have none). */
  photos?: EquipmentPhoto[]
}

export const equipmentRow = z.object({
  id: z.string(),
  name: z
    .string()
    .meta({ description: 'Its brand and model, else its kind’s own name, its serial number or its client’s name' }),
  clientId: z.string(),
  clientName: z.string(),
  serviceAddress: z.string(),
  kind: z.enum(EQUIPMENT_KINDS),
  kindName: z.string(),
  brand: z.string(),
  model: z.string(),
  serialNumber: z.string(),
  capacity: z.number(),
  capacityUnit: z.enum(CAPACITY_UNITS),
  location: z.string(),
  installedOn: z.string().nullable(),
  warrantyEnds: z.string().nullable(),
  notes: z.string(),
  active: z.boolean(),
  status: z.enum(['active', 'retired']).meta({ description: 'retired: deactivated (restored, it is active again)' }),
  warranty: z.enum(WARRANTY_STATES).meta({
    description: `ending: it ends within ${WARRANTY_ENDING_DAYS} days (today included); covered: later; expired: before today; none: no date`,
  }),
  createdAt: z.string(),
  photos: z
    .array(
      equipmentPhoto.extend({ day: z.string().meta({ description: 'The day it was added, in the machine’s zone' }) }),
    )
    .meta({
      description: `Its photos, oldest first, at most ${MAX_EQUIPMENT_PHOTOS}: served only to who may read the machines`,
    }),
})
export type EquipmentRow = z.output<typeof equipmentRow>

/** What a machine is called: its brand and model, else its kind's own name, its serial number or its client's name. */
export const equipmentName = (
  e: Pick<EquipmentRecord, 'brand' | 'model' | 'kindName' | 'serialNumber' | 'clientName'>,
): string => [e.brand, e.model].filter(Boolean).join(' ') || e.kindName || e.serialNumber || e.clientName

/** A warranty's state on a day. */
export function warrantyState(ends: string | null, today: string): WarrantyState {
  if (!ends) return 'none'
  if (ends < today) return 'expired'
  return ends <= addDays(today, WARRANTY_ENDING_DAYS) ? 'ending' : 'covered'
}

/** A stored machine as the API answers it, its warranty read on today's day in its zone. */
export const equipmentRowOf = (e: EquipmentRecord, now: number): EquipmentRow => {
  const { timeZone, ...rest } = e
  return {
    ...rest,
    photos: (e.photos ?? []).map((p) => ({ ...p, day: dateIn(timeZone, Date.parse(p.at)) })),
    name: equipmentName(e),
    status: e.active ? 'active' : 'retired',
    warranty: warrantyState(e.warrantyEnds, dateIn(timeZone, now)),
  }
}

/** A machine in one line (a picker's option): its name, its serial number and where it is. */
export const equipmentLabel = (e: Pick<EquipmentRow, 'name' | 'serialNumber' | 'location'>) =>
  [e.name, e.serialNumber && e.serialNumber !== e.name ? `S/N ${e.serialNumber}` : '', e.location]
    .filter(Boolean)
    .join(' · ')
