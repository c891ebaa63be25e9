import { equipment } from '../../../domain/modules/cd-equipamento.ts'
import { equipmentLabel } from '../../../domain/schemas/equipment.ts'
import { pickerOf } from '../../kit/module'

/**
 * A client's machines, for an order's boxes (narrowed to the picked client): up to 100, retired ones
 * too, so an order keeps the machines it named (one retired newly checked is refused by the API).
 */
export const equipmentPicker = pickerOf(equipment, 'name', (e) => ({ value: e.id, label: equipmentLabel(e) }), {
  fixed: { all: '1', size: '100' },
  narrow: ['clientId'],
})
