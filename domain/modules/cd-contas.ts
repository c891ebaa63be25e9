import { z } from 'zod'
import { accountInput, accountRow } from '../schemas/accounts.ts'
import { declareModule } from '../module.ts'

/**
 * cd_contas (docs/domain.md): the company's accounts — cash, bank, Pix — where payments land and
 * payables leave, each with its balance (its opening plus its movements); deactivated, never deleted.
 */
export const accounts = declareModule({
  id: 'cd_contas',
  page: {
    titles: { en: 'Accounts', es: 'Cuentas', pt: 'Contas' },
    icon: 'M3 10l9-6 9 6M5 10v8M10 10v8M14 10v8M19 10v8M3 20h18',
    group: 'money',
    order: 85,
  },
  roles: { admin: 'delete', manager: 'delete', finance: 'delete' },
  api: {
    noun: 'Account',
    nouns: 'Accounts',
    unique: ['name'],
    examples: {
      create: { name: 'Banco do Brasil', kind: 'bank', methods: ['pix', 'transfer', 'boleto'], opening: 250000 },
      replace: { name: 'Caixa da loja', kind: 'cash', methods: ['cash'], opening: 0 },
      update: { notes: 'The shop’s till' },
    },
    row: accountRow,
    id: z.string().uuid(),
    idKey: 'id',
    nameKey: 'name',
    input: { create: accountInput, edit: accountInput },
    list: {
      sortable: ['name', 'kind', 'balance', 'active'],
      defaultSort: 'name',
      search: (a) => `${a.name} ${a.notes}`,
      active: (a) => a.active,
    },
    csv: [
      ['Name', (a) => a.name],
      ['Kind', (a) => a.kind],
      ['Methods', (a) => a.methods.join(', ')],
      ['Opening', (a) => (a.opening / 100).toFixed(2)],
      ['In', (a) => (a.inflow / 100).toFixed(2)],
      ['Out', (a) => (a.outflow / 100).toFixed(2)],
      ['Balance', (a) => (a.balance / 100).toFixed(2)],
      ['Currency', (a) => a.currency],
      ['Active', (a) => (a.active ? 'yes' : 'no')],
    ],
    deactivatable: true,
    activity: true,
  },
})
