import { Hono, type Context } from 'hono'
import { z } from 'zod'
import {
  MAX_VISIT_PHOTOS,
  PHOTO_LABELS,
  PHOTO_MAX_SIDE,
  SIGNATURE_MAX_SIDE,
  TECH_ORDER_FROM,
  TECH_ORDER_STEPS,
  THUMBNAIL_MAX_SIDE,
  partInput,
  partOption,
  stepInputs,
  techOrderRow,
  techOrderRowOf,
  visitChange,
  visitEnded,
  type TechOrderRecord,
  type TechOrderStep,
} from '../../domain/schemas/appointments.ts'
import { PRINTED_IMAGE } from '../../domain/images.ts'
import { wrapper } from '../../domain/schemas/common.ts'
import { text } from '../../domain/schemas/fields.ts'
import { streamedFile } from '../../domain/schemas/files.ts'
import type { Versioned } from '../../storage/store.ts'
import type { AppEnv, Deps } from '../lib/deps.ts'
import { ifMatchVersion } from '../lib/etag.ts'
import { fieldError } from '../lib/errors.ts'
import { dayBounds } from '../../domain/board-view.ts'
import { addDays, dateIn } from '../../domain/dates.ts'
import { apiErrorSchema, doc } from '../lib/openapi.ts'
import { activitySchema, callerOf, ok, shownLines } from '../lib/resource.ts'
import { REPLAYED_HEADER } from '../lib/idempotency.ts'
import { scheduling } from '../lib/scheduling.ts'
import { equipmentOrders } from '../lib/order-store.ts'
import { visitWork } from '../lib/visit-work.ts'
import { streamedForm } from '../lib/multipart.ts'
import { requireAuth } from '../lib/auth.ts'
import { requireTenant } from '../lib/tenancy.ts'
import { valid } from '../lib/validate.ts'

const tags = ['cd_techorders']
const idParam = z.object({ id: z.string().uuid() })
const mineQuery = z
  .object({
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    orderId: z.string().uuid().optional(),
    equipmentId: z.string().uuid().optional().meta({
      description: 'Every visit of the orders that name this machine (cd_equipamento), whatever their day: its history',
    }),
    mine: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional()
      .meta({ description: 'Only the caller’s own visits (the office’s too)' }),
  })
  .strict()
const photoForm = z.object({
  photo: streamedFile,
  thumbnail: streamedFile.optional(),
  label: z.enum(PHOTO_LABELS).default('other'),
})
const signatureForm = z.object({ name: text(120), signature: streamedFile })

const STEP_SUMMARIES: Record<TechOrderStep, string> = {
  depart: 'The technician is on his way (the client is told)',
  arrive: 'The technician is on site',
  pause: 'The work pauses',
  resume: 'The work resumes',
  finish: 'The visit is done',
  fail: 'The visit could not be completed',
}
const STEP_EXAMPLES: Record<TechOrderStep, object> = {
  depart: { etaMinutes: 30 },
  arrive: {},
  pause: {},
  resume: {},
  finish: {},
  fail: { reason: 'The client was not at home' },
}
const STEP_NOTES: Record<TechOrderStep, string> = {
  depart:
    ' and the arrival `etaMinutes` later (default 30); the client is e-mailed in their language with the technician’s name and that time (`notice`: sent), and when no e-mail goes out (no mail server, it refused, the client has none) the office is notified instead (`notice`: not_sent or no_email)',
  arrive: ' and clocking in',
  pause: ' and clocking out',
  resume: ' and clocking in',
  finish: ' and clocking out; the parts used are settled first',
  fail: ' with the `reason`, clocking out',
}

/**
 * cd_techorders (docs/domain.md): a technician's visits, one per technician of each appointment.
 * A technician reads and moves only his own (403 for another's); the office reads the branch's.
 * `assigned → en_route → on_site → done`, each step at the server's clock; the order follows.
 */
export function techOrderRoutes(deps: Deps) {
  const plan = scheduling(deps)
  const work = visitWork(deps)
  const app = new Hono<AppEnv>()
    .use(requireAuth(deps), requireTenant(deps))
    .get(
      '/',
      doc({
        operationId: 'listVisits',
        summary: 'Visits of the branch: a technician’s own, or everyone’s for the office',
        description:
          'The visits (tech orders) of the current branch starting from `from` to `to` (days of the branch’s time zone; default today to a week later; `to` before `from` is 400) with the visits under way whatever their day (`mine`: only the caller’s own), or every visit of one order (`orderId`) or of the orders that name one machine (`equipmentId`), in time order. A technician gets only his own. Needs the cd_techorders page at view.',
        tags,
        responses: { 200: wrapper(z.array(techOrderRow)) },
      }),
      valid('query', mineQuery),
      async (c) => {
        const who = callerOf(deps, c)
        const timeZone = await plan.timeZoneOf(who)
        const {
          from = dateIn(timeZone, deps.now()),
          to = addDays(from, 7),
          orderId,
          equipmentId,
          mine,
        } = c.req.valid('query')
        const own = mine || !work.office(who)
        if (to < from) throw fieldError('to', 'invalid_value')
        // the branch's days; a visit under way shows whatever its day (it is finished from here)
        const [start, end] = [dayBounds(from, timeZone)[0], dayBounds(to, timeZone)[1]]
        const store = plan.visits(who.tenant.empresa)
        const forMachine = equipmentId
          ? new Set(
              (await equipmentOrders(deps, who.tenant.empresa, { filial: who.tenant.filial }, equipmentId)).map(
                (o) => o.id,
              ),
            )
          : null
        const rows = [...(await store.rows()).values()].filter(
          (v) =>
            v.filial === who.tenant.filial &&
            (!own || v.technicianId === who.user.id) &&
            (forMachine
              ? forMachine.has(v.orderId)
              : orderId
                ? v.orderId === orderId
                : (v.status !== 'assigned' && !visitEnded(v.status)) ||
                  (Date.parse(v.start) >= start && Date.parse(v.start) < end)),
        )
        const records = (await store.getMany(rows.map((r) => r.id))).sort((a, b) => a.start.localeCompare(b.start))
        return c.json(ok(records.map((v) => techOrderRowOf(v, deps.now()))))
      },
    )
    .get(
      '/part-options',
      doc({
        operationId: 'listPartOptions',
        summary: 'Products a part may be',
        description:
          'The company’s active products whose name or SKU holds `search`, by name, at most 20, each with its price (cents, before tax) and stock (null when not counted). Needs the cd_techorders page at view.',
        tags,
        responses: { 200: wrapper(z.array(partOption)) },
      }),
      valid('query', z.object({ search: z.string().max(100).default('') }).strict()),
      async (c) => c.json(ok(await work.partOptions(callerOf(deps, c), c.req.valid('query').search))),
    )
    .get(
      '/:id',
      doc({
        operationId: 'getVisit',
        summary: 'One visit',
        description:
          'A visit of the branch. A technician may read only his own (403 `visit_not_yours`). Needs the cd_techorders page at view.',
        tags,
        versioned: true,
        responses: { 200: wrapper(techOrderRow), 404: apiErrorSchema },
      }),
      valid('param', idParam),
      async (c) => {
        return answer(c, await work.visitOf(callerOf(deps, c), c.req.valid('param').id))
      },
    )
  const versionOf = (c: { req: { header: (name: string) => string | undefined } }) =>
    ifMatchVersion(c.req.header('if-match'))
  const answer = (c: Context<AppEnv>, saved: Versioned<TechOrderRecord>, message = '') => {
    c.header('ETag', `"${saved.version}"`)
    return c.json(ok(techOrderRowOf(saved.value, deps.now()), message))
  }
  const ANSWERS = { 200: wrapper(techOrderRow), 404: apiErrorSchema, 409: apiErrorSchema }
  for (const step of Object.keys(TECH_ORDER_STEPS) as TechOrderStep[]) {
    const to = TECH_ORDER_STEPS[step]
    app.post(
      `/:id/${step}`,
      doc({
        operationId: `${step}Visit`,
        summary: STEP_SUMMARIES[step],
        description: `Moves a visit from ${TECH_ORDER_FROM[step].join(' or ')} to ${to}, recording the time by the server’s clock${STEP_NOTES[step]}; the order follows (in progress, completed when all its visits are done) and the open boards show it. From another status 409 with the actions allowed. A technician only on his own visits (403). If-Match names the version seen (412 when it changed since). Needs the cd_techorders page at edit.`,
        tags,
        versioned: true,
        example: STEP_EXAMPLES[step],
        responses: ANSWERS,
      }),
      valid('param', idParam),
      valid('json', stepInputs[step]),
      async (c) => {
        const saved = await work.step(
          callerOf(deps, c),
          c.req.valid('param').id,
          step,
          c.req.valid('json'),
          versionOf(c),
        )
        if ('replayed' in saved) c.header(REPLAYED_HEADER, 'true')
        return answer(c, saved, `Visit ${to}`)
      },
    )
  }
  app
    .get(
      '/:id/activity',
      doc({
        operationId: 'listVisitActivity',
        summary: 'The visit’s timeline',
        description:
          'Who moved the visit along, changed its record (the office’s corrections too), added or took back parts and photos, and when, newest first. Needs the cd_techorders page at view (a technician: his own visit).',
        tags,
        responses: { 200: wrapper(activitySchema), 404: apiErrorSchema },
      }),
      valid('param', idParam),
      async (c) => {
        const who = callerOf(deps, c)
        const { id } = c.req.valid('param')
        const hit = await work.visitOf(who, id)
        return c.json(
          ok(shownLines(await deps.repos.activity(who.tenant.empresa, 'cd_techorders', id).all(hit.version))),
        )
      },
    )
    .patch(
      '/:id',
      doc({
        operationId: 'changeVisit',
        summary: 'The visit’s checklist and report; the office corrects its times',
        description:
          'Ticks the checklist (`checked`: the indexes ticked), writes the work report; the office (not a technician: 403 `visit_record_office`) also corrects when each status was reached and the spans on site. A technician only on his own visit until it ends (409 `visit_ended`: then the office corrects it). The timeline names what changed. If-Match names the version seen (412 when it changed since). Needs the cd_techorders page at edit.',
        tags,
        versioned: true,
        example: { checked: [0], report: 'Unit installed and tested with the client.' },
        responses: ANSWERS,
      }),
      valid('param', idParam),
      valid('json', visitChange),
      async (c) =>
        answer(
          c,
          await work.change(callerOf(deps, c), c.req.valid('param').id, c.req.valid('json'), versionOf(c)),
          'Visit saved',
        ),
    )
    .post(
      '/:id/parts',
      doc({
        operationId: 'addVisitPart',
        summary: 'A part used on the visit',
        description:
          'A product of the company used on the visit, with its quantity: at the product’s price (the caller sends none), its stock decreased and a line added to the order, once — a retry with the same Idempotency-Key changes nothing more. An inactive or unknown product is 400 `not_a_product`. More than the stock counted is 409 `stock_short` and nothing moves (the stock is checked and taken in one write: two parts at once never both pass on one count; a product whose stock is not counted takes any quantity); the office may take it anyway with `force: true`, and the stock goes below zero — a technician sending `force` is 403 `part_force_office`. 409 `order_invoiced_parts` while the order is invoiced: its parts are billed (the office voids the invoice first). Needs the cd_techorders page at edit.',
        tags,
        versioned: true,
        example: { productId: '4f6f2b4e-9d1c-4a8e-b2f3-1c5d7e9a0b2c', quantity: 1 },
        responses: ANSWERS,
      }),
      valid('param', idParam),
      valid('json', partInput),
      async (c) =>
        answer(
          c,
          await work.addPart(callerOf(deps, c), c.req.valid('param').id, c.req.valid('json'), versionOf(c)),
          'Part added',
        ),
    )
    .delete(
      '/:id/parts/:partId',
      doc({
        operationId: 'removeVisitPart',
        summary: 'A part taken back',
        description:
          'A part taken off the visit: its stock returns and its line leaves the order, once. 409 `order_invoiced_parts` while the order is invoiced (its invoice voided first). Needs the cd_techorders page at edit.',
        tags,
        versioned: true,
        responses: ANSWERS,
      }),
      valid('param', idParam.extend({ partId: z.string().uuid() })),
      async (c) => {
        const { id, partId } = c.req.valid('param')
        return answer(c, await work.removePart(callerOf(deps, c), id, partId, versionOf(c)), 'Part removed')
      },
    )
    .post(
      '/:id/photos',
      doc({
        operationId: 'addVisitPhoto',
        summary: 'A photo of the visit',
        description: `A photo (multipart: \`photo\`, an optional \`thumbnail\`, \`label\` before, after or other): JPEG, PNG or WebP, its type read from its bytes (400 \`not_an_image\` otherwise), at most 5 MB (413) and ${PHOTO_MAX_SIDE} pixels a side by its header (400 \`image_too_large\`; a thumbnail ${THUMBNAIL_MAX_SIDE}); a PNG whose data inflates to more than its header says, or does not inflate, is refused (400 \`image_data_invalid\`), checked without decoding it. A JPEG is stored without its location (its EXIF GPS data and any XMP; the Orientation and the date taken stay). The app resizes a photo to 1600 pixels with a 320-pixel thumbnail before it sends it; without a thumbnail the photo is its own. At most ${MAX_VISIT_PHOTOS} a visit. Its files (\`url\`, \`thumbnailUrl\`) are served only to whoever may read the visit, as the visit itself (404 to another technician). Needs the cd_techorders page at edit.`,
        tags,
        versioned: true,
        responses: { ...ANSWERS, 413: apiErrorSchema },
      }),
      valid('param', idParam),
      streamedForm(photoForm),
      async (c) =>
        answer(
          c,
          await work.addPhoto(callerOf(deps, c), c.req.valid('param').id, c.req.valid('form'), versionOf(c)),
          'Photo added',
        ),
    )
    .delete(
      '/:id/photos/:photoId',
      doc({
        operationId: 'removeVisitPhoto',
        summary: 'A photo taken off the visit',
        description: 'The photo leaves the visit, and its files are deleted. Needs the cd_techorders page at edit.',
        tags,
        versioned: true,
        responses: ANSWERS,
      }),
      valid('param', idParam.extend({ photoId: z.string().uuid() })),
      async (c) => {
        const { id, photoId } = c.req.valid('param')
        return answer(c, await work.removePhoto(callerOf(deps, c), id, photoId, versionOf(c)), 'Photo removed')
      },
    )
    .put(
      '/:id/signature',
      doc({
        operationId: 'signVisit',
        summary: 'The client’s name and signature',
        description: `The client’s name and drawn signature (multipart: \`name\`, \`signature\` a PNG of at most 1 MB, its type read from its bytes), replacing an earlier one; shown on the order and its work-order PDF. It must print: at most ${SIGNATURE_MAX_SIDE} pixels a side and ${PRINTED_IMAGE.maxPixels} pixels (1 megapixel) by its header (400 \`signature_too_large\`), not animated (400 \`image_animated\`), its data inflating to no more than its header says (400 \`image_data_invalid\`), checked without decoding it. The image is served only to whoever may read the visit (404 to another technician). Needs the cd_techorders page at edit.`,
        tags,
        versioned: true,
        responses: { ...ANSWERS, 413: apiErrorSchema },
      }),
      valid('param', idParam),
      streamedForm(signatureForm),
      async (c) =>
        answer(
          c,
          await work.sign(callerOf(deps, c), c.req.valid('param').id, c.req.valid('form'), versionOf(c)),
          'Signed',
        ),
    )
  return app
}
