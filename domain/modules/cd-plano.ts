import { z } from 'zod'
import { PLAN_STATES, planFields, planInput, planRow } from '../schemas/plans.ts'
import { declareModule } from '../module.ts'

/**
 * cd_plano (docs/domain.md maintenance plans): the contracts that bring the company back to a
 * client's machines on a periodicity; each makes its service orders ahead, once per visit due.
 */
export const plans = declareModule({
  id: 'cd_plano',
  page: {
    titles: { en: 'Maintenance plans', es: 'Planes de mantenimiento', pt: 'Planos de manutenção' },
    icon: 'M4 4h16v16H4zM4 9h16M9 4v5M8 13h3M8 16h6',
    group: 'field',
    order: 17,
  },
  roles: { admin: 'delete', manager: 'delete', dispatcher: 'edit', finance: 'view' },
  api: {
    noun: 'Maintenance plan',
    nouns: 'Maintenance plans',
    examples: {
      create: {
        name: 'Hotel Mar Azul — air conditioning',
        clientId: '0b6c1a52-3f4e-4d7a-9c1b-2a5e8f0d3c71',
        items: [
          {
            equipmentId: '7d2f1c3a-5b6e-4f70-8a91-b2c3d4e5f601',
            jobId: '3e4f5a6b-7c8d-4e9f-a0b1-c2d3e4f5a6b7',
            periodicity: 'monthly',
          },
        ],
        startsOn: '2027-01-10',
        endsOn: '2027-12-31',
        billing: 'monthly_fee',
        monthlyFee: 45000,
        invoiceDay: 5,
      },
      replace: {
        name: 'Clínica Sorriso — boiler',
        clientId: '0b6c1a52-3f4e-4d7a-9c1b-2a5e8f0d3c71',
        items: [
          {
            equipmentId: '7d2f1c3a-5b6e-4f70-8a91-b2c3d4e5f601',
            jobId: '3e4f5a6b-7c8d-4e9f-a0b1-c2d3e4f5a6b7',
            periodicity: 'semiannual',
          },
        ],
        startsOn: '2027-02-01',
      },
      update: { aheadDays: 45 },
    },
    row: planRow,
    id: z.string().uuid(),
    idKey: 'id',
    nameKey: 'name',
    input: { create: planInput, edit: planFields },
    list: {
      sortable: ['name', 'clientName', 'startsOn', 'endsOn', 'nextVisit', 'active'],
      defaultSort: 'name',
      search: (p) => `${p.name} ${p.clientName} ${p.notes}`,
      active: (p) => p.active,
      states: { key: 'state', values: PLAN_STATES },
    },
    csv: [
      ['Name', (p) => p.name],
      ['Client', (p) => p.clientName],
      ['Machines', (p) => p.items.length],
      ['Starts on', (p) => p.startsOn],
      ['Ends on', (p) => p.endsOn ?? ''],
      ['Billing', (p) => p.billing],
      ['Monthly fee', (p) => (p.billing === 'monthly_fee' ? (p.monthlyFee / 100).toFixed(2) : '')],
      ['Next visit', (p) => p.nextVisit ?? ''],
      ['State', (p) => p.state],
    ],
    deactivatable: true,
    activity: true,
  },
})
