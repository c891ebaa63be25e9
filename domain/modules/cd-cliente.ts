import { z } from 'zod'
import { clientFields, clientInput, clientRow } from '../schemas/clients.ts'
import { declareModule } from '../module.ts'

/** cd_cliente (docs/domain.md): the company's clients, seen from every branch; deactivated, never deleted. */
export const clients = declareModule({
  id: 'cd_cliente',
  page: {
    titles: { en: 'Clients', es: 'Clientes', pt: 'Clientes' },
    icon: 'M4 20c0-4 4-6 8-6s8 2 8 6M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8',
    group: 'field',
    order: 10,
  },
  roles: { admin: 'delete', manager: 'delete', dispatcher: 'edit', technician: 'view', finance: 'view' },
  api: {
    noun: 'Client',
    nouns: 'Clients',
    unique: ['taxId'],
    examples: {
      create: {
        kind: 'business',
        name: 'Padaria Pão Quente',
        taxId: '11.222.333/0001-81',
        contacts: [{ kind: 'email', label: 'Office', value: 'office@paoquente.example' }],
        addresses: [{ label: 'Shop', street: 'Rua das Flores 10', city: 'São Paulo', isDefault: true }],
      },
      replace: {
        kind: 'person',
        name: 'Ana Souza',
        contacts: [{ kind: 'phone', label: 'Mobile', value: '+55 11 98765-4321' }],
        addresses: [{ label: 'Home', street: 'Rua Augusta 500', city: 'São Paulo', isDefault: true }],
      },
      update: { notes: 'Prefers visits in the morning' },
    },
    row: clientRow,
    id: z.string().uuid(),
    idKey: 'id',
    nameKey: 'name',
    input: { create: clientInput, edit: clientFields },
    list: {
      sortable: ['name', 'kind', 'taxId', 'city', 'createdAt', 'active'],
      defaultSort: 'name',
      // every address's street and city, not only the default one's
      search: (c) =>
        `${c.name} ${c.tradeName} ${c.taxId} ${c.taxId.replace(/\D/g, '')} ${c.email} ${c.phone} ${c.addresses.map((a) => `${a.street} ${a.city}`).join(' ')} ${c.tags.join(' ')}`,
      active: (c) => c.active,
    },
    csv: [
      ['Name', (c) => c.name],
      ['Trade name', (c) => c.tradeName],
      ['Kind', (c) => c.kind],
      ['Tax id', (c) => c.taxId],
      ['E-mail', (c) => c.email],
      ['Phone', (c) => c.phone],
      ['City', (c) => c.city],
      ['Tags', (c) => c.tags.join(', ')],
      ['Active', (c) => (c.active ? 'yes' : 'no')],
    ],
    deactivatable: true,
    activity: true,
    headerSearch: {
      group: 'clients',
      sort: 'name',
      value: (c) => c.name,
      detail: (c) => [c.taxId, c.city].filter(Boolean).join(' · '),
    },
  },
})
