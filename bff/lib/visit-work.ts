import { owing, type Owner } from './derived.ts'
import type { Debt } from '../../storage/repositories/owed.ts'
import {
  MAX_VISIT_PARTS,
  MAX_VISIT_PHOTOS,
  SIGNATURE_MAX_BYTES,
  SIGNATURE_MAX_SIDE,
  TECH_ORDER_FROM,
  TECH_ORDER_STEPS,
  stepsFrom,
  visitEnded,
  type ClockSpan,
  type PartOption,
  type PartRecord,
  type PhotoRecord,
  type TechOrderRecord,
  type TechOrderStep,
  type VisitChange,
  timesInOrder,
} from '../../domain/schemas/appointments.ts'
import { documentTotals } from '../../domain/document-lines.ts'
import { productCents, type StockedProduct } from '../../domain/schemas/products.ts'
import { branchStock, withoutTake, withPart } from '../../domain/stock.ts'
import type { StoredOrder } from '../../domain/schemas/orders.ts'
import type { FileMeta } from '../../storage/repositories/files.ts'
import type { StreamedFile } from '../../domain/schemas/files.ts'
import { PRINTED_IMAGE, type ImageBudget } from '../../domain/images.ts'
import { atLeast } from '../../domain/access.ts'
import { activeGrants, type UserRecord } from '../../domain/tenancy.ts'
import { levelIn } from './admin.ts'
import { recordImages } from './record-images.ts'
import type { Deps } from './deps.ts'
import { apiError, fieldError, notFound, ruleError } from './errors.ts'
import { orderStore } from './order-store.ts'
import { changeWithLine, landed, type Caller } from './resource.ts'
import { scheduling } from './scheduling.ts'
import { StorageUnavailableError } from '../../storage/errors.ts'
import { noticeOnTheWay } from './visit-notice.ts'
import { changeStock, productStore, stockHome, stockMoves } from './stock.ts'

/** What a step takes: the minutes to arrival ("on my way"), the reason ("could not complete"). */
export type StepInput = { etaMinutes?: number; reason?: string }

/** A signature is printed on the work order: it takes what prints, within its own sides. */
const SIGNATURE: ImageBudget = { ...PRINTED_IMAGE, maxSide: SIGNATURE_MAX_SIDE }

/** An order's lines with a part's line added (taken) or removed (given back), once: the line carries the part's id. */
function withPartLine(order: StoredOrder, part: PartRecord, take: boolean): StoredOrder {
  if (order.status === 'invoiced' || order.status === 'cancelled') return order
  const has = order.lines.some((l) => l.partId === part.id)
  if (take === has || (take && order.lines.length >= 100)) return order
  const lines = take
    ? [
        ...order.lines,
        {
          jobId: '',
          description: part.sku ? `${part.name} (${part.sku})` : part.name,
          quantity: part.quantity,
          unitPrice: part.unitPrice,
          discountPercent: 0,
          taxPercent: part.taxPercent,
          partId: part.id,
        },
      ]
    : order.lines.filter((l) => l.partId !== part.id)
  return { ...order, lines, totals: documentTotals(lines) }
}

/**
 * Whether `user` may read a visit, and so its photos and the client's signature by whatever way
 * they are asked for (their URL, their upload group): as GET /cd_techorders/:id allows, a member of
 * the visit's branch with the cd_techorders page at view, a technician only on his own visit.
 */
export async function mayReadVisit(
  deps: Deps,
  user: UserRecord,
  empresa: number,
  visit: Pick<TechOrderRecord, 'filial' | 'technicianId'>,
): Promise<boolean> {
  const grants = activeGrants(user).filter(
    (g) => g.empresa === empresa && (g.filial === 'all' || g.filial === visit.filial),
  )
  if (!grants.length) return false
  if (grants.every((g) => g.role === 'technician') && visit.technicianId !== user.id) return false
  return atLeast(await levelIn(deps, user, empresa, 'cd_techorders'), 'view')
}

/** The visit whose photo or signature a stored file is (they are grouped under the visit's id), or null. */
export async function visitOfFile(deps: Deps, meta: Pick<FileMeta, 'empresa' | 'filial' | 'group'>) {
  if (meta.filial === null) return null
  return (await scheduling(deps).visits(meta.empresa).get(meta.group))?.value ?? null
}

/**
 * A product's stock with a part taken out of the visit's branch before the part is on the visit
 * (what settling then finds done), refused when the branch's count would go below zero unless the
 * office chose so (`force`). Checked in the product's own atomic write: two parts taken at once
 * never both pass on one count.
 */
function takenStock(
  product: StockedProduct,
  where: { filial: number; home: number },
  part: PartRecord,
  force: boolean,
): StockedProduct {
  const taken = withPart(product, where, part, true)
  const left = branchStock(taken, where.filial, where.home)
  if (taken !== product && !force && left !== null && left < 0)
    throw apiError(
      409,
      `There is not that much of this product in stock (${branchStock(product, where.filial, where.home)} counted): check the quantity, or ask the office`,
      undefined,
      { code: 'stock_short' },
    )
  return taken
}

/** An instant as stored: UTC, ISO 8601. */
const utc = (instant: string) => new Date(Date.parse(instant)).toISOString()

/**
 * cd_techorders (docs/domain.md): a technician's work on his visit — its steps with the time on
 * site, the client told he is on his way, the checklist, the report, the parts used (the stock
 * and the order's lines follow, once), photos and the client's signature; the office corrects
 * it. A technician reads and changes only his own visits; each change is on the visit's timeline.
 */
export function visitWork(deps: Deps) {
  const plan = scheduling(deps)
  /** Whether the caller is the office (every visit of the branch) rather than a technician (his own). */
  const office = (who: Caller) => who.tenant.grant.role !== 'technician'

  /** A visit of the branch the caller may read: 404 when there is none, 403 when it is another technician's. */
  async function visitOf(who: Caller, id: string) {
    const hit = await plan.visits(who.tenant.empresa).get(id)
    if (!hit || hit.value.filial !== who.tenant.filial) throw notFound('Visit')
    if (!office(who) && hit.value.technicianId !== who.user.id) throw ruleError(403, 'visit_not_yours')
    return hit
  }

  /**
   * A visit the caller may change: a technician until it ends (then it is the office's to
   * correct). The version the change is made on: If-Match's; else the one read, and on a
   * conflict whatever is there then (another change meanwhile — a second photo sent at once — is
   * no reason to refuse).
   */
  async function changeable(who: Caller, id: string, ifMatch: number | undefined) {
    const hit = await visitOf(who, id)
    if (!office(who) && visitEnded(hit.value.status)) throw ruleError(409, 'visit_ended')
    return { hit, expected: { version: ifMatch ?? hit.version, retry: ifMatch === undefined } }
  }

  /** Writes the visit on the version expected (again on the latest, when `retry`) with a line on its timeline; the boards hear of it. */
  async function write(
    who: Caller,
    id: string,
    line: { action: string; fields?: string[] },
    expected: { version: number; retry: boolean },
    change: (v: TechOrderRecord) => TechOrderRecord,
  ) {
    const store = plan.visits(who.tenant.empresa)
    const saved = await changeWithLine(
      deps,
      { empresa: who.tenant.empresa, module: 'cd_techorders', id },
      { by: who.user, ...line, key: who.writeKey },
      expected,
      (version) => store.update(id, change, { expectVersion: version }),
      async () => (await store.get(id))?.version ?? 0,
    )
    if (!saved) throw notFound('Visit')
    await plan.changed(who)
    return saved
  }

  /** An invoiced order's parts are billed: none added or taken back until its invoice is voided (409). */
  async function requirePartsOpen(who: Caller, orderId: string) {
    const order = await orderStore(deps, who.tenant.empresa).get(orderId)
    if (order?.value.status === 'invoiced') throw ruleError(409, 'order_invoiced_parts')
  }

  /**
   * The settling of the derived fact "visit-parts" (bff/lib/derived.ts): the parts not settled yet
   * brought to the stock and the order's lines (each move once, however often this runs: a retry
   * after a crash, two at once), then marked settled; a removed one dropped. A part whose stock was
   * taken by a write that is over (`debts`) and that never reached the visit gets its stock back.
   */
  async function settleParts(who: Owner, id: string, debts: Debt[] = []): Promise<boolean> {
    const { empresa } = who.tenant
    const hit = await plan.visits(empresa).get(id)
    const products = productStore(deps, empresa)
    const lost = debts.flatMap((d) =>
      d.part && !hit?.value.parts?.some((p) => p.id === d.part!.id) ? [{ part: d.part, filial: d.filial }] : [],
    )
    for (const { part, filial } of lost) {
      const product = (await products.get(part.productId))?.value
      if (product?.stockMoves?.includes(part.id))
        await changeStock(deps, who, part.productId, hit?.value.filial ?? filial, (p, where) =>
          withoutTake(p, where, part),
        )
    }
    const open = (hit?.value.parts ?? []).filter((p) => !p.settled)
    if (!hit || !open.length) return lost.length > 0
    const { filial, orderId } = hit.value
    for (const part of open) {
      const take = !part.removed
      await changeStock(deps, who, part.productId, filial, (p, where) => withPart(p, where, part, take))
      const order = await orderStore(deps, empresa).update(orderId, (o) => withPartLine(o, part, take))
      // the move on the product's list: its id the part's, so a settling run again writes the same one
      await stockMoves(deps, empresa).put({
        id: take ? part.id : `${part.id}:back`,
        productId: part.productId,
        filial,
        kind: take ? 'used' : 'returned',
        quantity: take ? -part.quantity : part.quantity,
        reason: '',
        orderId,
        orderNumber: order?.value.number ?? '',
        visitId: id,
        by: who.user.name,
        at: new Date(deps.now()).toISOString(),
      })
    }
    await plan.visits(empresa).update(id, (v) => ({
      ...v,
      parts: (v.parts ?? []).flatMap((p) => {
        // a part changed meanwhile (removed after it was read here) waits for the next settling
        if (!open.some((o) => o.id === p.id && o.removed === p.removed)) return [p]
        return p.removed ? [] : [{ ...p, settled: true }]
      }),
    }))
    await plan.changed(who)
    return true
  }

  // a visit's images are stored under it, in its branch
  const { checkedImage, storeImage, removeFiles, forgetting, storePhoto } = recordImages(deps)

  return {
    visitOf,
    office,
    settleParts,

    /** Moves a visit along (docs/domain.md cd_techorders), at the server's clock; the order follows. */
    async step(who: Caller, id: string, step: TechOrderStep, input: StepInput, expectVersion: number | undefined) {
      let hit = await visitOf(who, id)
      // the parts used are in the stock and on the order before the visit ends (settling marks them
      // on the visit: the step is taken on what it left)
      if ((step === 'finish' || step === 'fail') && TECH_ORDER_FROM[step].includes(hit.value.status)) {
        await settleParts(who, id)
        hit = (await plan.visits(who.tenant.empresa).get(id)) ?? hit
      }
      if (!TECH_ORDER_FROM[step].includes(hit.value.status)) {
        // a retry of this very step, which landed though its first run could not say so: what
        // follows from it is made sure of (the order's status), and the visit is the answer
        if (
          await landed(deps, { empresa: who.tenant.empresa, module: 'cd_techorders', id }, who.writeKey, hit.version)
        ) {
          await deps.derived.settle(who.tenant.empresa, 'order-status', hit.value.orderId)
          return { ...((await plan.visits(who.tenant.empresa).get(id)) ?? hit), replayed: true as const }
        }
        throw apiError(409, `Not allowed while the visit is ${hit.value.status}`, undefined, {
          code: 'transition_not_allowed',
          allowed: stepsFrom(hit.value.status),
        })
      }
      // a step follows the status it was allowed from: never taken on another version
      const expected = { version: expectVersion ?? hit.version, retry: false }
      const now = deps.now()
      const at = new Date(now).toISOString()
      const to = TECH_ORDER_STEPS[step]
      const clockIn = step === 'arrive' || step === 'resume'
      const clockOut = hit.value.status === 'on_site' && (step === 'pause' || step === 'finish' || step === 'fail')
      const eta = step === 'depart' ? new Date(now + (input.etaMinutes ?? 30) * 60_000).toISOString() : null
      const saved = await owing(deps, who, 'order-status', hit.value.orderId, () =>
        write(who, id, { action: step, ...(step === 'fail' ? { fields: ['reason'] } : {}) }, expected, (v) => {
          const clock: ClockSpan[] = (v.clock ?? []).map((s) => (clockOut && !s.out ? { ...s, out: at } : s))
          return {
            ...v,
            status: to,
            times: { ...v.times, [to]: v.times[to] ?? at },
            clock: clockIn ? [...clock, { in: at, out: null }] : clock,
            ...(eta ? { eta, notice: null } : {}),
            ...(step === 'fail' ? { reason: input.reason ?? '' } : {}),
          }
        }),
      )
      if (!eta) return saved
      // the client is told once the step is written (a refused step tells nobody)
      const order = (await orderStore(deps, who.tenant.empresa).get(hit.value.orderId))?.value ?? null
      const notice = await noticeOnTheWay(deps, who.tenant.empresa, saved.value, order, eta)
      const told = await plan.visits(who.tenant.empresa).update(id, (v) => ({ ...v, notice }))
      // a write of the visit after the step's: the boards hear it too
      await plan.changed(who)
      return told ?? saved
    },

    /**
     * The checklist's ticks, the report; the office also corrects the times (a technician who sends
     * them is refused). The timeline says who changed what.
     */
    async change(who: Caller, id: string, input: VisitChange, expectVersion: number | undefined) {
      const { hit, expected } = await changeable(who, id, expectVersion)
      if (!office(who) && (input.times || input.clock)) throw ruleError(403, 'visit_record_office')
      const items = hit.value.checklist ?? []
      if (input.checked?.some((i) => i >= items.length)) throw fieldError('checked', 'invalid_value')
      const fields = (['checked', 'report', 'times', 'clock'] as const).filter((f) => input[f] !== undefined)
      const times = input.times
        ? { ...hit.value.times, ...Object.fromEntries(Object.entries(input.times).map(([s, at]) => [s, utc(at)])) }
        : hit.value.times
      const clock = input.clock?.map((s) => ({ in: utc(s.in), out: s.out && utc(s.out) })) ?? hit.value.clock
      if (!timesInOrder({ times, clock })) throw fieldError('times', 'times_out_of_order')
      // times corrected move what the technician is counted for (the reports' figures, settled with the order's status)
      const owed = <T>(go: () => Promise<T>) =>
        input.times || input.clock ? owing(deps, who, 'order-status', hit.value.orderId, go) : go()
      return owed(() =>
        write(
          who,
          id,
          { action: office(who) && hit.value.technicianId !== who.user.id ? 'corrected' : 'updated', fields },
          expected,
          (v) => ({
            ...v,
            ...(input.checked
              ? { checklist: (v.checklist ?? []).map((c, i) => ({ ...c, done: input.checked!.includes(i) })) }
              : {}),
            ...(input.report !== undefined ? { report: input.report } : {}),
            ...(input.times ? { times } : {}),
            ...(input.clock ? { clock } : {}),
          }),
        ),
      )
    },

    /** The products a part may be: the company's active ones matching `search`, by name, at most 20, with the branch's stock. */
    async partOptions(who: Caller, search: string): Promise<PartOption[]> {
      const { empresa, filial } = who.tenant
      const [currency, home] = [
        (await deps.repos.companies.find(empresa))?.CURRENCY ?? 'BRL',
        await stockHome(deps, empresa),
      ]
      const words = search.trim().toLowerCase()
      const found = [...(await productStore(deps, empresa).rows()).values()]
        .filter(
          (p) => p.active && (!words || p.name.toLowerCase().includes(words) || p.sku.toLowerCase().includes(words)),
        )
        .sort((a, b) => a.name.localeCompare(b.name))
        .slice(0, 20)
      return found.map((p) => ({
        id: p.id,
        name: p.name,
        sku: p.sku,
        unitPrice: productCents(p.basePrice),
        currency,
        stock: branchStock(p, filial, home),
      }))
    },

    /**
     * A part used: the product at its price (never the caller's), its stock taken and a line on the
     * order, once. More than the stock counted is refused (409 `stock_short`) unless the office
     * takes it anyway (`force`, which a technician may not send).
     */
    async addPart(
      who: Caller,
      id: string,
      input: { productId: string; quantity: number; force?: boolean },
      expectVersion: number | undefined,
    ) {
      if (input.force && !office(who)) throw ruleError(403, 'part_force_office')
      const { hit, expected } = await changeable(who, id, expectVersion)
      if ((hit.value.parts ?? []).filter((p) => !p.removed).length >= MAX_VISIT_PARTS)
        throw ruleError(409, 'too_many_parts')
      const product = (await deps.repos.company(who.tenant.empresa).products().get(input.productId))?.value
      if (!product || !product.active) throw fieldError('productId', 'not_a_product')
      const part: PartRecord = {
        id: who.newId(),
        productId: product.id,
        name: product.name,
        sku: product.sku,
        quantity: input.quantity,
        unitPrice: productCents(product.basePrice),
        taxPercent: Number(product.taxPercent || 0),
        settled: false,
        removed: false,
      }
      // a retry of the same request (its Idempotency-Key makes the same id) finds the part there
      const had = (hit.value.parts ?? []).some((p) => p.id === part.id)
      let saved = hit
      if (!had) {
        await requirePartsOpen(who, hit.value.orderId)
        // the stock first, where a short count refuses it; given back when the visit refuses the part
        const filial = hit.value.filial
        const taken = { id: part.id, productId: product.id, quantity: part.quantity }
        saved = await owing(
          deps,
          who,
          'visit-parts',
          id,
          async () => {
            await changeStock(deps, who, product.id, filial, (p, where) =>
              takenStock(p, where, part, input.force === true),
            )
            return write(who, id, { action: 'part_added', fields: ['parts'] }, expected, (v) => ({
              ...v,
              parts: [...(v.parts ?? []), part],
            })).catch(async (error: unknown) => {
              if (!(error instanceof StorageUnavailableError))
                await changeStock(deps, who, product.id, filial, (p, where) => withoutTake(p, where, part))
              throw error
            })
          },
          { part: taken },
        )
      } else await settleParts(who, id)
      return (await plan.visits(who.tenant.empresa).get(id)) ?? saved
    },

    /** A part taken back: its stock returns and its line leaves the order, once. */
    async removePart(who: Caller, id: string, partId: string, expectVersion: number | undefined) {
      const { hit, expected } = await changeable(who, id, expectVersion)
      if (!(hit.value.parts ?? []).some((p) => p.id === partId && !p.removed)) throw notFound('Part')
      await requirePartsOpen(who, hit.value.orderId)
      await owing(deps, who, 'visit-parts', id, () =>
        write(who, id, { action: 'part_removed', fields: ['parts'] }, expected, (v) => ({
          ...v,
          parts: (v.parts ?? []).map((p) => (p.id === partId ? { ...p, removed: true, settled: false } : p)),
        })),
      )
      return (await plan.visits(who.tenant.empresa).get(id))!
    },

    /** A photo (and its thumbnail, else the photo is its own), images only, checked from their bytes. */
    async addPhoto(
      who: Caller,
      id: string,
      input: { photo: StreamedFile; thumbnail?: StreamedFile; label: PhotoRecord['label'] },
      expectVersion: number | undefined,
    ) {
      const { hit, expected } = await changeable(who, id, expectVersion)
      if ((hit.value.photos ?? []).length >= MAX_VISIT_PHOTOS) throw ruleError(409, 'too_many_photos')
      const owner = { filial: hit.value.filial, group: hit.value.id }
      const {
        id: photoId,
        url,
        thumbnailUrl,
      } = await storePhoto(who, owner, `${hit.value.orderNumber}-${input.label}`, input)
      const entry: PhotoRecord = {
        id: photoId,
        label: input.label,
        url,
        thumbnailUrl,
        at: new Date(deps.now()).toISOString(),
      }
      if ((hit.value.photos ?? []).some((p) => p.id === entry.id)) return hit
      return write(who, id, { action: 'photo_added', fields: ['photos'] }, expected, (v) => ({
        ...v,
        photos: [...(v.photos ?? []), entry],
      })).catch(forgetting(who, [url, thumbnailUrl]))
    },

    /** A photo taken off the visit (its files go too). */
    async removePhoto(who: Caller, id: string, photoId: string, expectVersion: number | undefined) {
      const { hit, expected } = await changeable(who, id, expectVersion)
      // what the visit showed when it ended stays (the office adds, never takes away)
      if (visitEnded(hit.value.status)) throw ruleError(409, 'visit_ended')
      const photo = (hit.value.photos ?? []).find((p) => p.id === photoId)
      if (!photo) throw notFound('Photo')
      const saved = await write(who, id, { action: 'photo_removed', fields: ['photos'] }, expected, (v) => ({
        ...v,
        photos: (v.photos ?? []).filter((p) => p.id !== photoId),
      }))
      await removeFiles(who, [photo.url, photo.thumbnailUrl])
      return saved
    },

    /** The client's name and drawn signature (a PNG), replacing an earlier one. */
    async sign(
      who: Caller,
      id: string,
      input: { name: string; signature: StreamedFile },
      expectVersion: number | undefined,
    ) {
      const { hit, expected } = await changeable(who, id, expectVersion)
      // the client signed what was done: once the visit is over, nobody signs in their place
      if (visitEnded(hit.value.status)) throw ruleError(409, 'visit_ended')
      const image = await checkedImage('signature', input.signature, new Set(['image/png']), SIGNATURE_MAX_BYTES, [
        SIGNATURE,
        'signature_too_large',
      ])
      const owner = { filial: hit.value.filial, group: hit.value.id }
      const url = await storeImage(who, owner, `${hit.value.orderNumber}-signature`, image.type, image.bytes)
      return write(who, id, { action: 'signed', fields: ['signature'] }, expected, (v) => ({
        ...v,
        signature: { name: input.name, url, at: new Date(deps.now()).toISOString() },
      })).catch(forgetting(who, [url]))
    },
  }
}
