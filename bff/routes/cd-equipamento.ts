import { z } from 'zod'
import { equipment } from '../../domain/modules/cd-equipamento.ts'
import { wrapper } from '../../domain/schemas/common.ts'
import { PHOTO_MAX_SIDE, THUMBNAIL_MAX_SIDE } from '../../domain/schemas/appointments.ts'
import { streamedFile } from '../../domain/schemas/files.ts'
import {
  EQUIPMENT,
  MAX_EQUIPMENT_PHOTOS,
  equipmentInput,
  equipmentRow,
  equipmentRowOf,
  serialKey,
  type EquipmentInput,
  type EquipmentPhoto,
  type EquipmentRecord,
} from '../../domain/schemas/equipment.ts'
import { apiErrorSchema } from '../lib/openapi.ts'
import { ifMatchVersion } from '../lib/etag.ts'
import { notFound, ruleError } from '../lib/errors.ts'
import { streamedForm } from '../lib/multipart.ts'
import { recordImages } from '../lib/record-images.ts'
import { collectionSource } from '../lib/collection-source.ts'
import { documentPricing, serviceAddressOf } from '../lib/document-pricing.ts'
import { uniqueField } from '../lib/unique-field.ts'
import { checked, valid } from '../lib/validate.ts'
import { doc } from '../lib/openapi.ts'
import { requireTenant } from '../lib/tenancy.ts'
import { callerOf, changeRecord, ok, resourceRoutes, type Caller, type ResourceServer } from '../lib/resource.ts'
import type { Context } from 'hono'
import type { AppEnv, Deps } from '../lib/deps.ts'
import type { Versioned } from '../../storage/store.ts'

const source = collectionSource<EquipmentRecord>(EQUIPMENT)
const idParam = z.object({ id: z.uuid() })
const photoForm = z.object({ photo: streamedFile, thumbnail: streamedFile.optional() })

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
  const images = recordImages(deps)

  /**
   * A change of a machine's photos with its timeline line, on the version the caller saw (If-Match),
   * else on the latest: answered with the machine and its ETag.
   */
  async function changePhotos(
    c: Context<AppEnv>,
    who: Caller,
    hit: Versioned<EquipmentRecord>,
    action: 'photo_added' | 'photo_removed',
    change: (e: EquipmentRecord) => EquipmentRecord,
  ) {
    const id = hit.value.id
    const asked = ifMatchVersion(c.req.header('if-match'))
    const saved = await changeRecord(
      deps,
      { empresa: who.tenant.empresa, module: equipment.id, id },
      deps.repos.collection<EquipmentRecord>(who.tenant.empresa, EQUIPMENT),
      { by: who.user, action },
      { version: asked ?? hit.version, retry: asked === undefined },
      change,
      () => notFound('Equipment'),
    )
    c.header('ETag', `"${saved.version}"`)
    return saved
  }

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

  const photoAnswers = { 200: wrapper(equipmentRow), 404: apiErrorSchema, 409: apiErrorSchema, 412: apiErrorSchema }
  return resourceRoutes(deps, equipment, server, (app) =>
    app
      .post(
        '/:id/photos',
        doc({
          operationId: 'addEquipmentPhoto',
          summary: 'A photo of the machine',
          description: `A photo of the machine (its nameplate, where it sits; multipart: \`photo\` and an optional \`thumbnail\`): JPEG, PNG or WebP, its type read from its bytes (400 \`not_an_image\` otherwise), at most 5 MB (413) and ${PHOTO_MAX_SIDE} pixels a side by its header (400 \`image_too_large\`; a thumbnail ${THUMBNAIL_MAX_SIDE}); a PNG whose data inflates to more than its header says is refused (400 \`image_data_invalid\`), checked without decoding it. A JPEG is stored without its location. The app resizes a photo to 1600 pixels with a 320-pixel thumbnail before it sends it; without a thumbnail the photo is its own. At most ${MAX_EQUIPMENT_PHOTOS} a machine (409 \`too_many_equipment_photos\`). Sent again with the same Idempotency-Key it is kept once. Its files are served only to who may read the machines (the cd_equipamento page). Needs the cd_equipamento page at edit.`,
          tags: ['cd_equipamento'],
          versioned: true,
          responses: { ...photoAnswers, 400: apiErrorSchema, 413: apiErrorSchema },
        }),
        requireTenant(deps),
        valid('param', idParam),
        streamedForm(photoForm),
        async (c) => {
          const who = callerOf(deps, c)
          const { id } = c.req.valid('param')
          const hit = await source.find(who, id)
          if (!hit) throw notFound('Equipment')
          const had = hit.value.photos ?? []
          if (had.length >= MAX_EQUIPMENT_PHOTOS) throw ruleError(409, 'too_many_equipment_photos')
          // a machine's photos are the company's, as the machine is (every branch reads it)
          const owner = { filial: null, group: id }
          const name = `${hit.value.serialNumber || 'equipment'}-photo`
          const stored = await images.storePhoto(who, owner, name, c.req.valid('form'))
          const photo: EquipmentPhoto = { ...stored, by: who.user.name, at: new Date(deps.now()).toISOString() }
          const saved = await changePhotos(c, who, hit, 'photo_added', (e) => {
            const photos = e.photos ?? []
            // run again (its answer lost): the photo is there already
            if (photos.some((p) => p.id === photo.id)) return e
            if (photos.length >= MAX_EQUIPMENT_PHOTOS) throw ruleError(409, 'too_many_equipment_photos')
            return { ...e, photos: [...photos, photo] }
          }).catch(images.forgetting(who, [stored.url, stored.thumbnailUrl]))
          return c.json(ok(equipmentRowOf(saved.value, deps.now()), 'Photo added'))
        },
      )
      .delete(
        '/:id/photos/:photoId',
        doc({
          operationId: 'removeEquipmentPhoto',
          summary: 'A photo taken off the machine',
          description:
            'The photo leaves the machine and its files are deleted; one already gone answers 404. Needs the cd_equipamento page at edit.',
          tags: ['cd_equipamento'],
          versioned: true,
          responses: photoAnswers,
        }),
        requireTenant(deps),
        valid('param', idParam.extend({ photoId: z.uuid() })),
        async (c) => {
          const who = callerOf(deps, c)
          const { id, photoId } = c.req.valid('param')
          const hit = await source.find(who, id)
          if (!hit) throw notFound('Equipment')
          const photo = hit.value.photos?.find((p) => p.id === photoId)
          if (!photo) throw notFound('Photo')
          const saved = await changePhotos(c, who, hit, 'photo_removed', (e) =>
            // taken off meanwhile (the same request run again): nothing to change
            e.photos?.some((p) => p.id === photoId) ? { ...e, photos: e.photos.filter((p) => p.id !== photoId) } : e,
          )
          await images.removeFiles(who, [photo.url, photo.thumbnailUrl])
          return c.json(ok(equipmentRowOf(saved.value, deps.now()), 'Photo removed'))
        },
      )
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
