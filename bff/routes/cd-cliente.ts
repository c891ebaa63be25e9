import { clients } from '../../domain/modules/cd-cliente.ts'
import { clientInput, clientRowOf, type ClientRecord, CLIENTS } from '../../domain/schemas/clients.ts'
import { collectionSource } from '../lib/collection-source.ts'
import type { Deps } from '../lib/deps.ts'
import { uniqueField } from '../lib/unique-field.ts'
import { checked } from '../lib/validate.ts'
import { resourceRoutes, type ResourceServer } from '../lib/resource.ts'

const source = collectionSource<ClientRecord>(CLIENTS)

/** A tax id is one client's in a company (its digits compared): a second answers 409 tax_id_taken. */
const taxIds = uniqueField(CLIENTS, source, 'taxId', (c: ClientRecord) => c.taxId.replace(/\D/g, ''), 'tax_id_taken')

/**
 * cd_cliente (docs/domain.md): the company's clients, seen from every branch; persons with a CPF and
 * businesses with a CNPJ, contacts and service addresses. A client is deactivated, never deleted
 * (their quotes, orders and invoices keep pointing at them).
 */
export function cdClienteRoutes(deps: Deps) {
  return resourceRoutes(deps, clients, {
    toRow: clientRowOf,
    idOf: (c) => c.id,
    source,
    create: {
      async make(who, input) {
        const client = {
          id: who.newId(),
          ...input,
          active: true,
          createdAt: new Date(deps.now()).toISOString(),
        }
        await taxIds.claim(who, client)
        return client
      },
      undo: (who, made) => taxIds.release(who, made),
    },
    edit: {
      async apply(who, current, input) {
        const next = { ...current, ...checked(clientInput, { ...current, ...input }) }
        if (!taxIds.same(current, next)) await taxIds.claim(who, next)
        return next
      },
      async after(who, saved, before) {
        if (!taxIds.same(before, saved.value)) await taxIds.release(who, before)
      },
      async undo(who, attempted, current) {
        if (!taxIds.same(current, attempted)) await taxIds.release(who, attempted)
      },
    },
    deactivate: { set: (_who, current, active) => ({ ...current, active }) },
  } satisfies ResourceServer<typeof clients, ClientRecord>)
}
