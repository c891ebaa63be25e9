import { dateIn } from '../../domain/dates.ts'
import { finance } from '../../domain/modules/cd-financeiro.ts'
import {
  attachmentForm,
  payableRow,
  payableRowOf,
  type PayableAttachment,
  type StoredPayable,
} from '../../domain/schemas/payables.ts'
import { paymentAccount } from '../lib/accounts.ts'
import type { Deps } from '../lib/deps.ts'
import { fieldError, notFound, ruleError } from '../lib/errors.ts'
import { newPayable, payableSource, payableStore } from '../lib/payable-store.ts'
import { callerOf, logActivity, ok, resourceRoutes, type Caller, type ResourceServer } from '../lib/resource.ts'
import { z } from 'zod'
import { wrapper } from '../../domain/schemas/common.ts'
import { apiErrorSchema, doc } from '../lib/openapi.ts'
import { requireTenant } from '../lib/tenancy.ts'
import { valid } from '../lib/validate.ts'
import { checkedFile, safeName } from '../lib/uploads.ts'
import { fileUrl } from './files.ts'

const idParam = z.object({ id: z.uuid() })
/** The images a bill may be photographed as (a PDF too). */
const BILL_IMAGES = new Set(['image/jpeg', 'image/png', 'image/webp'])

/**
 * cd_financeiro (docs/domain.md): the branch's payables, numbered per branch and year with no gap;
 * changed while open, paid once from an account (what left it is kept in the figures, the next
 * one of a recurring bill made), or voided with a reason.
 */
export function cdFinanceiroRoutes(deps: Deps) {
  const today = (p: Pick<StoredPayable, 'timeZone'>) => dateIn(p.timeZone, deps.now())
  const at = () => new Date(deps.now()).toISOString()
  const source = payableSource(deps)
  const tags = ['cd_financeiro']
  /** The caller's payable `id` (one of its branches), or 404. */
  const payableOf = async (who: Caller, id: string) => {
    const hit = await source.find(who, id)
    if (!hit) throw notFound('Payable')
    return hit
  }
  /** The payable with its attachment set (or taken off), its old file deleted once the change is written. */
  async function attach(who: Caller, id: string, attachment: PayableAttachment | null) {
    const before = (await payableOf(who, id)).value.attachment ?? null
    const files = deps.repos.company(who.tenant.empresa).files()
    const saved = await payableStore(deps, who.tenant.empresa).update(id, (p) => ({ ...p, attachment }))
    if (before && before.fileId !== attachment?.fileId) {
      const old = await files.find(before.fileId)
      if (old) await files.remove(old)
    }
    await logActivity(deps, who.tenant.empresa, 'cd_financeiro', id, who.user, attachment ? 'attached' : 'detached')
    return saved!
  }
  return resourceRoutes(
    deps,
    finance,
    {
      toRow: (p) => payableRowOf(p, deps.now()),
      idOf: (p) => p.id,
      source,
      create: {
        make: (who, input) => newPayable(who, who.newId(), input),
      },
      edit: {
        apply(_who, current, input) {
          if (current.status !== 'open') throw ruleError(409, 'payable_not_open')
          // a due date moved by hand starts the series' day again from it
          const { repeatDay, ...rest } = { ...current, ...input }
          return input.dueDate && input.dueDate !== current.dueDate
            ? rest
            : { ...rest, ...(repeatDay ? { repeatDay } : {}) }
        },
      },
      lifecycle: {
        status: (p) => p.status,
        set: (p, status) => ({ ...p, status: status as StoredPayable['status'] }),
        effects: {
          pay: {
            async effect(who, p, input) {
              const date = typeof input.date === 'string' ? input.date : today(p)
              if (date > today(p)) throw fieldError('date', 'payment_in_future')
              const asked = typeof input.accountId === 'string' ? input.accountId : undefined
              const accountId = asked ? await paymentAccount(deps, who.tenant.empresa, 'transfer', asked) : null
              return { ...p, paid: { date, accountId, by: who.user.name, at: at() } }
            },
          },
          void: {
            effect: (who, p, input) => ({
              ...p,
              voided: { reason: String(input.reason), by: who.user.name, at: at() },
            }),
          },
        },
      },
    } satisfies ResourceServer<typeof finance, StoredPayable>,
    (app) =>
      app
        .put(
          '/:id/attachment',
          doc({
            operationId: 'attachPayableBill',
            summary: 'Attach the bill',
            description:
              'The bill itself (multipart `file`: a PDF, JPEG, PNG or WebP of at most 5 MB, its type read from its bytes: 400 otherwise, 413 beyond), replacing one attached before; in any status. Served at its `url` only to who may read payables. Sent again with the same Idempotency-Key it is stored once. 404 when the caller’s branches hold no such payable. Needs the cd_financeiro page at edit.',
            tags,
            responses: { 200: wrapper(payableRow), 400: apiErrorSchema, 404: apiErrorSchema, 413: apiErrorSchema },
          }),
          requireTenant(deps),
          valid('param', idParam),
          valid('form', attachmentForm),
          async (c) => {
            const who = callerOf(deps, c)
            const { id } = c.req.valid('param')
            const payable = await payableOf(who, id)
            const file = await checkedFile(c.req.valid('form').file)
            if (file.type !== 'application/pdf' && !BILL_IMAGES.has(file.type)) throw fieldError('file', 'not_a_bill')
            const files = deps.repos.company(who.tenant.empresa).files()
            // run again after a crash lost its answer: the file it stored has the same id
            const fileId = who.newId()
            const meta =
              (await files.find(fileId)) ??
              (await files.save(
                {
                  id: fileId,
                  empresa: who.tenant.empresa,
                  filial: payable.value.filial,
                  group: id,
                  name: safeName(file.name),
                  type: file.type,
                  size: file.bytes.length,
                  createdAt: at(),
                  uploadedBy: who.user.id,
                },
                file.bytes,
              ))
            const saved = await attach(who, id, {
              fileId: meta.id,
              name: meta.name,
              type: meta.type,
              size: meta.size,
              url: fileUrl(meta),
              by: who.user.name,
              at: at(),
            })
            return c.json(ok(payableRowOf(saved.value, deps.now()), 'Bill attached'))
          },
        )
        .delete(
          '/:id/attachment',
          doc({
            operationId: 'detachPayableBill',
            summary: 'Take the attached bill off',
            description:
              'The attached bill leaves the payable and its file is deleted; without one, the payable as it is. 404 when the caller’s branches hold no such payable. Needs the cd_financeiro page at edit.',
            tags,
            responses: { 200: wrapper(payableRow), 404: apiErrorSchema },
          }),
          requireTenant(deps),
          valid('param', idParam),
          async (c) => {
            const who = callerOf(deps, c)
            const { id } = c.req.valid('param')
            const payable = await payableOf(who, id)
            if (!payable.value.attachment) return c.json(ok(payableRowOf(payable.value, deps.now())))
            const saved = await attach(who, id, null)
            return c.json(ok(payableRowOf(saved.value, deps.now()), 'Bill taken off'))
          },
        ),
  )
}
