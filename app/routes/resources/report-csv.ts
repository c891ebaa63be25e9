import { data } from 'react-router'
import type { Route } from './+types/report-csv'
import {
  cashflowReport,
  ordersReport,
  quotesReport,
  receivablesReport,
  revenueReport,
  servicesReport,
  techniciansReport,
} from '../../../domain/schemas/reports.ts'
import {
  cashflowColumns,
  cashflowQuery,
  openInvoicesColumns,
  ordersColumns,
  quotesColumns,
  receivablesColumns,
  reportQuery,
  revenueColumns,
  servicesColumns,
  techniciansColumns,
} from '../../features/cd_reports/tables'
import { readAnswer } from '../../lib/answer.server'
import { requestLocale } from '../../lib/cookies.server'
import { CULTURES, translator } from '../../lib/i18n'
import { csvResponse, csvSeparator, toCsv } from '../../../bff/lib/csv.ts'

/**
 * A report's Export CSV (revenue, receivables and each open invoice, cash flow, quote conversion, services, technicians, open orders): what the page shows, with its headings in the
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
  if (args.params.report === 'open-invoices') {
    const branch = query.get('branch') === 'all' ? 'branch=all' : ''
    const report = (await readAnswer(args, `/cd_reports/receivables?${branch}`, receivablesReport)).data
    return csvResponse('open-invoices', toCsv(report.invoices, openInvoicesColumns(t, locale, null), separator))
  }
  if (args.params.report === 'cashflow') {
    const flowQuery = cashflowQuery(new URL(args.request.url))
    const report = (await readAnswer(args, `/cd_reports/cashflow?${flowQuery}`, cashflowReport)).data
    return csvResponse(`cashflow-${report.by}`, toCsv(report.periods, cashflowColumns(t, locale, null), separator))
  }
  if (args.params.report === 'quotes') {
    const report = (await readAnswer(args, `/cd_reports/quotes?${query}`, quotesReport)).data
    const columns = quotesColumns(t, locale, null)
    return csvResponse(`quotes-${report.from}-${report.to}`, toCsv(report.months, columns, separator))
  }
  if (args.params.report === 'services') {
    const report = (await readAnswer(args, `/cd_reports/services?${query}`, servicesReport)).data
    const columns = servicesColumns(t, locale, null, report.services)
    return csvResponse(`services-${report.from}-${report.to}`, toCsv(report.services, columns, separator))
  }
  if (args.params.report === 'technicians') {
    const report = (await readAnswer(args, `/cd_reports/technicians?${query}`, techniciansReport)).data
    const columns = techniciansColumns(t, locale, null)
    return csvResponse(`technicians-${report.from}-${report.to}`, toCsv(report.technicians, columns, separator))
  }
  if (args.params.report === 'orders') {
    const branch = query.get('branch') === 'all' ? 'branch=all' : ''
    const report = (await readAnswer(args, `/cd_reports/orders?${branch}`, ordersReport)).data
    return csvResponse('orders', toCsv(report.statuses, ordersColumns(t, locale, null), separator))
  }
  throw data(null, { status: 404 })
}
