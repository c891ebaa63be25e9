import { ACCOUNTS, defaultAccountFor, type AccountRecord } from '../../domain/schemas/accounts.ts'
import type { PaymentMethod } from '../../domain/schemas/payments.ts'
import type { Deps } from './deps.ts'
import { fieldError } from './errors.ts'

/**
 * The account a payment lands in (docs/domain.md cd_contas): the one it names, which must be an
 * active account of the company (else 400 account_unknown at `accountId`), or the one that takes
 * its method by default; null when none does.
 */
export async function paymentAccount(
  deps: Deps,
  empresa: number,
  method: PaymentMethod,
  asked?: string,
): Promise<string | null> {
  const accounts = deps.repos.collection<AccountRecord>(empresa, ACCOUNTS)
  if (asked) {
    const hit = await accounts.get(asked)
    if (!hit?.value.active) throw fieldError('accountId', 'account_unknown')
    return hit.value.id
  }
  return defaultAccountFor([...(await accounts.rows()).values()], method)?.id ?? null
}
