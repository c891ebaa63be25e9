import { equipment } from '../../../domain/modules/cd-equipamento.ts'
import { equipmentLabel } from '../../../domain/schemas/equipment.ts'
import { pickerOf } from '../../kit/module'

/** A client's machines in service, for an order's boxes (narrowed to the picked client). */
export const equipmentPicker = pickerOf(equipment, 'name', (e) => ({ value: e.id, label: equipmentLabel(e) }), {
  narrow: ['clientId'],
})
