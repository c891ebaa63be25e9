import { z } from 'zod'
import { branchInput } from '../schemas/admin.ts'
import { branchRowSchema } from '../schemas/tenancy.ts'
import { declareModule } from '../module.ts'

/** cd_filial (docs/domain.md): the branches of the current company, one of them the main one. */
export const branches = declareModule({
  id: 'cd_filial',
  page: {
    titles: { en: 'Branches', es: 'Sucursales', pt: 'Filiais' },
    icon: 'M12 21s-7-6-7-11a7 7 0 0 1 14 0c0 5-7 11-7 11zM12 12a2 2 0 1 0 0-4 2 2 0 0 0 0 4',
    group: 'admin',
    order: 110,
  },
  roles: { admin: 'delete', manager: 'edit' },
  api: {
    noun: 'Branch',
    nouns: 'Branches',
    examples: {
      create: { NOM_FILIAL: 'Campinas', TIME_ZONE: 'America/Sao_Paulo', PREFIX: 'CPS' },
      replace: { NOM_FILIAL: 'Campinas', TIME_ZONE: 'America/Sao_Paulo', PREFIX: 'CPS', ENDERECO: 'Av. Norte 100' },
      update: { ENDERECO: 'Av. Norte 100' },
    },
    row: branchRowSchema,
    id: z.coerce.number().int().positive(),
    idKey: 'COD_FILIAL',
    nameKey: 'NOM_FILIAL',
    input: { create: branchInput, edit: branchInput },
    list: {
      sortable: ['COD_FILIAL', 'NOM_FILIAL', 'FLG_PRINCIPAL', 'PREFIX', 'ACTIVE'],
      defaultSort: 'COD_FILIAL',
      search: (b) => `${b.NOM_FILIAL} ${b.PREFIX}`,
      active: (b) => b.ACTIVE,
    },
    csv: [
      ['COD_FILIAL', (r) => r.COD_FILIAL],
      ['NOM_FILIAL', (r) => r.NOM_FILIAL],
      ['FLG_PRINCIPAL', (r) => r.FLG_PRINCIPAL],
      ['PREFIX', (r) => r.PREFIX],
      ['CNPJ', (r) => r.CNPJ],
      ['TIME_ZONE', (r) => r.TIME_ZONE],
      ['ACTIVE', (r) => (r.ACTIVE ? 'S' : 'N')],
    ],
    deactivatable: true,
  },
})
