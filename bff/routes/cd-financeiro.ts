import { dateIn } from '../../domain/dates.ts'
import { finance } from '../../domain/modules/cd-financeiro.ts'
import { payableRowOf, type StoredPayable } from '../../domain/schemas/payables.ts'
import { paymentAccount } from '../lib/accounts.ts'
import type { Deps } from '../lib/deps.ts'
import { fieldError, ruleError } from '../lib/errors.ts'
import { newPayable, payableSource } from '../lib/payable-store.ts'
import { resourceRoutes, type ResourceServer } from '../lib/resource.ts'

/**
 * cd_financeiro (docs/domain.md): the branch's payables, numbered per branch and year with no gap;
 * changed while open, paid once from an account (what left it is kept in the figures, the next
 * one of a recurring bill made), or voided with a reason.
 */
export function cdFinanceiroRoutes(deps: Deps) {
  const today = (p: Pick<StoredPayable, 'timeZone'>) => dateIn(p.timeZone, deps.now())
  const at = () => new Date(deps.now()).toISOString()
  return resourceRoutes(deps, finance, {
    toRow: (p) => payableRowOf(p, deps.now()),
    idOf: (p) => p.id,
    source: payableSource(deps),
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
          effect: (who, p, input) => ({ ...p, voided: { reason: String(input.reason), by: who.user.name, at: at() } }),
        },
      },
    },
  } satisfies ResourceServer<typeof finance, StoredPayable>)
}
