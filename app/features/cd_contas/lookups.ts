import { accountRow, defaultAccountFor } from '../../../domain/schemas/accounts.ts'
import { listAnswer } from '../../../domain/schemas/resource.ts'
import type { FeatureModule, Lookups } from '../../kit/module'

/**
 * The accounts a money form offers and names (docs/domain.md cd_contas): `accounts`, the active ones
 * to choose from; `accountNames`, every one, to name where past money went (a deactivated account's
 * too); `transferAccount`, the one that takes transfers by default (a bill is paid from it unless
 * said). Empty for who may not read the accounts.
 */
export const accountLookups = async (get: Parameters<NonNullable<FeatureModule['lookups']>>[0]): Promise<Lookups> => {
  const all = await get('/cd_contas?size=100&all=1', listAnswer(accountRow).shape.Dados).then(
    (list) => list.items,
    () => [],
  )
  const active = all.filter((a) => a.active)
  const transfer = defaultAccountFor(active, 'transfer')
  return {
    accounts: active.map((a) => [a.id, a.name]),
    accountNames: all.map((a) => [a.id, a.name]),
    transferAccount: transfer ? [[transfer.id, transfer.name]] : [],
  }
}
