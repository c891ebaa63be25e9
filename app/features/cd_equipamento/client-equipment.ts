import { z } from 'zod'
import type { FeatureModule } from '../../kit/module'
import { EQUIPMENT_STATUS_LABELS, KIND_LABELS } from './labels'

/** What the client's record shows of each machine (the rest of its row is not read there). */
const listedRow = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  serialNumber: z.string(),
  location: z.string(),
  status: z.string(),
})

/** A client's machines as their record's page lists them (not shown to who may not read equipment). */
export const CLIENT_EQUIPMENT: NonNullable<FeatureModule['related']>[number] = {
  title: 'client_equipment',
  path: (id) => `/cd_equipamento/of-client?clientId=${encodeURIComponent(id)}`,
  row: listedRow,
  href: (row) => `/view/cd_equipamento/${encodeURIComponent(String(row.id))}`,
  columns: [
    { key: 'name', label: 'f_equipment' },
    { key: 'kind', label: 'f_kind', labels: KIND_LABELS },
    { key: 'serialNumber', label: 'f_serial_number' },
    { key: 'location', label: 'f_location_in_building' },
    { key: 'status', label: 'admin_status', labels: EQUIPMENT_STATUS_LABELS },
  ],
}
