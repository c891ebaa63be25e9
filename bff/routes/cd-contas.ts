import { z } from 'zod'
import { dateIn } from '../../domain/dates.ts'
import { accounts } from '../../domain/modules/cd-contas.ts'
import {
  ACCOUNTS,
  accountBucket,
  TRANSFERS,
  transferInput,
  transferRow,
  type AccountRecord,
  type TransferRecord,
  type TransferRow,
} from '../../domain/schemas/accounts.ts'
import { wrapper } from '../../domain/schemas/common.ts'
import type { Versioned } from '../../storage/store.ts'
import { collectionSource } from '../lib/collection-source.ts'
import type { Deps } from '../lib/deps.ts'
import { owing } from '../lib/derived.ts'
import { fieldError, notFound } from '../lib/errors.ts'
import { apiErrorSchema, doc } from '../lib/openapi.ts'
import { requireTenant } from '../lib/tenancy.ts'
import { uniqueField } from '../lib/unique-field.ts'
import { valid } from '../lib/validate.ts'
import { statementRoutes } from './statements.ts'
import { callerOf, ok, resourceRoutes, type Caller, type ResourceServer, type ResourceSource } from '../lib/resource.ts'

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

const idParam = z.object({ id: z.uuid() })
/** The most transfers an account's list answers: the latest. */
const TRANSFERS_SHOWN = 200

/** A transfer seen from account `id`: in or out, and the other account by name. */
const transferRowOf = (t: TransferRecord, account: AccountRecord, names: Map<string, string>): TransferRow => {
  const { id, currency } = account
  const otherId = t.fromId === id ? t.toId : t.fromId
  return {
    id: t.id,
    date: t.date,
    direction: t.fromId === id ? 'out' : 'in',
    otherId,
    otherName: names.get(otherId) ?? '',
    amount: t.amount,
    currency,
    note: t.note,
    by: t.by,
  }
}

/**
 * cd_contas (docs/domain.md): the company's accounts. A balance is never written: it is the opening
 * plus what the figures kept by each payment (and each payable paid) hold for the account.
 */
export function cdContasRoutes(deps: Deps) {
  const transfers = (empresa: number) => deps.repos.collection<TransferRecord>(empresa, TRANSFERS)
  const tags = ['cd_contas']
  const server = {
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
  } satisfies ResourceServer<typeof accounts, ReadAccount>

  return resourceRoutes(deps, accounts, server, (app) =>
    app
      .route('/', statementRoutes(deps))
      .get(
        '/:id/transfers',
        doc({
          operationId: 'listAccountTransfers',
          summary: 'An account’s transfers',
          description: `The transfers into and out of one account, the latest first, at most ${TRANSFERS_SHOWN}, each with the other account. 404 when the company holds no such account. Needs the cd_contas page at view.`,
          tags,
          responses: { 200: wrapper(z.array(transferRow)), 404: apiErrorSchema },
        }),
        requireTenant(deps),
        valid('param', idParam),
        async (c) => {
          const who = callerOf(deps, c)
          const { id } = c.req.valid('param')
          const account = await stored.find(who, id)
          if (!account) throw notFound('Account')
          const names = new Map((await stored.list(who)).map((a) => [a.id, a.name]))
          const mine = [...(await transfers(who.tenant.empresa).rows()).values()]
            .filter((t) => t.fromId === id || t.toId === id)
            .sort((a, b) => b.date.localeCompare(a.date) || b.at.localeCompare(a.at))
            .slice(0, TRANSFERS_SHOWN)
          return c.json(ok(mine.map((t) => transferRowOf(t, account.value, names))))
        },
      )
      .post(
        '/:id/transfers',
        doc({
          operationId: 'transferFromAccount',
          summary: 'Move money to another account',
          description:
            'Money moved from this account to another active account of the company (`toId`; 400 `account_unknown`, or `transfer_same_account` for this one) on a day not after today (`date`, the current branch’s today when none; 400 `transfer_in_future`): it leaves this account’s balance and joins the other’s, once — sent again with the same Idempotency-Key it is the same transfer. Neither branch’s cash flow moves. A transfer is never changed: one made by mistake is undone by one back. 404 when the company holds no such account. Needs the cd_contas page at edit.',
          tags,
          responses: { 200: wrapper(transferRow), 404: apiErrorSchema },
          example: { toId: '5f0c1d7e-2a9b-4c3d-8e1f-0a2b3c4d5e6f', amount: 50000, note: 'The till to the bank' },
        }),
        requireTenant(deps),
        valid('param', idParam),
        valid('json', transferInput),
        async (c) => {
          const who = callerOf(deps, c)
          const { empresa, filial } = who.tenant
          const { id } = c.req.valid('param')
          const input = c.req.valid('json')
          const from = await stored.find(who, id)
          if (!from) throw notFound('Account')
          if (input.toId === id) throw fieldError('toId', 'transfer_same_account')
          const to = await stored.find(who, input.toId)
          if (!to?.value.active) throw fieldError('toId', 'account_unknown')
          const names = new Map([
            [from.value.id, from.value.name],
            [to.value.id, to.value.name],
          ])
          // run again after a crash lost its answer: the transfer it made has the same id (bff/lib/idempotency.ts recordIds)
          const transferId = who.newId()
          const earlier = await transfers(empresa).get(transferId)
          if (earlier) return c.json(ok(transferRowOf(earlier.value, from.value, names), 'Transfer made'))
          const [company, branch] = await Promise.all([
            deps.repos.companies.find(empresa),
            deps.repos.companies.findBranch(empresa, filial),
          ])
          const today = dateIn(branch?.TIME_ZONE ?? company?.TIME_ZONE ?? 'UTC', deps.now())
          const date = input.date ?? today
          if (date > today) throw fieldError('date', 'transfer_in_future')
          const transfer: TransferRecord = {
            id: transferId,
            fromId: id,
            toId: to.value.id,
            amount: input.amount,
            date,
            note: input.note,
            by: who.user.name,
            at: new Date(deps.now()).toISOString(),
          }
          // what moves the two balances follows from it (the derived fact "transfer", bff/lib/derived.ts)
          await owing(deps, { tenant: who.tenant, user: who.user }, 'transfer', transferId, () =>
            transfers(empresa).put(transfer),
          )
          return c.json(ok(transferRowOf(transfer, from.value, names), 'Transfer made'))
        },
      ),
  )
}
