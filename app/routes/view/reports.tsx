import type { Route } from './+types/reports'
import { Form } from 'react-router'
import { formatMoney, currencyOf } from '../../../domain/money.ts'
import { DEFAULT_PERIOD, REPORT_PERIODS } from '../../../domain/report-period.ts'
import { wrapper } from '../../../domain/schemas/common.ts'
import {
  AGES,
  cashflowReport,
  ordersReport,
  quotesReport,
  receivablesReport,
  revenueReport,
  servicesReport,
  techniciansReport,
} from '../../../domain/schemas/reports.ts'
import { ORDER_STATE_LABELS } from '../../features/cd_ordem/labels'
import { Breadcrumb } from '../../components/breadcrumb'
import { ReportChart, ReportSection, ReportTable } from '../../features/cd_reports/report-table'
import { barsSvg } from '../../features/cd_reports/bars.server'
import {
  cashflowColumns,
  cashflowQuery,
  monthName,
  openInvoicesColumns,
  ordersColumns,
  periodName,
  quotesColumns,
  quotesTotal,
  receivablesColumns,
  reportQuery,
  revenueColumns,
  revenueTotal,
  servicesColumns,
  techniciansColumns,
} from '../../features/cd_reports/tables'
import { moduleMeta } from '../../kit/screens'
import { readAnswer } from '../../lib/answer.server'
import { callBff } from '../../lib/api.server'
import { refusalErrors } from '../../lib/form-errors.server'
import type { FieldErrors } from '../../lib/forms'
import { requestLocale } from '../../lib/cookies.server'
import { CULTURES, translator, useLocale, useT, type Translator } from '../../lib/i18n'
import { pageInfo } from '../../lib/page-info.server'
import { Button, buttonClass } from '../../ui/button'
import { FieldError } from '../../ui/field-error'

const MODULE = 'cd_reports'
/** The open invoices the page lists, the longest overdue first (its export holds more). */
const OPEN_INVOICES_SHOWN = 25

const PERIOD_LABELS: Record<(typeof REPORT_PERIODS)[number], keyof Translator> = {
  'this-month': 'reports_period_this_month',
  'last-month': 'reports_period_last_month',
  'this-quarter': 'reports_period_this_quarter',
  'this-year': 'reports_period_this_year',
  'last-12-months': 'reports_period_last_12_months',
  custom: 'reports_period_custom',
}

/**
 * cd_reports (docs/domain.md "Reports"): the owner's figures for a period and the branch (or all of
 * his), each a chart drawn on the server and its table, exported as CSV in the reader's culture.
 */
export async function loader(args: Route.LoaderArgs) {
  const page = await pageInfo(args.request, args.context, MODULE)
  const locale = requestLocale(args.request)
  const t = translator(locale)
  const url = new URL(args.request.url)
  let query = reportQuery(url)
  // months that make no period (the last before the first, more than ten years): the default period's
  // figures, and the months as typed kept in the form with what is wrong with them
  let errors: FieldErrors = {}
  const asked = await callBff(args.request, args.context, `/${MODULE}/revenue?${query}`)
  const typed = { period: query.get('period') ?? '', from: query.get('from') ?? '', to: query.get('to') ?? '' }
  if (asked.status === 400) {
    errors = refusalErrors(400, await asked.json(), t)
    query = new URLSearchParams(query.get('branch') ? { branch: 'all' } : {})
  } else if (!asked.ok) await asked.body?.cancel()
  const branchOnly = new URLSearchParams(query.get('branch') ? { branch: 'all' } : {})
  const [revenue, receivables, cashflow, quotes, services, orders, technicians] = await Promise.all([
    asked.ok
      ? asked.json().then((body) => wrapper(revenueReport).parse(body).Dados)
      : readAnswer(args, `/${MODULE}/revenue?${query}`, revenueReport).then((a) => a.data),
    readAnswer(args, `/${MODULE}/receivables?${branchOnly}&invoices=${OPEN_INVOICES_SHOWN}`, receivablesReport).then(
      (a) => a.data,
    ),
    readAnswer(args, `/${MODULE}/cashflow?${cashflowQuery(url)}`, cashflowReport).then((a) => a.data),
    readAnswer(args, `/${MODULE}/quotes?${query}`, quotesReport).then((a) => a.data),
    readAnswer(args, `/${MODULE}/services?${query}`, servicesReport).then((a) => a.data),
    readAnswer(args, `/${MODULE}/orders?${branchOnly}`, ordersReport).then((a) => a.data),
    readAnswer(args, `/${MODULE}/technicians?${query}`, techniciansReport).then((a) => a.data),
  ])
  const currency = currencyOf(revenue.currency)
  const money = (cents: number) => formatMoney(cents, currency, locale)
  const compact = new Intl.NumberFormat(CULTURES[locale], { style: 'currency', currency, notation: 'compact' })
  const total = revenueTotal(revenue.months)
  const chart = barsSvg({
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
  const ageing = barsSvg({
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
  const dayMonth = new Intl.DateTimeFormat(CULTURES[locale], { day: 'numeric', month: 'numeric', timeZone: 'UTC' })
  const flow = barsSvg({
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
  const conversion = barsSvg({
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
  const byService = barsSvg({
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
  const count = new Intl.NumberFormat(CULTURES[locale])
  const byStatus = barsSvg({
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
  const byTechnician = barsSvg({
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
    page,
    errors,
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
    typed,
    branch: query.get('branch') ?? 'current',
    query: query.toString(),
  }
}

export const meta: Route.MetaFunction = (args) => moduleMeta(args)

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { page, errors, revenue, chart, receivables, ageing, cashflow, flow, branch, query } = loaderData
  const { quotes, conversion, services, byService, orders, byStatus, technicians, byTechnician } = loaderData
  const { typed } = loaderData
  const period = typed.period || DEFAULT_PERIOD
  const t = useT()
  const locale = useLocale()
  const columns = revenueColumns(t, locale, revenue.currency)
  const debtors = receivablesColumns(t, locale, receivables.currency)
  const openCount = receivables.clients.reduce((n, c) => n + c.invoices, 0)
  const flows = cashflowColumns(t, locale, cashflow.currency)
  const empty = revenue.months.every((m) => !m.invoices && !m.collected)
  const field = 'min-h-10 rounded-md border border-line bg-surface px-3 text-ink'
  const label = 'flex flex-col gap-1 text-sm font-medium text-ink-soft'
  return (
    <section className="flex flex-col gap-6">
      <Breadcrumb group={page.group} title={page.title} />
      <h1 className="text-3xl font-extrabold tracking-tight">{page.title}</h1>
      <Form method="get" aria-label={t.reports_filters()} className="group flex flex-wrap items-end gap-3">
        <label className={label}>
          {t.reports_period()}
          <select name="period" defaultValue={period} className={field}>
            {REPORT_PERIODS.map((p) => (
              <option key={p} value={p}>
                {(t[PERIOD_LABELS[p]] as () => string)()}
              </option>
            ))}
          </select>
        </label>
        {/* the months are asked only for "months I choose" (shown by CSS, no script) */}
        <div className="hidden flex-wrap gap-3 group-has-[option[value=custom]:checked]:flex">
          {(['from', 'to'] as const).map((name) => (
            <label key={name} className={label}>
              {name === 'from' ? t.reports_from() : t.reports_to()}
              <input
                type="month"
                name={name}
                defaultValue={typed[name] || revenue[name]}
                aria-invalid={errors[name] ? true : undefined}
                aria-describedby={errors[name] ? `${name}-error` : undefined}
                className={`${field} aria-invalid:border-red-600`}
              />
              <FieldError id={`${name}-error`} error={errors[name]} />
            </label>
          ))}
        </div>
        <label className={label}>
          {t.reports_by()}
          <select name="by" defaultValue={cashflow.by} className={field}>
            <option value="month">{t.reports_by_month()}</option>
            <option value="week">{t.reports_by_week()}</option>
          </select>
        </label>
        <label className={label}>
          {t.reports_branches()}
          <select name="branch" defaultValue={branch} className={field}>
            <option value="current">{t.reports_branch_current()}</option>
            <option value="all">{t.reports_branch_all()}</option>
          </select>
        </label>
        <Button type="submit" variant="secondary">
          {t.reports_show()}
        </Button>
      </Form>
      <ReportSection
        id="revenue"
        title={t.reports_revenue()}
        note={t.reports_months_span({ from: monthName(revenue.from, locale), to: monthName(revenue.to, locale) })}
        exportHref={`/resources/reports/revenue?${query}`}
        exportLabel={t.admin_export()}
      >
        {empty ? <p className="text-muted">{t.reports_empty()}</p> : null}
        <ReportChart svg={chart} minWidth="min-w-[40rem]" />
        <ul className="flex gap-4 text-sm" aria-hidden="true">
          <li className="flex items-center gap-2">
            <span className="h-3 w-3 rounded-sm bg-indigo-600 dark:bg-indigo-300" />
            {t.reports_invoiced()}
          </li>
          <li className="flex items-center gap-2">
            <span className="h-3 w-3 rounded-sm bg-emerald-600 dark:bg-emerald-300" />
            {t.reports_collected()}
          </li>
        </ul>
        <ReportTable
          caption={t.reports_revenue()}
          columns={columns}
          rows={revenue.months}
          rowKey={(m) => m.month}
          total={{ month: '', ...revenueTotal(revenue.months) }}
          totalLabel={t.reports_total()}
          minWidth="min-w-[36rem]"
        />
      </ReportSection>
      <ReportSection
        id="receivables"
        title={t.reports_receivables()}
        exportHref={`/resources/reports/receivables?${branch === 'all' ? 'branch=all' : ''}`}
        exportLabel={t.admin_export()}
      >
        {receivables.clients.length ? (
          <>
            <ReportChart svg={ageing} minWidth="min-w-[36rem]" />
            <ReportTable
              caption={t.reports_receivables()}
              columns={debtors}
              rows={receivables.clients}
              rowKey={(c) => c.clientId}
              total={{
                clientId: '',
                clientName: '',
                invoices: openCount,
                ...receivables.totals,
              }}
              totalLabel={t.reports_total()}
              minWidth="min-w-[48rem]"
            />
            <div className="flex flex-wrap items-baseline gap-3">
              <h3 className="font-semibold">{t.reports_open_invoices()}</h3>
              <a
                href={`/resources/reports/open-invoices?${branch === 'all' ? 'branch=all' : ''}`}
                className={buttonClass('secondary', 'ml-auto')}
                aria-label={`${t.admin_export()}: ${t.reports_open_invoices()}`}
                download
              >
                {t.admin_export()}
              </a>
            </div>
            {openCount > receivables.invoices.length ? (
              <p className="text-sm text-muted">
                {t.reports_open_invoices_shown({ shown: receivables.invoices.length, total: openCount })}
              </p>
            ) : null}
            <ReportTable
              caption={t.reports_open_invoices()}
              columns={openInvoicesColumns(t, locale, receivables.currency)}
              rows={receivables.invoices}
              rowKey={(i) => i.id}
              minWidth="min-w-[52rem]"
            />
          </>
        ) : (
          <p className="text-muted">{t.reports_receivables_empty()}</p>
        )}
      </ReportSection>
      <ReportSection
        id="quotes"
        title={t.reports_quotes()}
        note={t.reports_quotes_note()}
        exportHref={`/resources/reports/quotes?${query}`}
        exportLabel={t.admin_export()}
      >
        {quotes.months.some((m) => m.sent) ? (
          <>
            <ReportChart svg={conversion} minWidth="min-w-[40rem]" />
            <ReportTable
              caption={t.reports_quotes()}
              columns={quotesColumns(t, locale, quotes.currency)}
              rows={quotes.months}
              rowKey={(m) => m.month}
              total={{ month: '', ...quotesTotal(quotes.months) }}
              totalLabel={t.reports_total()}
              minWidth="min-w-[52rem]"
            />
          </>
        ) : (
          <p className="text-muted">{t.reports_quotes_empty()}</p>
        )}
      </ReportSection>
      <ReportSection
        id="services"
        title={t.reports_services()}
        exportHref={`/resources/reports/services?${query}`}
        exportLabel={t.admin_export()}
      >
        {services.services.length ? (
          <>
            <ReportChart svg={byService} minWidth="min-w-[40rem]" />
            <ReportTable
              caption={t.reports_services()}
              columns={servicesColumns(t, locale, services.currency, services.services)}
              rows={services.services}
              rowKey={(s) => s.jobId ?? ''}
              minWidth="min-w-[28rem]"
            />
          </>
        ) : (
          <p className="text-muted">{t.reports_services_empty()}</p>
        )}
      </ReportSection>
      <ReportSection
        id="technicians"
        title={t.reports_technicians()}
        exportHref={`/resources/reports/technicians?${query}`}
        exportLabel={t.admin_export()}
      >
        {technicians.technicians.length ? (
          <>
            <ReportChart svg={byTechnician} minWidth="min-w-[36rem]" />
            <ReportTable
              caption={t.reports_technicians()}
              columns={techniciansColumns(t, locale, technicians.currency)}
              rows={technicians.technicians}
              rowKey={(r) => r.technicianId}
              minWidth="min-w-[44rem]"
            />
          </>
        ) : (
          <p className="text-muted">{t.reports_technicians_empty()}</p>
        )}
      </ReportSection>
      <ReportSection
        id="orders"
        title={t.reports_orders()}
        note={t.reports_orders_note()}
        exportHref={`/resources/reports/orders?${branch === 'all' ? 'branch=all' : ''}`}
        exportLabel={t.admin_export()}
      >
        {orders.statuses.some((s) => s.orders) ? (
          <>
            <ReportChart svg={byStatus} minWidth="min-w-[36rem]" />
            <ReportTable
              caption={t.reports_orders()}
              columns={ordersColumns(t, locale, orders.currency)}
              rows={orders.statuses}
              rowKey={(s) => s.status}
              minWidth="min-w-[48rem]"
            />
          </>
        ) : (
          <p className="text-muted">{t.reports_orders_empty()}</p>
        )}
      </ReportSection>
      <ReportSection
        id="cashflow"
        title={t.reports_cashflow()}
        exportHref={`/resources/reports/cashflow?by=${cashflow.by}${branch === 'all' ? '&branch=all' : ''}`}
        exportLabel={t.admin_export()}
      >
        <ReportChart svg={flow} minWidth="min-w-[40rem]" />
        <ReportTable
          caption={t.reports_cashflow()}
          columns={flows}
          rows={cashflow.periods}
          rowKey={(p) => p.period}
          current={(p) => p.period === cashflow.current}
          minWidth="min-w-[44rem]"
        />
      </ReportSection>
    </section>
  )
}

export { ModuleError as ErrorBoundary } from '../../components/module-error'
