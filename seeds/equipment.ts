import { addDays, dateIn } from '../domain/dates.ts'
import { addressLine, type ClientRecord } from '../domain/schemas/clients.ts'
import type { EquipmentRecord } from '../domain/schemas/equipment.ts'
import type { StoredOrder } from '../domain/schemas/orders.ts'
import { seeded } from './random.ts'

const AIR_CONDITIONERS = [
  ['Daikin', 'FTXS35', 12_000],
  ['Midea', 'Xtreme Save 18', 18_000],
  ['LG', 'Dual Inverter S4', 24_000],
  ['Samsung', 'WindFree 9', 9_000],
  ['Carrier', 'X-Power 30', 30_000],
] as const
const ROOMS = ['Recepção', 'Sala de reunião, 2º andar', 'Escritório', 'Cozinha', 'Quarto 101', 'Consultório 3']

/**
 * The demo's machines (docs/domain.md cd_equipamento): split air conditioners at each business
 * client's main address, a boiler at the first and a chiller of the company's own kind at the
 * second; warranties around the day the data is loaded (one ends within the month); and the
 * orders of those clients name their first machine, so a machine's page shows its visits.
 */
export function seedEquipment(
  clients: ClientRecord[],
  orders: StoredOrder[],
  now: number,
  timeZone: string,
): { equipment: EquipmentRecord[]; orders: StoredOrder[] } {
  const r = seeded(7070)
  const today = dateIn(timeZone, now)
  // the first business clients by name (the first of the list has machines to show)
  const businesses = clients
    .filter((c) => c.kind === 'business')
    .sort((a, b) => a.name.localeCompare(b.name))
    .slice(0, 6)
  const equipment = businesses.flatMap((client, i): EquipmentRecord[] => {
    const address = client.addresses.find((a) => a.isDefault) ?? client.addresses[0]
    const base = {
      clientId: client.id,
      clientName: client.name,
      serviceAddress: address ? addressLine(address) : '',
      kindName: '',
      notes: '',
      active: true,
      timeZone,
      createdAt: new Date(now - 200 * 86_400_000).toISOString(),
    }
    const splits = Array.from({ length: 2 + (i % 2) }, (_, k): EquipmentRecord => {
      const [brand, model, btu] = AIR_CONDITIONERS[(i + k) % AIR_CONDITIONERS.length]
      const installedOn = addDays(today, -r.int(120, 900))
      // the first client's first unit: its warranty ends within the month (the home says so)
      const warrantyEnds = i === 0 && k === 0 ? addDays(today, 12) : addDays(installedOn, 365 * r.int(1, 3))
      return {
        ...base,
        id: r.uuid(),
        kind: 'air_conditioner',
        brand,
        model,
        serialNumber: `${brand.slice(0, 2).toUpperCase()}-${r.int(1000, 9999)}-${r.int(100, 999)}`,
        capacity: btu,
        capacityUnit: 'btu_h',
        location: ROOMS[(i + k) % ROOMS.length],
        installedOn,
        warrantyEnds,
      }
    })
    const extra: EquipmentRecord[] =
      i === 0
        ? [
            {
              ...base,
              id: r.uuid(),
              kind: 'boiler',
              brand: 'Rinnai',
              model: 'REU 2802',
              serialNumber: `RI-${r.int(10000, 99999)}`,
              capacity: 28,
              capacityUnit: 'kw',
              location: 'Casa de máquinas',
              installedOn: addDays(today, -700),
              warrantyEnds: addDays(today, -335),
            },
          ]
        : i === 1
          ? [
              {
                ...base,
                id: r.uuid(),
                kind: 'other',
                kindName: 'Chiller',
                brand: 'Trane',
                model: 'CGAM 120',
                serialNumber: `TR-${r.int(10000, 99999)}`,
                capacity: 120,
                capacityUnit: 'tr',
                location: 'Cobertura',
                installedOn: null,
                warrantyEnds: null,
              },
            ]
          : []
    return [...splits, ...extra]
  })
  const firstOf = new Map<string, string>()
  for (const machine of equipment) if (!firstOf.has(machine.clientId)) firstOf.set(machine.clientId, machine.id)
  return {
    equipment,
    orders: orders.map((o) => (firstOf.has(o.clientId) ? { ...o, equipmentIds: [firstOf.get(o.clientId)!] } : o)),
  }
}
