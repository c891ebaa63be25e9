import { pageInput, pageRow } from '../../../domain/schemas/admin.ts'
import type { FeatureModule } from '../../kit/module'

/** ac_paginas (DOMAIN.md): the company's registry of screens (renamed, regrouped, reordered, hidden). */
export const pages = {
  module: 'ac_paginas',
  api: '/ac_paginas',
  row: pageRow,
  idKey: 'module',
  nameKey: 'title_en',
  defaultSort: 'order',
  input: { edit: pageInput },
  columns: [
    { key: 'order', label: 'f_order', sortable: true },
    { key: 'module', label: 'f_module', sortable: true },
    { key: 'title_en', label: 'f_title_en', sortable: true },
    { key: 'group', label: 'f_group', sortable: true, labels: { field: 'group_field', money: 'group_money', admin: 'group_admin' } },
    { key: 'active', label: 'admin_status', sortable: true, show: 'active' },
  ],
  fields: [
    { name: 'title_en', label: 'f_title_en', type: 'text', required: true },
    { name: 'title_es', label: 'f_title_es', type: 'text', required: true },
    { name: 'title_pt', label: 'f_title_pt', type: 'text', required: true },
    { name: 'group', label: 'f_group', type: 'select', options: [['field', 'group_field'], ['money', 'group_money'], ['admin', 'group_admin']] },
    { name: 'order', label: 'f_order', type: 'number', required: true },
    { name: 'icon', label: 'f_icon', type: 'text', wide: true, required: true },
  ],
} satisfies FeatureModule
