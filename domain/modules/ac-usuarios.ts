import { z } from 'zod'
import { userCreateInput, userRow, userUpdateInput } from '../schemas/admin.ts'
import { declareModule } from '../module.ts'

/** ac_usuarios (docs/domain.md): the people of the current company, their role and branch; invited, then deactivated, never deleted. */
export const users = declareModule({
  id: 'ac_usuarios',
  page: {
    titles: { en: 'Users', es: 'Usuarios', pt: 'Usuários' },
    icon: 'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6M3 20c0-3 3-5 6-5s6 2 6 5M17 11a3 3 0 1 0 0-6M21 20c0-3-2-5-4-5',
    group: 'admin',
    order: 120,
  },
  roles: { admin: 'delete', manager: 'view' },
  api: {
    noun: 'User',
    nouns: 'Users',
    examples: {
      create: { name: 'Bruno Lima', email: 'bruno.lima@example.com', role: 'technician', filial: 2 },
      replace: { role: 'technician', filial: 2, active: true },
      update: { role: 'dispatcher' },
    },
    row: userRow,
    id: z.string().uuid('must be a user id'),
    idKey: 'id',
    nameKey: 'name',
    input: { create: userCreateInput, edit: userUpdateInput },
    list: {
      sortable: ['name', 'email', 'role', 'active'],
      defaultSort: 'name',
      search: (r) => `${r.name} ${r.email}`,
      active: (r) => r.active,
    },
    csv: [
      ['name', (r) => r.name],
      ['email', (r) => r.email],
      ['role', (r) => r.role],
      ['filial', (r) => r.filial],
      ['culture', (r) => r.culture],
      ['active', (r) => (r.active ? 'S' : 'N')],
    ],
    deactivatable: true,
    // a pending invitation's link again (a person has no states: the pages offer them while invited)
    actions: {
      'invitation-link': { from: [] },
      'resend-invitation': { from: [] },
    },
  },
})
