import { equipment as equipmentModule } from '../../../domain/modules/cd-equipamento.ts'
import { CAPACITY_UNITS, equipmentRow } from '../../../domain/schemas/equipment.ts'
import { orderRow } from '../../../domain/schemas/orders.ts'
import { z } from 'zod'
import { clientField, documentPickers, serviceAddressField } from '../document-fields'
import { defineFeature } from '../../kit/module'
import { ORDER_STATE_LABELS } from '../cd_ordem/labels'
import { visitsRelated } from '../techorders/visits-related'
import { EquipmentPhotos } from './equipment-photos'
import { EQUIPMENT_STATUS_LABELS, KIND_LABELS, WARRANTY_LABELS } from './labels'

const cardRow = equipmentRow.pick({ id: true, name: true, clientName: true, warrantyEnds: true })

/**
 * cd_equipamento (docs/domain.md): the clients' machines at their addresses; a machine's page
 * shows the orders for it and every visit's work on it.
 */
export const equipment = defineFeature(equipmentModule, {
  newTitle: 'new_equipment',
  deactivation: {
    deactivate: 'equipment_retire',
    activate: 'equipment_restore',
    confirm: 'equipment_confirm_retire',
    deactivated: 'done_equipment_retired',
    activated: 'done_equipment_restored',
  },
  states: WARRANTY_LABELS,
  columns: [
    { key: 'name', label: 'f_equipment' },
    { key: 'kind', label: 'f_kind', labels: KIND_LABELS },
    { key: 'clientName', label: 'f_client' },
    { key: 'serialNumber', label: 'f_serial_number' },
    { key: 'location', label: 'f_location_in_building' },
    { key: 'warrantyEnds', label: 'f_warranty_ends', show: 'date' },
    { key: 'status', label: 'admin_status', labels: EQUIPMENT_STATUS_LABELS },
  ],
  fields: [
    clientField,
    { ...serviceAddressField, label: 'f_equipment_address' },
    { name: 'kind', label: 'f_kind', type: 'select', required: true, options: Object.entries(KIND_LABELS) },
    { name: 'kindName', label: 'f_kind_name', hint: 'kind_name_hint', type: 'text', suggest: 'kindNames' },
    { name: 'brand', label: 'f_brand', type: 'text' },
    { name: 'model', label: 'f_model', type: 'text' },
    { name: 'serialNumber', label: 'f_serial_number', type: 'text' },
    { name: 'location', label: 'f_location_in_building', type: 'text' },
    { name: 'capacity', label: 'f_capacity', type: 'text' },
    {
      name: 'capacityUnit',
      label: 'f_capacity_unit',
      type: 'select',
      options: CAPACITY_UNITS.map((unit) => [unit, `capacity_${unit}`] as const),
    },
    { name: 'installedOn', label: 'f_installed_on', type: 'date' },
    { name: 'warrantyEnds', label: 'f_warranty_ends', type: 'date' },
    { name: 'notes', label: 'f_notes', type: 'textarea', wide: true },
  ],
  pickers: { clients: documentPickers.clients },
  // its photos: the nameplate, where it sits
  panel: EquipmentPhotos,
  panelAfterForm: true,
  lookups: async (get) => ({
    kindNames: (await get('/cd_equipamento/kind-names', z.array(z.string()))).map((name) => [name, name]),
  }),
  // its history: the orders that name it, and every visit's work on it (checklist, report, parts, photos)
  related: [
    visitsRelated('equipment_visits', (id) => `/cd_techorders?equipmentId=${encodeURIComponent(id)}`),
    {
      title: 'equipment_orders',
      path: (id) => `/cd_ordem/of-equipment?equipmentId=${encodeURIComponent(id)}`,
      row: orderRow,
      href: (row) => `/view/cd_ordem/${encodeURIComponent(String(row.id))}`,
      columns: [
        { key: 'number', label: 'f_number' },
        { key: 'status', label: 'f_state', labels: ORDER_STATE_LABELS },
        { key: 'createdAt', label: 'f_created', show: 'date' },
      ],
    },
  ],
  homeCards: [
    {
      id: 'warranties-ending',
      title: 'home_warranties_ending',
      empty: 'home_warranties_ending_none',
      query: { state: 'ending', sort: 'warrantyEnds', order: 'asc' },
      // for the office, who offers the renewal (a technician's home is his day)
      needs: { page: 'cd_equipamento', level: 'edit' },
      row: cardRow,
      item: (values, f) => {
        const row = values as z.output<typeof cardRow>
        return { label: row.name, detail: row.clientName, aside: row.warrantyEnds ? f.date(row.warrantyEnds) : '' }
      },
    },
  ],
})
