import { StorageUnavailableError } from '../../storage/errors.ts'
import type { Debt } from '../../storage/repositories/owed.ts'
import type { Deps } from './deps.ts'

/**
 * Derived facts (docs/domain.md "Derived facts"): what follows from other records and is written
 * after them — an order's status from its visits, an order's lines and the stock from a visit's
 * parts, the board's stamp, the orders an invoice claimed before it was written, a product's stock from a move received, an invoice's part
 * of the reports' figures. A write that moves the sources of one first stores its debt to it
 * (`owing`), then writes, then settles it: the debt outlives a crash between the writes, and a
 * settling (the next read of the record, the reconciler at a start) finishes what it owed.
 */
export type Fact =
  'order-status' | 'visit-parts' | 'invoice-orders' | 'invoice' | 'payable' | 'transfer' | 'quote' | 'stock-move'

/** Who a settling is done as: the company and branch of the write that owed it, and its author. */
export type Owner = { tenant: { empresa: number; filial: number }; user: { id: string; name: string } }

/** One derived fact's settling: brings it to what its sources say (however often it runs); true when it changed it. */
export type Settler = (owner: Owner, id: string, debts: Debt[]) => Promise<boolean>

/**
 * How long a debt's write may still be running (its request's time limit, with room): a settling
 * pays a debt older than this, or its own; a younger one is another request's, still under way.
 */
export const OWED_LEASE_MS = 60_000

/**
 * `write`, which moves the sources of `fact` of record `id`: its debt stored first; a refused write
 * pays it at once, an unknown outcome (the storage went away) leaves it to the next settling. Once
 * written the fact is settled, and a settling that fails then is logged, not answered: the write
 * landed, and its debt stays for the next read or start to settle.
 */
export async function owing<T>(
  deps: Deps,
  owner: Owner,
  fact: Fact,
  id: string,
  write: () => Promise<T>,
  detail: Pick<Debt, 'part'> = {},
): Promise<T> {
  const token = await owe(deps, owner, fact, id, detail)
  let written: T
  try {
    written = await write()
  } catch (error) {
    if (!(error instanceof StorageUnavailableError))
      await deps.repos.owed.pay(owner.tenant.empresa, fact, id, [token]).catch(() => undefined)
    throw error
  }
  await settleOwn(deps, owner, fact, id, token)
  return written
}

/**
 * A debt to `fact` of record `id` stored, for writes that do not run in one function (an invoice's
 * orders claimed when it is made, the invoice written by the factory after): answers its token,
 * which `settleOwn` pays once they are over. `token`: one the writes share when run again (the
 * invoice's id), so a retry owes nothing twice.
 */
export async function owe(
  deps: Deps,
  owner: Owner,
  fact: Fact,
  id: string,
  detail: Pick<Debt, 'part' | 'orders'> = {},
  token: string = crypto.randomUUID(),
): Promise<string> {
  await deps.repos.owed.add(owner.tenant.empresa, fact, id, {
    token,
    at: deps.now(),
    filial: owner.tenant.filial,
    by: { id: owner.user.id, name: owner.user.name },
    ...detail,
  })
  return token
}

/**
 * The writes of debt `token` are over: the fact is settled (even when another settling paid the
 * debt meanwhile) and the debt paid; a failure is logged (the next settling pays it).
 */
export async function settleOwn(deps: Deps, owner: Owner, fact: Fact, id: string, token: string): Promise<void> {
  await deps.derived
    .settle(owner.tenant.empresa, fact, id, { token, owner })
    .then(() => undefined)
    .catch((error: unknown) => deps.log.error(`${fact} of ${id} is settled later: its settling failed`, error))
}
