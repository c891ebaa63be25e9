import { z } from 'zod'
import { pageInput, pageRow } from '../schemas/admin.ts'
import { declareModule } from '../module.ts'

/**
 * ac_paginas (docs/domain.md): the company's registry of screens. The pages are the product's
 * (its modules): here they are renamed, reordered, regrouped, hidden or shown again, never
 * created or deleted.
 */
export const pages = declareModule({
  id: 'ac_paginas',
  page: {
    titles: { en: 'Pages', es: 'Páginas', pt: 'Páginas' },
    icon: 'M5 4h14v16H5zM9 8h6M9 12h6M9 16h3',
    group: 'admin',
    order: 130,
  },
  roles: { admin: 'delete' },
  api: {
    noun: 'Page',
    nouns: 'Pages',
    examples: {
      replace: {
        title_en: 'Clients',
        title_es: 'Clientes',
        title_pt: 'Clientes',
        icon: 'M4 20c0-4 4-6 8-6s8 2 8 6M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8',
        group: 'field',
        order: 10,
        active: true,
      },
      update: { order: 15 },
    },
    row: pageRow,
    id: z.string().regex(/^[a-z_]{2,40}$/, 'must be a module name'),
    idKey: 'module',
    nameKey: 'title_en',
    input: { edit: pageInput },
    list: {
      sortable: ['order', 'module', 'title_en', 'group', 'active'],
      defaultSort: 'order',
      search: (p) => `${p.module} ${p.title_en} ${p.title_es} ${p.title_pt}`,
      active: (p) => p.active,
    },
    csv: [
      ['module', (r) => r.module],
      ['title_en', (r) => r.title_en],
      ['title_es', (r) => r.title_es],
      ['title_pt', (r) => r.title_pt],
      ['group', (r) => r.group],
      ['order', (r) => r.order],
      ['active', (r) => (r.active ? 'S' : 'N')],
    ],
    deactivatable: true,
  },
})
