import { nextDue, type StoredPayable } from '../../domain/schemas/payables.ts'
import { ConflictError } from '../../storage/errors.ts'
import { sha256Hex, uuidFromHex } from './base64.ts'
import type { Deps } from './deps.ts'
import type { Owner } from './derived.ts'
import { insertPayable, payableStore } from './payable-store.ts'

/**
 * What follows from a payable besides the figures (docs/domain.md cd_financeiro): a recurring one,
 * once paid, has its next one — the same bill a month or a year later — made exactly once, however
 * often it is settled (its id follows from this one's).
 */
export function payables(deps: Deps) {
  return {
    async makeNext(owner: Owner, id: string): Promise<boolean> {
      const { empresa } = owner.tenant
      const store = payableStore(deps, empresa)
      const paid = (await store.get(id))?.value
      if (!paid || paid.status !== 'paid' || paid.repeat === 'none') return false
      const nextId = uuidFromHex(await sha256Hex(`next payable\n${id}`))
      if (await store.get(nextId)) return false
      const next: StoredPayable = {
        ...paid,
        id: nextId,
        number: '',
        dueDate: nextDue(paid.dueDate, paid.repeat, paid.repeatDay),
        repeatDay: paid.repeatDay ?? Number(paid.dueDate.slice(8)),
        status: 'open',
        paid: null,
        voided: null,
        // the next bill comes with its own paper
        attachment: null,
        previousId: id,
        createdAt: new Date(deps.now()).toISOString(),
      }
      return insertPayable(deps, empresa, next).then(
        () => true,
        (error: unknown) => {
          // made meanwhile by another settling: it is there once
          if (error instanceof ConflictError) return false
          throw error
        },
      )
    },
  }
}
