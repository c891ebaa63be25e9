import { z } from 'zod'
import { CURRENCIES } from '../money.ts'
import { money, optionalText, text } from './fields.ts'
import { PAYMENT_METHODS, type PaymentMethod } from './invoices.ts'

/** Where a company's accounts are stored (a collection of storage/repositories). */
export const ACCOUNTS = 'accounts'

/** docs/domain.md cd_contas: what an account is. */
export const ACCOUNT_KINDS = ['cash', 'bank', 'pix', 'card', 'other'] as const

/** The payment methods an account takes by default: a list, or the form's checked boxes joined by commas. */
const methods = z
  .union([z.array(z.string()), z.string().transform((v) => v.split(','))])
  .transform((list) => [...new Set(list.map((m) => m.trim()).filter(Boolean))])
  .pipe(z.array(z.enum(PAYMENT_METHODS, { message: 'Choose among cash, card, pix, transfer and boleto' })))
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
  inflow: z.number().int().meta({ description: 'What came in: payments received here, not reversed, in cents' }),
  outflow: z.number().int().meta({ description: 'What went out, in cents' }),
  balance: z.number().int().meta({ description: 'opening + inflow − outflow, in cents' }),
})
export type AccountRow = z.output<typeof accountRow>

/** The account a payment by `method` lands in unless it names one: the first active one by name that takes it. */
export const defaultAccountFor = <A extends Pick<AccountRecord, 'active' | 'methods' | 'name'>>(
  accounts: A[],
  method: PaymentMethod,
): A | null =>
  accounts.filter((a) => a.active && a.methods.includes(method)).sort((a, b) => a.name.localeCompare(b.name))[0] ?? null

/** The report figures' bucket of an account's movements (docs/domain.md "Reports"): company-wide, not a branch's. */
export const accountBucket = (accountId: string) => `account.${accountId}`
