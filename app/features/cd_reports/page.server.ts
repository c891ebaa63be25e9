import type { Route } from '../../routes/view/+types/reports'
import { formatMoney, currencyOf } from '../../../domain/money.ts'
import { AGES } from '../../../domain/report-ages.ts'
import { reportsSummary, type ReportsSummary } from '../../../domain/schemas/reports.ts'
import { dateTimeFormat, numberFormat } from '../../../domain/intl.ts'
import { ORDER_STATE_LABELS } from '../cd_ordem/labels'
import { barsChart } from './bars.server'
import { cashflowQuery, monthName, periodName, quotesTotal, reportQuery, revenueTotal } from './tables'
import { keptAnswers } from '../../lib/kept-answers.server'
import { refusalErrors } from '../../lib/form-errors.server'
import type { FieldErrors } from '../../lib/forms'
import { requestLocale } from '../../lib/cookies.server'
import { CULTURES, translator, type Locale } from '../../lib/i18n'
import { pageInfo } from '../../lib/page-info.server'

const MODULE = 'cd_reports'
/** The open invoices the page lists, the longest overdue first (its export holds more). */
const OPEN_INVOICES_SHOWN = 25

/**
 * The reports page's figures and charts, made from the reports' summary in the reader's language:
 * on the server only, so the page's script carries neither the answers' schemas nor the charts' code.
 */
function drawn(summary: ReportsSummary, locale: Locale) {
  const { revenue, receivables, cashflow, quotes, services, orders, technicians } = summary
  const t = translator(locale)
  const currency = currencyOf(revenue.currency)
  const money = (cents: number) => formatMoney(cents, currency, locale)
  const compact = numberFormat(CULTURES[locale], { style: 'currency', currency, notation: 'compact' })
  const total = revenueTotal(revenue.months)
  const chart = barsChart({
    id: 'revenue-chart',
    title: t.reports_revenue_chart(),
    description: `${t.reports_invoiced()}: ${money(total.invoiced)}. ${t.reports_collected()}: ${money(total.collected)}.`,
    categories: revenue.months.map((m) => m.month),
    series: [
      {
        name: t.reports_invoiced(),
        fill: 'fill-indigo-600 dark:fill-indigo-300',
        values: revenue.months.map((m) => m.invoiced),
      },
      {
        name: t.reports_collected(),
        fill: 'fill-emerald-600 dark:fill-emerald-300',
        values: revenue.months.map((m) => m.collected),
      },
    ],
    categoryLabel: (m) => monthName(m, locale),
    valueLabel: (cents) => compact.format(cents / 100),
  })
  const ageing = barsChart({
    id: 'receivables-chart',
    title: t.reports_receivables_chart(),
    description: AGES.map(
      (age) => `${(t[`reports_age_${age}`] as () => string)()}: ${money(receivables.totals[age])}`,
    ).join('. '),
    categories: [...AGES],
    series: [
      {
        name: t.reports_open(),
        fill: 'fill-amber-600 dark:fill-amber-300',
        values: AGES.map((age) => receivables.totals[age]),
      },
    ],
    categoryLabel: (age) => (t[`reports_age_${age as (typeof AGES)[number]}`] as () => string)(),
    valueLabel: (cents) => compact.format(cents / 100),
  })
  const dayMonth = dateTimeFormat(CULTURES[locale], { day: 'numeric', month: 'numeric', timeZone: 'UTC' })
  const flow = barsChart({
    id: 'cashflow-chart',
    title: t.reports_cashflow_chart(),
    description: cashflow.periods
      .map((p) => `${periodName(p, t, locale)}: ${money(p.in)} / ${money(p.out)}`)
      .join('. '),
    categories: cashflow.periods.map((p) => p.period),
    series: [
      {
        name: t.reports_in(),
        fill: 'fill-emerald-600 dark:fill-emerald-300',
        values: cashflow.periods.map((p) => p.in + p.expectedIn),
      },
      {
        name: t.reports_out(),
        fill: 'fill-rose-600 dark:fill-rose-300',
        values: cashflow.periods.map((p) => p.out + p.expectedOut),
      },
    ],
    categoryLabel: (period) => {
      const p = cashflow.periods.find((x) => x.period === period)!
      return p.period.includes('W') ? dayMonth.format(Date.parse(`${p.start}T12:00:00Z`)) : monthName(period, locale)
    },
    valueLabel: (cents) => compact.format(cents / 100),
  })
  const quoted = quotesTotal(quotes.months)
  const conversion = barsChart({
    id: 'quotes-chart',
    title: t.reports_quotes_chart(),
    description: `${t.reports_sent_value()}: ${money(quoted.sentValue)}. ${t.reports_approved_value()}: ${money(quoted.approvedValue)}.`,
    categories: quotes.months.map((m) => m.month),
    series: [
      {
        name: t.reports_sent_value(),
        fill: 'fill-sky-600 dark:fill-sky-300',
        values: quotes.months.map((m) => m.sentValue),
      },
      {
        name: t.reports_approved_value(),
        fill: 'fill-emerald-600 dark:fill-emerald-300',
        values: quotes.months.map((m) => m.approvedValue),
      },
    ],
    categoryLabel: (m) => monthName(m, locale),
    valueLabel: (cents) => compact.format(cents / 100),
  })
  // the ten services that brought the most, by name
  const top = services.services.slice(0, 10)
  const serviceName = (s: (typeof top)[number]) => (s.jobId ? s.name : t.reports_no_service())
  const byService = barsChart({
    id: 'services-chart',
    title: t.reports_services_chart(),
    description: top.map((s) => `${serviceName(s)}: ${money(s.invoiced)}`).join('. '),
    categories: top.map((s) => s.jobId ?? ''),
    series: [
      { name: t.reports_invoiced(), fill: 'fill-indigo-600 dark:fill-indigo-300', values: top.map((s) => s.invoiced) },
    ],
    categoryLabel: (id) => {
      const name = serviceName(top.find((s) => (s.jobId ?? '') === id)!)
      return name.length > 14 ? `${name.slice(0, 13)}…` : name
    },
    valueLabel: (cents) => compact.format(cents / 100),
  })
  const count = numberFormat(CULTURES[locale])
  const byStatus = barsChart({
    id: 'orders-chart',
    title: t.reports_orders_chart(),
    description: orders.statuses
      .map((s) => `${(t[ORDER_STATE_LABELS[s.status]] as () => string)()}: ${count.format(s.orders)}`)
      .join('. '),
    categories: orders.statuses.map((s) => s.status),
    series: [
      {
        name: t.reports_orders_count(),
        fill: 'fill-violet-600 dark:fill-violet-300',
        values: orders.statuses.map((s) => s.orders),
      },
    ],
    categoryLabel: (status) => (t[ORDER_STATE_LABELS[status as keyof typeof ORDER_STATE_LABELS]] as () => string)(),
    valueLabel: (n) => count.format(n),
  })
  const crew = technicians.technicians.slice(0, 12)
  const byTechnician = barsChart({
    id: 'technicians-chart',
    title: t.reports_technicians_chart(),
    description: crew
      .map(
        (r) =>
          `${r.name}: ${t.reports_done()} ${count.format(r.done)}, ${t.reports_failed()} ${count.format(r.failed)}`,
      )
      .join('. '),
    categories: crew.map((r) => r.technicianId),
    series: [
      { name: t.reports_done(), fill: 'fill-emerald-600 dark:fill-emerald-300', values: crew.map((r) => r.done) },
      { name: t.reports_failed(), fill: 'fill-rose-600 dark:fill-rose-300', values: crew.map((r) => r.failed) },
    ],
    categoryLabel: (id) => {
      const name = crew.find((r) => r.technicianId === id)?.name ?? ''
      return name.length > 14 ? `${name.slice(0, 13)}…` : name
    },
    valueLabel: (n) => count.format(n),
  })
  return {
    technicians,
    byTechnician,
    quotes,
    conversion,
    services,
    byService,
    orders,
    byStatus,
    cashflow,
    flow,
    revenue,
    chart,
    receivables,
    ageing,
  }
}

/** The figures of each question asked lately, drawn, while the summary's ETag holds (app/lib/kept-answers.server.ts). */
const figures = keptAnswers(reportsSummary, drawn)

/**
 * The reports page's data (app/routes/view/reports.tsx): the summary of the period and branch
 * asked; months that make no period (the last before the first, more than ten years) give the
 * default period's figures, and the months as typed kept in the form with what is wrong with them.
 */
export async function reportsPage(args: Route.LoaderArgs) {
  const locale = requestLocale(args.request)
  const url = new URL(args.request.url)
  let query = reportQuery(url)
  const typed = { period: query.get('period') ?? '', from: query.get('from') ?? '', to: query.get('to') ?? '' }
  const rest = `${cashflowQuery(url)}&invoices=${OPEN_INVOICES_SHOWN}`
  let errors: FieldErrors = {}
  // the page's title and access, and its figures, asked at once
  const [page, first] = await Promise.all([
    pageInfo(args.request, args.context, MODULE),
    figures(args, `/${MODULE}/summary?${mergedQuery(query, rest)}`, locale),
  ])
  let asked = first
  if (asked.invalid !== undefined) {
    errors = refusalErrors(400, asked.invalid, translator(locale))
    query = new URLSearchParams(query.get('branch') ? { branch: 'all' } : {})
    asked = await figures(args, `/${MODULE}/summary?${mergedQuery(query, rest)}`, locale)
  }
  const drawnFigures = asked.value
  if (!drawnFigures) throw new Error('the reports summary refused the default period')
  return { page, errors, ...drawnFigures, typed, branch: query.get('branch') ?? 'current', query: query.toString() }
}

/** The period's query and the cash flow's in one (both may name the branch). */
function mergedQuery(period: URLSearchParams, rest: string): string {
  const merged = new URLSearchParams(period)
  for (const [name, value] of new URLSearchParams(rest)) merged.set(name, value)
  return merged.toString()
}
