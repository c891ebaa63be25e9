import { z } from 'zod'
import { CURRENCIES } from '../money.ts'
import { rule } from '../messages.ts'
import { commaList, money, optionalDay, optionalText, text } from './fields.ts'
import { PAYMENT_METHODS, type PaymentMethod } from './payments.ts'

/** Where a company's accounts are stored (a collection of storage/repositories). */
export const ACCOUNTS = 'accounts'

/** docs/domain.md cd_contas: what an account is. */
export const ACCOUNT_KINDS = ['cash', 'bank', 'pix', 'card', 'other'] as const

/** The payment methods an account takes by default: a list, or the form's checked boxes joined by commas. */
const methods = commaList(z.enum(PAYMENT_METHODS, { message: 'Choose among cash, card, pix, transfer and boleto' }))
  .default([])
  .meta({
    description:
      'The payment methods whose payments land here unless the payment names its account (the first account by name that takes a method is its default)',
    example: ['pix', 'transfer'],
  })

/** An account of the company as the API and the form take it (the opening balance in cents). */
export const accountInput = z.object({
  name: text(80),
  kind: z.enum(ACCOUNT_KINDS, { message: 'Choose a kind' }),
  methods,
  opening: money().default(0).meta({ description: 'The balance before the first movement kept here, in cents' }),
  notes: optionalText(500),
})
export type AccountInput = z.output<typeof accountInput>

export type AccountRecord = AccountInput & {
  id: string
  currency: (typeof CURRENCIES)[number]
  active: boolean
  createdAt: string
}

export const accountRow = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(ACCOUNT_KINDS),
  methods: z.array(z.enum(PAYMENT_METHODS)),
  opening: z.number().int(),
  notes: z.string(),
  currency: z.enum(CURRENCIES),
  active: z.boolean(),
  createdAt: z.string(),
  inflow: z
    .number()
    .int()
    .meta({ description: 'What came in: payments received here (not reversed) and transfers in, in cents' }),
  outflow: z.number().int().meta({ description: 'What went out: payables paid from here and transfers out, in cents' }),
  balance: z.number().int().meta({ description: 'opening + inflow − outflow, in cents' }),
})
export type AccountRow = z.output<typeof accountRow>

/** The account a payment by `method` lands in unless it names one: the first active one by name that takes it. */
export const defaultAccountFor = <A extends Pick<AccountRecord, 'active' | 'methods' | 'name'>>(
  accounts: A[],
  method: PaymentMethod,
): A | null =>
  accounts.filter((a) => a.active && a.methods.includes(method)).sort((a, b) => a.name.localeCompare(b.name))[0] ?? null

/** The report figures' bucket of an account's movements (docs/domain.md "Reports"): company-wide, not a branch's, all time. */
export const accountBucket = (accountId: string) => `account.${accountId}`

/**
 * The bucket of an account's movements in the month of `date`: each movement's part is kept there,
 * and the months add up into `accountBucket` (storage/repositories/rollups.ts, `name@period`).
 */
export const accountMonthBucket = (accountId: string, date: string) => `${accountBucket(accountId)}@${date.slice(0, 7)}`

/** Where a company's transfers between its accounts are stored. */
export const TRANSFERS = 'transfers'

/** Money moved from one account to another (docs/domain.md cd_contas): a day not after today, an amount above 0. */
export const transferInput = z
  .object({
    toId: z.uuid({ message: 'Choose an account' }).meta({ description: 'The account the money goes to (cd_contas)' }),
    amount: money().refine((n) => n > 0, rule('invalid_money')),
    date: optionalDay.meta({ description: 'The day it moved (the current branch’s today when absent)' }),
    note: optionalText(200),
  })
  .strict()
export type TransferInput = z.output<typeof transferInput>

export type TransferRecord = {
  id: string
  fromId: string
  toId: string
  amount: number
  date: string
  note: string
  by: string
  at: string
}

/** A transfer as an account's list shows it: seen from that account, in or out, and the other account. */
export const transferRow = z.object({
  id: z.string(),
  date: z.string(),
  direction: z.enum(['in', 'out']).meta({ description: 'Into the account asked for, or out of it' }),
  otherId: z.string().meta({ description: 'The account it came from or went to' }),
  otherName: z.string(),
  amount: z.number().int(),
  currency: z.enum(CURRENCIES),
  note: z.string(),
  by: z.string(),
})
export type TransferRow = z.output<typeof transferRow>
