import { z } from 'zod'
import { clientFields, clientInput, clientRow, clientRowOf, type ClientInput, type ClientRecord, type ClientRow, CLIENTS } from '../../domain/schemas/clients.ts'
import { collectionSource } from '../lib/collection-source.ts'
import type { Deps } from '../lib/deps.ts'
import { fieldError } from '../lib/errors.ts'
import { checked } from '../lib/validate.ts'
import { resourceRoutes, type Caller, type ResourceDefinition } from '../lib/resource.ts'

const source = collectionSource<ClientRecord>(CLIENTS)

/** A tax id is one client's in a company: another with the same digits is refused at the field. */
async function checkTaxId(who: Caller, taxId: string, self?: string) {
  if (!taxId) return
  const digits = taxId.replace(/\D/g, '')
  const taken = (await source.list(who)).some((c) => c.id !== self && c.taxId.replace(/\D/g, '') === digits)
  if (taken) throw fieldError('taxId', 'tax_id_taken')
}

/**
 * cd_cliente (DOMAIN.md): the company's clients, seen from every branch; persons with a CPF and
 * businesses with a CNPJ, contacts and service addresses. A client is deactivated, never deleted
 * (their quotes, orders and invoices keep pointing at them).
 */
export function cdClienteRoutes(deps: Deps) {
  const clients = {
    module: 'cd_cliente',
    noun: 'Client',
    id: z.string().uuid(),
    row: clientRow,
    toRow: clientRowOf,
    idOf: (c) => c.id,
    source,
    list: {
      sortable: ['name', 'kind', 'taxId', 'city', 'createdAt', 'active'],
      defaultSort: 'name',
      search: (c) => `${c.name} ${c.tradeName} ${c.taxId} ${c.taxId.replace(/\D/g, '')} ${c.email} ${c.phone} ${c.city} ${c.tags.join(' ')}`,
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
    create: {
      input: clientInput,
      async make(who, input) {
        await checkTaxId(who, input.taxId)
        return { id: crypto.randomUUID(), ...input, active: true, createdAt: new Date(deps.now()).toISOString() }
      },
    },
    edit: {
      input: clientFields,
      async apply(who, current, input, id) {
        const next = checked(clientInput, { ...current, ...input })
        await checkTaxId(who, next.taxId, id)
        return { ...current, ...next }
      },
    },
    deactivate: { set: (_who, current, active) => ({ ...current, active }) },
  } satisfies ResourceDefinition<ClientRecord, ClientRow, string, ClientInput, ClientInput>
  return resourceRoutes(deps, clients)
}
