import { z } from 'zod'
import { companyInput, companyRow } from '../schemas/admin.ts'
import { declareModule } from '../module.ts'

/** ac_empresas (docs/domain.md): the companies the caller holds, each checked with the caller's level in it. */
export const companies = declareModule({
  id: 'ac_empresas',
  page: {
    titles: { en: 'Companies', es: 'Empresas', pt: 'Empresas' },
    icon: 'M4 21V5h10v16M14 9h6v12M7 9h4M7 13h4',
    group: 'admin',
    order: 100,
  },
  roles: { admin: 'delete', manager: 'edit' },
  api: {
    noun: 'Company',
    nouns: 'Companies',
    examples: {
      create: {
        NOME_EMPRESA: 'Souza Refrigeração',
        RAZAO_SOCIAL: 'Souza Refrigeração Ltda',
        CNPJ: '11.444.777/0001-61',
        CURRENCY: 'BRL',
        CULTURE: 'pt',
        TIME_ZONE: 'America/Sao_Paulo',
      },
      replace: {
        NOME_EMPRESA: 'Acme Field Services',
        RAZAO_SOCIAL: 'Acme Field Services Ltda',
        CNPJ: '11.222.333/0001-81',
        CURRENCY: 'BRL',
        CULTURE: 'pt',
        TIME_ZONE: 'America/Sao_Paulo',
      },
      update: { TELEFONE: '+55 11 3333-4444' },
    },
    row: companyRow,
    id: z.coerce.number().int().positive(),
    idKey: 'COD_EMPRESA',
    nameKey: 'NOME_EMPRESA',
    input: { create: companyInput, edit: companyInput },
    // the creator becomes the new company's admin: only who holds the full level here may (a manager may edit, not found companies)
    createLevel: 'delete',
    list: {
      sortable: ['COD_EMPRESA', 'NOME_EMPRESA', 'CNPJ', 'ACTIVE'],
      defaultSort: 'NOME_EMPRESA',
      search: (c) => `${c.NOME_EMPRESA} ${c.RAZAO_SOCIAL} ${c.CNPJ}`,
      active: (c) => c.ACTIVE,
    },
    csv: [
      ['COD_EMPRESA', (r) => r.COD_EMPRESA],
      ['NOME_EMPRESA', (r) => r.NOME_EMPRESA],
      ['RAZAO_SOCIAL', (r) => r.RAZAO_SOCIAL],
      ['CNPJ', (r) => r.CNPJ],
      ['EMAIL', (r) => r.EMAIL],
      ['TELEFONE', (r) => r.TELEFONE],
      ['CURRENCY', (r) => r.CURRENCY],
      ['CULTURE', (r) => r.CULTURE],
      ['TIME_ZONE', (r) => r.TIME_ZONE],
      ['ACTIVE', (r) => (r.ACTIVE ? 'S' : 'N')],
    ],
    deactivatable: true,
  },
})
