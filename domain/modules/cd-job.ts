import { z } from 'zod'
import { jobInput, jobRow } from '../schemas/jobs.ts'
import { declareModule } from '../module.ts'

/** cd_job (docs/domain.md): the service catalogue quote and order lines pick from; deactivated, never deleted. */
export const jobs = declareModule({
  id: 'cd_job',
  page: {
    titles: { en: 'Services', es: 'Servicios', pt: 'Serviços' },
    icon: 'M4 8h16v11H4zM9 8V5h6v3',
    group: 'field',
    order: 20,
  },
  roles: { admin: 'delete', manager: 'delete', dispatcher: 'view', technician: 'view' },
  api: {
    noun: 'Job',
    nouns: 'Jobs',
    unique: ['code'],
    examples: {
      create: {
        code: 'AC-CLEAN',
        name: 'Air conditioner cleaning',
        unit: 'unit',
        unitPrice: 18000,
        taxPercent: 5,
        durationMinutes: 60,
        skills: ['hvac'],
        checklist: ['Clean the filters', 'Check the drain'],
      },
      replace: {
        code: 'AC-CHECK',
        name: 'Air conditioner check-up',
        unit: 'visit',
        unitPrice: 12000,
        taxPercent: 5,
        durationMinutes: 45,
      },
      update: { unitPrice: 12500 },
    },
    row: jobRow,
    id: z.string().uuid(),
    idKey: 'id',
    nameKey: 'name',
    input: { create: jobInput, edit: jobInput },
    list: {
      sortable: ['code', 'name', 'unit', 'unitPrice', 'durationMinutes', 'active'],
      defaultSort: 'code',
      search: (j) => `${j.code} ${j.name} ${j.description} ${j.skills.join(' ')}`,
      active: (j) => j.active,
    },
    csv: [
      ['Code', (j) => j.code],
      ['Name', (j) => j.name],
      ['Unit', (j) => j.unit],
      ['Unit price', (j) => (j.unitPrice / 100).toFixed(2)],
      ['Currency', (j) => j.currency],
      ['Tax %', (j) => j.taxPercent],
      ['Minutes', (j) => j.durationMinutes],
      ['Skills', (j) => j.skills.join(', ')],
      ['Active', (j) => (j.active ? 'yes' : 'no')],
    ],
    deactivatable: true,
    activity: true,
  },
})
