import type { Route } from './+types/report-revenue'
import { revenueReport } from '../../../domain/schemas/reports.ts'
import { reportQuery, revenueColumns } from '../../features/cd_reports/revenue'
import { readAnswer } from '../../lib/answer.server'
import { requestLocale } from '../../lib/cookies.server'
import { CULTURES, translator } from '../../lib/i18n'
import { csvResponse, csvSeparator, toCsv } from '../../../bff/lib/csv.ts'

/**
 * The revenue report's Export CSV: the months the page shows, with its headings in the reader's
 * language and the amounts as the culture types them (";" between fields where the decimal
 * separator is a comma), named after the report and its months.
 */
export async function loader(args: Route.LoaderArgs) {
  const revenue = (
    await readAnswer(args, `/cd_reports/revenue?${reportQuery(new URL(args.request.url))}`, revenueReport)
  ).data
  const locale = requestLocale(args.request)
  const columns = revenueColumns(translator(locale), locale, null)
  return csvResponse(
    `revenue-${revenue.from}-${revenue.to}`,
    toCsv(revenue.months, columns, csvSeparator(CULTURES[locale])),
  )
}
