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
