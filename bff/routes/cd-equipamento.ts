import { z } from 'zod'
import { equipment } from '../../domain/modules/cd-equipamento.ts'
import { wrapper } from '../../domain/schemas/common.ts'
import {
  EQUIPMENT,
  equipmentInput,
  equipmentRow,
  equipmentRowOf,
  serialKey,
  type EquipmentInput,
  type EquipmentRecord,
} from '../../domain/schemas/equipment.ts'
import { collectionSource } from '../lib/collection-source.ts'
import type { Deps } from '../lib/deps.ts'
import { documentPricing, serviceAddressOf } from '../lib/document-pricing.ts'
import { uniqueField } from '../lib/unique-field.ts'
import { checked, valid } from '../lib/validate.ts'
import { doc } from '../lib/openapi.ts'
import { requireTenant } from '../lib/tenancy.ts'
import { callerOf, ok, resourceRoutes, type Caller, type ResourceServer } from '../lib/resource.ts'

const source = collectionSource<EquipmentRecord>(EQUIPMENT)

/** A serial number names one machine of a company (without case and spaces): a second answers 409 serial_taken. */
const serials = uniqueField(
  EQUIPMENT,
  source,
  'serialNumber',
  (e: EquipmentRecord) => serialKey(e.serialNumber),
  'serial_taken',
)

/**
 * cd_equipamento (docs/domain.md): the clients' machines, seen from every branch, each at one of
 * its client's service addresses, with a serial number one machine of the company holds; retired
 * (deactivated) and back in service, never deleted (its visits keep pointing at it).
 */
export function cdEquipamentoRoutes(deps: Deps) {
  const { clientOf } = documentPricing(deps)

  /** The fields as typed, with the client's name and address as the client has them now. */
  async function filled(who: Caller, input: EquipmentInput, current: EquipmentRecord | null) {
    const client = await clientOf(who, input.clientId)
    const moved = !current || current.clientId !== client.id || current.serviceAddress !== input.serviceAddress
    return {
      ...input,
      clientName: client.name,
      serviceAddress: moved ? serviceAddressOf(client, input.serviceAddress) : input.serviceAddress,
      kindName: input.kind === 'other' ? input.kindName : '',
      installedOn: input.installedOn ?? null,
      warrantyEnds: input.warrantyEnds ?? null,
    }
  }

  const server = {
    toRow: (e) => equipmentRowOf(e, deps.now()),
    idOf: (e) => e.id,
    source,
    create: {
      async make(who, input) {
        const branch = await deps.repos.companies.findBranch(who.tenant.empresa, who.tenant.filial)
        const machine: EquipmentRecord = {
          id: who.newId(),
          ...(await filled(who, input, null)),
          active: true,
          timeZone: branch?.TIME_ZONE ?? 'UTC',
          createdAt: new Date(deps.now()).toISOString(),
        }
        await serials.claim(who, machine)
        return machine
      },
      undo: (who, made) => serials.release(who, made),
    },
    edit: {
      async apply(who, current, input) {
        const { timeZone: _zone, ...was } = current
        // given to another client without an address: the new client's default one, not the old one's
        const moved = input.clientId !== undefined && input.clientId !== current.clientId
        const merged = checked(equipmentInput, {
          ...was,
          installedOn: was.installedOn ?? undefined,
          warrantyEnds: was.warrantyEnds ?? undefined,
          ...(moved && input.serviceAddress === undefined ? { serviceAddress: '' } : {}),
          ...input,
        })
        const next = { ...current, ...(await filled(who, merged, current)) }
        if (!serials.same(current, next)) await serials.claim(who, next)
        return next
      },
      async after(who, saved, before) {
        if (!serials.same(before, saved.value)) await serials.release(who, before)
      },
      async undo(who, attempted, current) {
        if (!serials.same(current, attempted)) await serials.release(who, attempted)
      },
    },
    deactivate: { set: (_who, current, active) => ({ ...current, active }) },
  } satisfies ResourceServer<typeof equipment, EquipmentRecord>

  return resourceRoutes(deps, equipment, server, (app) =>
    app
      .get(
        '/of-client',
        doc({
          operationId: 'listClientEquipment',
          summary: 'A client’s machines',
          description:
            'Every machine of one client, in service first, then by name, at most 200, retired ones too (a client unknown to the company has none). Needs the cd_equipamento page at view.',
          tags: ['cd_equipamento'],
          responses: { 200: wrapper(z.array(equipmentRow)) },
        }),
        requireTenant(deps),
        valid('query', z.object({ clientId: z.uuid().describe('The client’s id') }).strict()),
        async (c) => {
          const who = callerOf(deps, c)
          const { clientId } = c.req.valid('query')
          const theirs = (await source.list(who))
            .filter((e) => e.clientId === clientId)
            .map((e) => equipmentRowOf(e, deps.now()))
            .sort((a, b) => Number(b.active) - Number(a.active) || a.name.localeCompare(b.name))
          return c.json(ok(theirs.slice(0, 200)))
        },
      )
      .get(
        '/kind-names',
        doc({
          operationId: 'listEquipmentKindNames',
          summary: 'The company’s own kinds of machine',
          description:
            'The names the company gave its machines of kind `other` (Chiller, Cold room), each once, in alphabetical order: what a new machine’s form suggests. Needs the cd_equipamento page at view.',
          tags: ['cd_equipamento'],
          responses: { 200: wrapper(z.array(z.string())) },
        }),
        requireTenant(deps),
        async (c) => {
          const who = callerOf(deps, c)
          const names = new Set((await source.list(who)).map((e) => e.kindName).filter(Boolean))
          return c.json(ok([...names].sort((a, b) => a.localeCompare(b))))
        },
      ),
  )
}
