import { z } from 'zod'
import { rule } from '../messages.ts'
import { money, optionalDay, optionalId, optionalText, text } from './fields.ts'

/**
 * Money received for a document (docs/domain.md cd_invoice, "Deposits"): an invoice's payments and a
 * quote's deposits, recorded, counted and reversed the same way.
 */
export const PAYMENT_METHODS = ['cash', 'card', 'pix', 'transfer', 'boleto'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

/** At most this many payments on one document (reversed ones count). */
export const MAX_PAYMENTS = 200

/** A payment as the office records it: the amount, how, the day (today when none), a reference. */
export const paymentInput = z
  .object({
    amount: money().refine((v) => v > 0, rule('invalid_money')),
    method: z.enum(PAYMENT_METHODS, { message: 'Choose how it was paid' }),
    date: optionalDay,
    reference: optionalText(120),
    note: optionalText(500),
    accountId: optionalId('Choose an account').meta({
      description:
        'The account it lands in (cd_contas); none: the account that takes its method by default, or no account when none does',
    }),
  })
  .strict()
export type PaymentInput = z.output<typeof paymentInput>

/** Reversing a payment takes a reason; the payment stays on its document, marked. */
export const reverseInput = z.object({ reason: text(500) }).strict()

/** Who did something and when (a void, a reversal). */
export type Mark = { reason: string; by: string; at: string }
/** The card provider's refund or chargeback that reversed a card payment: its own reference and the amount it took back. */
export type ProviderReversal = { kind: 'refund' | 'chargeback'; reference: string; amount: number }

export type PaymentRecord = {
  id: string
  /** The day it was paid (the branch's calendar). */
  date: string
  amount: number
  method: PaymentMethod
  reference: string
  note: string
  /** Who recorded it (a person's name; the card provider for a card paid on the link). */
  by: string
  at: string
  reversed: (Mark & { provider?: ProviderReversal }) | null
  /** The card provider's payment it records (each once). */
  providerPaymentId?: string
  /** The account it landed in (cd_contas); none on payments recorded before accounts, or when no account took its method. */
  accountId?: string | null
  /**
   * On an invoice: the number of the quote whose deposit this is, copied when the invoice was made
   * (the money came in on the quote: the quote's figures count it, the invoice's do not).
   */
  deposit?: string
}

export const markRow = z.object({ reason: z.string(), by: z.string(), at: z.string() })
const providerReversal = z
  .object({ kind: z.enum(['refund', 'chargeback']), reference: z.string(), amount: z.number().int() })
  .describe('The card provider’s refund or chargeback that reversed this card payment')
export const paymentRow = z.object({
  id: z.string(),
  date: z.string(),
  amount: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  note: z.string(),
  by: z.string(),
  at: z.string(),
  reversed: markRow.extend({ provider: providerReversal.optional() }).nullable(),
  accountId: z.string().nullable().meta({ description: 'The account it landed in (cd_contas), or null' }),
  deposit: z.string().nullable().meta({
    description: 'On an invoice: the quote whose deposit this is (paid on the quote, credited here), or null',
  }),
})
export type PaymentRow = z.output<typeof paymentRow>

/** A stored payment as the API answers it (the provider's id stays inside). */
export const paymentRowOf = ({ providerPaymentId: _p, ...p }: PaymentRecord): PaymentRow => ({
  ...p,
  accountId: p.accountId ?? null,
  deposit: p.deposit ?? null,
})

/** The day of the latest payment not reversed, or null. */
export const lastPaymentDate = (payments: PaymentRecord[]) =>
  payments.reduce<string | null>((last, p) => (!p.reversed && (!last || p.date > last) ? p.date : last), null)

/** What the payments not reversed add up to. */
export const paidOf = (payments: PaymentRecord[]) => payments.reduce((sum, p) => sum + (p.reversed ? 0 : p.amount), 0)

/** A deposit paid on an order's quote, as the order shows it (credited on the order's invoice when it is made). */
export const orderDepositRow = paymentRow.extend({
  quoteId: z.string(),
  quoteNumber: z.string(),
  currency: z.string(),
})
