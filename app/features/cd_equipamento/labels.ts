import type { EquipmentKind } from '../../../domain/schemas/equipment.ts'
import type { TextKey } from '../../kit/module'

/** A machine's kind as the user reads it. */
export const KIND_LABELS = {
  air_conditioner: 'equipment_air_conditioner',
  boiler: 'equipment_boiler',
  generator: 'equipment_generator',
  elevator: 'equipment_elevator',
  other: 'equipment_other',
} as const satisfies Record<EquipmentKind, TextKey>

/** A machine's warranty as of today. */
export const WARRANTY_LABELS = {
  ending: 'warranty_ending',
  covered: 'warranty_covered',
  expired: 'warranty_expired',
  none: 'warranty_none',
} as const

/** In service or retired. */
export const EQUIPMENT_STATUS_LABELS = { active: 'equipment_active', retired: 'equipment_retired_state' } as const
