import { clients } from '../../domain/modules/cd-cliente.ts'
import { clientInput, clientRowOf, type ClientRecord, CLIENTS } from '../../domain/schemas/clients.ts'
import { collectionSource } from '../lib/collection-source.ts'
import type { Deps } from '../lib/deps.ts'
import { fieldError } from '../lib/errors.ts'
import { checked } from '../lib/validate.ts'
import { resourceRoutes, type Caller, type ResourceServer } from '../lib/resource.ts'

const source = collectionSource<ClientRecord>(CLIENTS)

/** A tax id is one client's in a company: another with the same digits is refused at the field. */
async function checkTaxId(who: Caller, taxId: string, self?: string) {
  if (!taxId) return
  const digits = taxId.replace(/\D/g, '')
  const taken = (await source.list(who)).some((c) => c.id !== self && c.taxId.replace(/\D/g, '') === digits)
  if (taken) throw fieldError('taxId', 'tax_id_taken')
}

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
        await checkTaxId(who, input.taxId)
        return { id: crypto.randomUUID(), ...input, active: true, createdAt: new Date(deps.now()).toISOString() }
      },
    },
    edit: {
      async apply(who, current, input, id) {
        const next = checked(clientInput, { ...current, ...input })
        await checkTaxId(who, next.taxId, id)
        return { ...current, ...next }
      },
    },
    deactivate: { set: (_who, current, active) => ({ ...current, active }) },
  } satisfies ResourceServer<typeof clients, ClientRecord>)
}
