import { accounts } from '../../domain/modules/cd-contas.ts'
import { ACCOUNTS, accountBucket, type AccountRecord } from '../../domain/schemas/accounts.ts'
import type { Versioned } from '../../storage/store.ts'
import { collectionSource } from '../lib/collection-source.ts'
import type { Deps } from '../lib/deps.ts'
import { uniqueField } from '../lib/unique-field.ts'
import { resourceRoutes, type Caller, type ResourceServer, type ResourceSource } from '../lib/resource.ts'

/** An account as read: its record and what moved through it, from the report figures (never stored on it). */
type ReadAccount = AccountRecord & { inflow?: number; outflow?: number }

const stored = collectionSource<AccountRecord>(ACCOUNTS)

/** The record alone, whatever was read with it. */
const recordOf = ({ inflow: _in, outflow: _out, ...account }: ReadAccount): AccountRecord => account

/** Each account with its movements' sums: one figures bucket each, kept by the writes that move money (bff/lib/reports.ts). */
async function withMovements(who: Caller, list: AccountRecord[]): Promise<ReadAccount[]> {
  const totals = await who.deps.repos.rollups(who.tenant.empresa).totals(list.map((a) => accountBucket(a.id)))
  return list.map((a, i) => ({ ...a, inflow: totals[i].in ?? 0, outflow: totals[i].out ?? 0 }))
}
const read = async (who: Caller, hit: Versioned<AccountRecord> | null) =>
  hit && { ...hit, value: (await withMovements(who, [hit.value]))[0] }

const source: ResourceSource<ReadAccount, string> = {
  list: async (who) => withMovements(who, await stored.list(who)),
  find: async (who, id) => read(who, await stored.find(who, id)),
  insert: async (who, account) => (await read(who, await stored.insert!(who, recordOf(account))))!,
  update: async (who, id, change, expectVersion) =>
    read(who, await stored.update(who, id, (current) => recordOf(change(current)), expectVersion)),
}

/** A name names one account of a company: a second answers 409 account_name_taken. */
const names = uniqueField(
  ACCOUNTS,
  stored,
  'name',
  (a: AccountRecord) => a.name.trim().toLowerCase(),
  'account_name_taken',
)

/**
 * cd_contas (docs/domain.md): the company's accounts. A balance is never written: it is the opening
 * plus what the figures kept by each payment (and each payable paid) hold for the account.
 */
export function cdContasRoutes(deps: Deps) {
  return resourceRoutes(deps, accounts, {
    toRow: (a) => {
      const [inflow, outflow] = [a.inflow ?? 0, a.outflow ?? 0]
      return { ...recordOf(a), inflow, outflow, balance: a.opening + inflow - outflow }
    },
    idOf: (a) => a.id,
    source,
    create: {
      async make(who, input) {
        const company = await deps.repos.companies.find(who.tenant.empresa)
        const account: AccountRecord = {
          id: who.newId(),
          ...input,
          currency: company?.CURRENCY ?? 'BRL',
          active: true,
          createdAt: new Date(deps.now()).toISOString(),
        }
        await names.claim(who, account)
        return account
      },
      undo: (who, made) => names.release(who, made),
    },
    edit: {
      async apply(who, current, input) {
        const next = { ...recordOf(current), ...input }
        if (!names.same(current, next)) await names.claim(who, next)
        return next
      },
      async after(who, saved, before) {
        if (!names.same(before, saved.value)) await names.release(who, before)
      },
      async undo(who, attempted, current) {
        if (!names.same(current, attempted)) await names.release(who, attempted)
      },
    },
    deactivate: { set: (_who, current, active) => ({ ...recordOf(current), active }) },
  } satisfies ResourceServer<typeof accounts, ReadAccount>)
}
