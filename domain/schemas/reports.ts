import { z } from 'zod'
import { AGES, ORDER_AGES, type Age, type OrderAge } from '../report-ages.ts'

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

/** The most open invoices the receivables report lists one by one. */
export const RECEIVABLE_INVOICES_SHOWN = 200

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
  invoices: z
    .array(
      z.object({
        id: z.string(),
        number: z.string(),
        clientName: z.string(),
        dueDate: z.string(),
        daysOverdue: z
          .number()
          .int()
          .meta({ description: 'Days past the due date on its branch’s today; 0 when not due' }),
        open: z.number().int(),
        age: z.enum(AGES),
        reminders: z.object({
          sent: z.number().int().meta({ description: 'Overdue reminders e-mailed to the client' }),
          lastAt: z.string().nullable().meta({ description: 'When the last reminder was due (sent or not)' }),
          lastSent: z
            .boolean()
            .nullable()
            .meta({ description: 'Whether the last reminder went out (false: no e-mail, no mail server, refused)' }),
        }),
      }),
    )
    .meta({
      description: `The open invoices, the longest overdue first: as many as asked (\`invoices\`), at most ${RECEIVABLE_INVOICES_SHOWN}`,
    }),
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

/** The quote figures of a month, and their sums (docs/domain.md "Reports": quote conversion). */
export const QUOTE_FIGURES = [
  'sent',
  'sentValue',
  'approved',
  'approvedValue',
  'converted',
  'convertedValue',
  'rejected',
  'rejectedValue',
] as const
const quoteFigures = Object.fromEntries(QUOTE_FIGURES.map((name) => [name, z.number().int()])) as Record<
  (typeof QUOTE_FIGURES)[number],
  z.ZodNumber
>
export const quotesMonth = z.object({ month: z.string(), ...quoteFigures }).meta({
  description:
    'The quotes sent in the month (by the day they were last sent, in the branch’s zone) and what became of them by now: approved (converted ones too), converted into an order, rejected; each with its value in cents',
})
export const quotesReport = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string().meta({ description: "The company's currency (ISO 4217), of every amount", example: 'BRL' }),
  months: z.array(quotesMonth),
})
export type QuotesReport = z.output<typeof quotesReport>

/** What each service brought in the period. */
export const servicesReport = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string().meta({ description: "The company's currency (ISO 4217), of every amount", example: 'BRL' }),
  services: z
    .array(
      z.object({
        jobId: z.string().nullable().meta({ description: 'The service (cd_job); null: lines that name none' }),
        name: z.string().meta({ description: 'Its name; empty for lines that name none' }),
        invoiced: z.number().int().meta({ description: 'The totals of its lines on invoices issued in the period' }),
      }),
    )
    .meta({ description: 'The most invoiced first' }),
})
export type ServicesReport = z.output<typeof servicesReport>

/** The open orders by status and by how old they are (days since each was made, in its branch's calendar). */
export const ordersReport = z.object({
  currency: z.string().meta({ description: "The company's currency (ISO 4217), of every amount", example: 'BRL' }),
  statuses: z
    .array(
      z.object({
        status: z.enum(['new', 'scheduled', 'in_progress', 'on_hold', 'completed']),
        orders: z.number().int(),
        total: z.number().int().meta({ description: 'Their totals, in cents' }),
        ...(Object.fromEntries(ORDER_AGES.map((age) => [age, z.number().int()])) as Record<OrderAge, z.ZodNumber>),
      }),
    )
    .meta({
      description:
        'The orders not invoiced nor cancelled, by status (completed: waiting for their invoice), each with how many are 0–7, 8–30, 31–60 and over 60 days old',
    }),
})
export type OrdersReport = z.output<typeof ordersReport>

/** What each technician did in the period (docs/domain.md "Reports": technician productivity). */
export const techniciansReport = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string().meta({ description: "The company's currency (ISO 4217), of every amount", example: 'BRL' }),
  technicians: z
    .array(
      z.object({
        technicianId: z.string(),
        name: z.string(),
        visits: z.number().int().meta({ description: 'Visits ended in the period (done or could not be completed)' }),
        done: z.number().int(),
        failed: z.number().int().meta({ description: 'Visits that could not be completed' }),
        minutes: z.number().int().meta({ description: 'Minutes on site, all visits' }),
        parts: z.number().int().meta({ description: 'Parts used (lines of parts on the visits)' }),
        averageMinutes: z.number().int().meta({ description: 'Minutes on site per visit ended' }),
        invoiced: z.number().int().meta({
          description:
            'His share of the invoices issued in the period, in cents: each invoice’s total split among the technicians of the visits it bills, by minutes on site (equally per visit when none has any). Invoices of no visit count for no one.',
        }),
      }),
    )
    .meta({ description: 'The most visits first' }),
})
export type TechniciansReport = z.output<typeof techniciansReport>

/**
 * The seven reports in one answer, as the reports page shows them (docs/domain.md "Reports"):
 * each as its own call answers it, for the same period, branch and cash-flow step.
 */
export const reportsSummary = z.object({
  revenue: revenueReport,
  receivables: receivablesReport,
  cashflow: cashflowReport,
  quotes: quotesReport,
  services: servicesReport,
  orders: ordersReport,
  technicians: techniciansReport,
})
export type ReportsSummary = z.output<typeof reportsSummary>
