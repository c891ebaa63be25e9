import type { Route } from './+types/reports'
import { Form } from 'react-router'
import { DEFAULT_PERIOD, REPORT_PERIODS } from '../../../domain/report-period.ts'
import { Breadcrumb } from '../../components/breadcrumb'
import { reportsPage } from '../../features/cd_reports/page.server'
import { ReportChart, ReportSection, ReportTable } from '../../features/cd_reports/report-table'
import {
  cashflowColumns,
  monthName,
  openInvoicesColumns,
  ordersColumns,
  quotesColumns,
  quotesTotal,
  receivablesColumns,
  revenueColumns,
  revenueTotal,
  servicesColumns,
  techniciansColumns,
} from '../../features/cd_reports/tables'
import { moduleMeta } from '../../kit/module-meta'
import { useLocale, useT, type Translator } from '../../lib/i18n'
import { Button, buttonClass } from '../../ui/button'
import { FieldError } from '../../ui/field-error'

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
export const loader = (args: Route.LoaderArgs) => reportsPage(args)

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
        <ReportChart chart={chart} minWidth="min-w-[40rem]" />
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
            <ReportChart chart={ageing} minWidth="min-w-[36rem]" />
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
            <ReportChart chart={conversion} minWidth="min-w-[40rem]" />
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
            <ReportChart chart={byService} minWidth="min-w-[40rem]" />
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
            <ReportChart chart={byTechnician} minWidth="min-w-[36rem]" />
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
            <ReportChart chart={byStatus} minWidth="min-w-[36rem]" />
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
        <ReportChart chart={flow} minWidth="min-w-[40rem]" />
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
