import { pages as pagesModule } from '../../../domain/modules/ac-paginas.ts'
import { defineFeature } from '../../kit/module'

/** ac_paginas (docs/domain.md): the company's registry of screens (renamed, regrouped, reordered, hidden). */
export const pages = defineFeature(pagesModule, {
  columns: [
    { key: 'order', label: 'f_order' },
    { key: 'module', label: 'f_module' },
    { key: 'title_en', label: 'f_title_en' },
    { key: 'group', label: 'f_group', labels: { field: 'group_field', money: 'group_money', admin: 'group_admin' } },
    { key: 'active', label: 'admin_status', show: 'active' },
  ],
  fields: [
    { name: 'title_en', label: 'f_title_en', type: 'text', required: true },
    { name: 'title_es', label: 'f_title_es', type: 'text', required: true },
    { name: 'title_pt', label: 'f_title_pt', type: 'text', required: true },
    {
      name: 'group',
      label: 'f_group',
      type: 'select',
      options: [
        ['field', 'group_field'],
        ['money', 'group_money'],
        ['admin', 'group_admin'],
      ],
    },
    { name: 'order', label: 'f_order', type: 'number', required: true },
    { name: 'icon', label: 'f_icon', type: 'text', wide: true, required: true },
  ],
})
