import { z } from 'zod'
import { equipmentFields, equipmentInput, equipmentRow, WARRANTY_STATES } from '../schemas/equipment.ts'
import { declareModule } from '../module.ts'

/**
 * cd_equipamento (docs/domain.md): the clients' machines at their addresses (air conditioners,
 * boilers, generators, elevators ...), each with its history of visits; retired, never deleted.
 */
export const equipment = declareModule({
  id: 'cd_equipamento',
  page: {
    titles: { en: 'Equipment', es: 'Equipos', pt: 'Equipamentos' },
    icon: 'M4 5h16v10H4zM8 19h8M12 15v4M8 10h.01M12 10h4',
    group: 'field',
    order: 15,
  },
  roles: { admin: 'delete', manager: 'delete', dispatcher: 'edit', technician: 'view', finance: 'view' },
  api: {
    noun: 'Equipment',
    nouns: 'Equipment',
    unique: ['serialNumber'],
    examples: {
      create: {
        clientId: '0b6c1a52-3f4e-4d7a-9c1b-2a5e8f0d3c71',
        kind: 'air_conditioner',
        brand: 'Daikin',
        model: 'FTXS35',
        serialNumber: 'DK-2291-AX7',
        capacity: 12000,
        capacityUnit: 'btu_h',
        location: 'Meeting room, 3rd floor',
        installedOn: '2025-03-10',
        warrantyEnds: '2027-03-10',
      },
      replace: {
        clientId: '0b6c1a52-3f4e-4d7a-9c1b-2a5e8f0d3c71',
        kind: 'other',
        kindName: 'Chiller',
        brand: 'Carrier',
        model: '30XA',
        capacity: 120,
        capacityUnit: 'tr',
      },
      update: { location: 'Roof' },
    },
    row: equipmentRow,
    id: z.string().uuid(),
    idKey: 'id',
    nameKey: 'name',
    input: { create: equipmentInput, edit: equipmentFields },
    list: {
      sortable: [
        'clientName',
        'name',
        'kind',
        'brand',
        'model',
        'serialNumber',
        'warrantyEnds',
        'installedOn',
        'active',
      ],
      defaultSort: 'clientName',
      search: (e) =>
        `${e.clientName} ${e.kindName} ${e.brand} ${e.model} ${e.serialNumber} ${e.serialNumber.replace(/\s+/g, '')} ${e.location} ${e.serviceAddress}`,
      active: (e) => e.active,
      states: { key: 'warranty', values: WARRANTY_STATES },
      filters: { links: ['clientId'], ranges: ['warrantyEnds'] },
    },
    csv: [
      ['Client', (e) => e.clientName],
      ['Service address', (e) => e.serviceAddress],
      ['Kind', (e) => e.kind],
      ['Kind name', (e) => e.kindName],
      ['Brand', (e) => e.brand],
      ['Model', (e) => e.model],
      ['Serial number', (e) => e.serialNumber],
      ['Capacity', (e) => e.capacity || ''],
      ['Capacity unit', (e) => (e.capacity ? e.capacityUnit : '')],
      ['Location', (e) => e.location],
      ['Installed on', (e) => e.installedOn ?? ''],
      ['Warranty ends', (e) => e.warrantyEnds ?? ''],
      ['Status', (e) => e.status],
    ],
    deactivatable: true,
    activity: true,
    headerSearch: {
      group: 'equipment',
      sort: 'clientName',
      value: (e) => e.name,
      detail: (e) => [e.clientName, e.serialNumber, e.location].filter(Boolean).join(' · '),
    },
  },
})
