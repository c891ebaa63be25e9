import { branches as branchesModule } from '../../../domain/modules/cd-filial.ts'
import { defineFeature } from '../../kit/module'

/** cd_filial (docs/domain.md): the branches of the current company, one of them the main one. */
export const branches = defineFeature(branchesModule, {
  newTitle: 'new_branch',
  columns: [
    { key: 'COD_FILIAL', label: 'f_code' },
    { key: 'NOM_FILIAL', label: 'f_branch_name' },
    { key: 'PREFIX', label: 'f_prefix' },
    { key: 'FLG_PRINCIPAL', label: 'f_main_branch', show: 'yesno' },
    { key: 'ACTIVE', label: 'admin_status', show: 'active' },
  ],
  fields: [
    { name: 'NOM_FILIAL', label: 'f_branch_name', type: 'text', required: true },
    { name: 'PREFIX', label: 'f_prefix', type: 'text', required: true },
    { name: 'CNPJ', label: 'f_cnpj', type: 'text' },
    { name: 'TIME_ZONE', label: 'f_time_zone', type: 'timezone' },
    { name: 'ENDERECO', label: 'f_address', type: 'text', wide: true },
    { name: 'FLG_PRINCIPAL', label: 'f_main_branch', type: 'checkbox', values: ['S', 'N'] },
  ],
  // a new company's one branch is named after it with the prefix MAIN: setting it up is a step of its own
  setupStep: {
    label: 'setup_branch',
    href: '/view/cd_filial',
    query: 'size=2&all=1',
    done: (list) => list.pagination.length > 1 || list.items.some((b) => b.PREFIX !== 'MAIN'),
  },
  deactivateWarning: { path: (id) => `/cd_filial/${encodeURIComponent(id)}/sole-users`, text: 'branch_sole_users' },
})
