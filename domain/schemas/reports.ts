import { z } from 'zod'

/** cd_reports' answers (docs/domain.md "Reports"): the revenue report. */
export const revenueMonth = z.object({
  month: z.string(),
  invoiced: z.number().int().meta({ description: 'The totals of the invoices issued in the month, in cents' }),
  invoices: z
    .number()
    .int()
    .meta({ description: 'How many invoices were issued in the month (void ones not counted)' }),
  collected: z.number().int().meta({ description: 'The payments received in the month, not reversed, in cents' }),
  averageTicket: z.number().int().meta({ description: 'invoiced / invoices, rounded to the cent; 0 without invoices' }),
})

export const revenueReport = z.object({
  from: z.string().meta({ description: 'The first month reported', example: '2025-12' }),
  to: z.string().meta({ description: 'The last month reported', example: '2026-11' }),
  currency: z.string().meta({ description: "The company's currency (ISO 4217), of every amount", example: 'BRL' }),
  months: z.array(revenueMonth),
})

/** The ages of what clients owe (docs/domain.md "Reports"): not due yet, then days past the due date. */
export const AGES = ['current', 'days1to30', 'days31to60', 'days61to90', 'days90plus'] as const
export type Age = (typeof AGES)[number]

/** The age of an open amount due on `dueDate`, seen on `today` (both days of the branch's calendar). */
export function ageOf(dueDate: string, today: string): Age {
  const late = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueDate}T00:00:00Z`)) / 86_400_000)
  return late <= 0
    ? 'current'
    : late <= 30
      ? 'days1to30'
      : late <= 60
        ? 'days31to60'
        : late <= 90
          ? 'days61to90'
          : 'days90plus'
}

const ages = Object.fromEntries(
  AGES.map((age) => [
    age,
    z
      .number()
      .int()
      .meta({ description: `What is open in the age ${age}, in cents` }),
  ]),
) as Record<Age, z.ZodNumber>

export const receivablesRow = z.object({
  clientId: z.string(),
  clientName: z.string(),
  invoices: z.number().int().meta({ description: 'How many of the client’s invoices have money open' }),
  ...ages,
  total: z.number().int(),
})

export const receivablesReport = z.object({
  currency: z.string().meta({ description: "The company's currency (ISO 4217), of every amount", example: 'BRL' }),
  totals: z.object({ ...ages, total: z.number().int() }),
  clients: z.array(receivablesRow).meta({ description: 'Each client with money open, the most owed first' }),
})
export type ReceivablesReport = z.output<typeof receivablesReport>

/** How the cash flow is grouped: ISO weeks or months. */
export const CASH_PERIODS = ['week', 'month'] as const

export const cashPeriod = z.object({
  period: z.string().meta({ description: 'The month (`2026-11`) or ISO week (`2026-W48`)' }),
  start: z.string().meta({ description: 'Its first day (a week’s Monday)' }),
  in: z.number().int().meta({ description: 'What came in: payments received, not reversed, in cents' }),
  out: z.number().int().meta({ description: 'What went out: payables paid, in cents' }),
  expectedIn: z
    .number()
    .int()
    .meta({ description: 'What is open on issued invoices due in it (overdue ones: in the current period)' }),
  expectedOut: z
    .number()
    .int()
    .meta({ description: 'What is open on payables due in it (overdue ones: in the current period)' }),
})

export const cashflowReport = z.object({
  currency: z.string().meta({ description: "The company's currency (ISO 4217), of every amount", example: 'BRL' }),
  by: z.enum(CASH_PERIODS),
  current: z.string().meta({ description: 'The period of today (before it: past; after it: the forecast)' }),
  periods: z.array(cashPeriod),
})
export type CashflowReport = z.output<typeof cashflowReport>
