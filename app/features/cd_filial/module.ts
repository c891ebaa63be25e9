import { branchInput } from '../../../domain/schemas/admin.ts'
import { branchRowSchema } from '../../../domain/schemas/tenancy.ts'
import type { FeatureModule } from '../../kit/module'

/** cd_filial (DOMAIN.md): the branches of the current company, one of them the main one. */
export const branches = {
  module: 'cd_filial',
  newTitle: 'new_branch',
  api: '/cd_filial',
  row: branchRowSchema,
  idKey: 'COD_FILIAL',
  nameKey: 'NOM_FILIAL',
  defaultSort: 'COD_FILIAL',
  input: { create: branchInput, edit: branchInput },
  columns: [
    { key: 'COD_FILIAL', label: 'f_code', sortable: true },
    { key: 'NOM_FILIAL', label: 'f_branch_name', sortable: true },
    { key: 'PREFIX', label: 'f_prefix', sortable: true },
    { key: 'FLG_PRINCIPAL', label: 'f_main_branch', sortable: true, show: 'yesno' },
    { key: 'ACTIVE', label: 'admin_status', sortable: true, show: 'active' },
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
  setupStep: { label: 'setup_branch', href: '/view/cd_filial', query: 'size=2&all=1', done: (list) => list.pagination.length > 1 || list.items.some((b) => b.PREFIX !== 'MAIN') },
  deactivateWarning: { path: (id) => `/cd_filial/${encodeURIComponent(id)}/sole-users`, text: 'branch_sole_users' },
} satisfies FeatureModule
