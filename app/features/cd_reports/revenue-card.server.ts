import { revenueReport } from '../../../domain/schemas/reports.ts'
import { readAnswer } from '../../lib/answer.server'

type Args = Parameters<typeof readAnswer>[0]

/**
 * The owner's home figure (docs/domain.md "Reports"): this month's revenue and last month's, of the
 * branch, read from the report's figures; null for who may not read the reports.
 */
export async function loadRevenueCard(args: Args) {
  const [now, last] = await Promise.all(
    (['this-month', 'last-month'] as const).map((period) =>
      readAnswer(args, `/cd_reports/revenue?period=${period}`, revenueReport).then(
        (answer) => answer.data,
        () => null,
      ),
    ),
  )
  if (!now || !last) return null
  return { currency: now.currency, now: now.months[0], last: last.months[0] }
}

export type RevenueCardData = NonNullable<Awaited<ReturnType<typeof loadRevenueCard>>>
