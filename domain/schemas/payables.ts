import { z } from 'zod'
import { dateIn } from '../dates.ts'
import { CURRENCIES, type Currency } from '../money.ts'
import { rule } from '../messages.ts'
import { day, money, optionalDay, optionalId, optionalText, text } from './fields.ts'
import { file } from './files.ts'
import { dayOfMonth, shiftMonth } from '../report-period.ts'

/** Where a company's payables are stored (a collection of storage/repositories). */
export const PAYABLES = 'payables'

/** docs/domain.md cd_financeiro: `open → paid`, `open → void` (with a reason); *overdue* is an open one past its due date. */
export const PAYABLE_STATUSES = ['open', 'paid', 'void'] as const
export const PAYABLE_STATES = ['open', 'overdue', 'paid', 'void'] as const
export type PayableState = (typeof PAYABLE_STATES)[number]

/** A recurring payable makes the next one when it is paid: a month or a year later. */
export const PAYABLE_REPEATS = ['none', 'monthly', 'yearly'] as const

/** A bill to pay as the office types it (the amount in cents). */
export const payableInput = z.object({
  supplier: text(120),
  category: optionalText(60).meta({ description: 'What it is for, in the company’s words: rent, parts, fuel …' }),
  description: optionalText(500),
  amount: money().refine((v) => v > 0, rule('invalid_money')),
  dueDate: day.meta({ description: 'The day it is due (the branch’s calendar)', example: '2026-12-10' }),
  repeat: z.enum(PAYABLE_REPEATS, { message: 'Choose how it repeats' }).default('none'),
})
export type PayableInput = z.output<typeof payableInput>

/** Paying it: the day (empty: today) and the account it leaves (empty: none). */
export const payPayableInput = z
  .object({
    date: optionalDay,
    accountId: optionalId('Choose an account').meta({ description: 'The account it leaves (cd_contas)' }),
  })
  .strict()

/** Voiding it takes a reason. */
export const voidPayableInput = z.object({ reason: text(500) }).strict()

type Mark = { by: string; at: string }

/** The bill itself, attached: a PDF or a photo of it, stored in the company's files (served to who may read payables). */
export type PayableAttachment = Mark & { fileId: string; name: string; type: string; size: number; url: string }

/** Attaching it: multipart `file`, a PDF, JPEG, PNG or WebP of at most 5 MB. */
export const attachmentForm = z.object({ file })

export type StoredPayable = PayableInput & {
  id: string
  filial: number
  number: string
  timeZone: string
  currency: Currency
  status: (typeof PAYABLE_STATUSES)[number]
  paid: (Mark & { date: string; accountId: string | null }) | null
  voided: (Mark & { reason: string }) | null
  /** The bill before it, whose payment made it (a recurring bill's next); null for one entered by hand. */
  previousId: string | null
  /** The bill attached (absent on payables older than this field). */
  attachment?: PayableAttachment | null
  /** A recurring bill's day of the month, from the first of its series (a 31st stays the 31st where a month has one). */
  repeatDay?: number
  createdAt: string
}

const markRow = z.object({ by: z.string(), at: z.string() })
export const payableRow = z.object({
  id: z.string(),
  filial: z.number(),
  number: z.string(),
  supplier: z.string(),
  category: z.string(),
  description: z.string(),
  amount: z.number().int(),
  currency: z.enum(CURRENCIES),
  dueDate: z.string(),
  repeat: z.enum(PAYABLE_REPEATS),
  status: z.enum(PAYABLE_STATUSES),
  state: z
    .enum(PAYABLE_STATES)
    .meta({ description: 'The status as the office sees it: an open one past its due date is overdue' }),
  paid: markRow.extend({ date: z.string(), accountId: z.string().nullable() }).nullable(),
  voided: markRow.extend({ reason: z.string() }).nullable(),
  previousId: z.string().nullable(),
  attachment: markRow
    .extend({
      fileId: z.string(),
      name: z.string(),
      type: z.string(),
      size: z.number().int(),
      url: z.string().meta({ description: 'Where the file is served (GET /api/files/…), to who may read payables' }),
    })
    .nullable()
    .meta({ description: 'The bill attached: a PDF or a photo of it' }),
  createdAt: z.string(),
})
export type PayableRow = z.output<typeof payableRow>

/** docs/domain.md: a payable is overdue when its due date has passed (in its branch's zone) and it is open. */
export const payableState = (p: Pick<StoredPayable, 'status' | 'dueDate'>, today: string): PayableState =>
  p.status === 'open' && p.dueDate < today ? 'overdue' : p.status

/** A stored payable as the API answers it, its state at `now`. */
export const payableRowOf = (p: StoredPayable, now: number): PayableRow => {
  const { timeZone, repeatDay: _day, ...payable } = p
  return { ...payable, attachment: p.attachment ?? null, state: payableState(p, dateIn(timeZone, now)) }
}

/** What a payable is found by: its number, supplier, category and description. */
export const payableSearchText = (p: Pick<StoredPayable, 'number' | 'supplier' | 'category' | 'description'>) =>
  `${p.number} ${p.supplier} ${p.category} ${p.description}`

/**
 * The due date of a recurring payable's next one: a month (or a year) later on the series' day of
 * the month (`day`, the due date's unless said), the month's last day where it is shorter.
 */
export function nextDue(
  dueDate: string,
  repeat: Exclude<(typeof PAYABLE_REPEATS)[number], 'none'>,
  day = Number(dueDate.slice(8)),
): string {
  return dayOfMonth(shiftMonth(dueDate.slice(0, 7), repeat === 'yearly' ? 12 : 1), day)
}
