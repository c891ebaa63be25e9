import { jobs as jobsModule } from '../../../domain/modules/cd-job.ts'
import { defineFeature } from '../../kit/module'

/** cd_job (docs/domain.md): the service catalogue quote and order lines pick from. */
export const jobs = defineFeature(jobsModule, {
  newTitle: 'new_job',
  setupStep: { label: 'setup_jobs', href: '/view/cd_job/new', done: (list) => list.pagination.length > 0 },
  columns: [
    { key: 'code', label: 'f_code' },
    { key: 'name', label: 'f_name' },
    { key: 'unit', label: 'f_unit', labels: { hour: 'unit_hour', unit: 'unit_unit', visit: 'unit_visit' } },
    { key: 'unitPrice', label: 'f_unit_price', show: 'money' },
    { key: 'durationMinutes', label: 'f_duration' },
    { key: 'active', label: 'admin_status', show: 'active' },
  ],
  fields: [
    { name: 'code', label: 'f_code', type: 'text', required: true },
    { name: 'name', label: 'f_name', type: 'text', required: true },
    {
      name: 'unit',
      label: 'f_unit',
      type: 'select',
      required: true,
      options: [
        ['hour', 'unit_hour'],
        ['unit', 'unit_unit'],
        ['visit', 'unit_visit'],
      ],
    },
    { name: 'unitPrice', label: 'f_unit_price', type: 'money', required: true },
    { name: 'taxPercent', label: 'f_tax_percent', type: 'text' },
    { name: 'durationMinutes', label: 'f_duration', type: 'text' },
    { name: 'skills', label: 'f_skills', type: 'text', wide: true },
    { name: 'description', label: 'f_description', type: 'textarea', wide: true },
    { name: 'checklist', label: 'f_checklist', type: 'textarea', wide: true },
  ],
})
