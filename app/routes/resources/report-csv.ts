import { data } from 'react-router'
import type { Route } from './+types/report-csv'
import { cashflowReport, receivablesReport, revenueReport } from '../../../domain/schemas/reports.ts'
import {
  cashflowColumns,
  cashflowQuery,
  receivablesColumns,
  reportQuery,
  revenueColumns,
} from '../../features/cd_reports/tables'
import { readAnswer } from '../../lib/answer.server'
import { requestLocale } from '../../lib/cookies.server'
import { CULTURES, translator } from '../../lib/i18n'
import { csvResponse, csvSeparator, toCsv } from '../../../bff/lib/csv.ts'

/**
 * A report's Export CSV (revenue, receivables, cash flow): what the page shows, with its headings in the
 * reader's language and the amounts as the culture types them (";" between fields where the
 * decimal separator is a comma), named after the report (and its months).
 */
export async function loader(args: Route.LoaderArgs) {
  const query = reportQuery(new URL(args.request.url))
  const locale = requestLocale(args.request)
  const t = translator(locale)
  const separator = csvSeparator(CULTURES[locale])
  if (args.params.report === 'revenue') {
    const revenue = (await readAnswer(args, `/cd_reports/revenue?${query}`, revenueReport)).data
    const columns = revenueColumns(t, locale, null)
    return csvResponse(`revenue-${revenue.from}-${revenue.to}`, toCsv(revenue.months, columns, separator))
  }
  if (args.params.report === 'receivables') {
    const branch = query.get('branch') === 'all' ? 'branch=all' : ''
    const report = (await readAnswer(args, `/cd_reports/receivables?${branch}`, receivablesReport)).data
    return csvResponse('receivables', toCsv(report.clients, receivablesColumns(t, locale, null), separator))
  }
  if (args.params.report === 'cashflow') {
    const flowQuery = cashflowQuery(new URL(args.request.url))
    const report = (await readAnswer(args, `/cd_reports/cashflow?${flowQuery}`, cashflowReport)).data
    return csvResponse(`cashflow-${report.by}`, toCsv(report.periods, cashflowColumns(t, locale, null), separator))
  }
  throw data(null, { status: 404 })
}
