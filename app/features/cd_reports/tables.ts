import { formatAmount, formatMoney, currencyOf } from '../../../domain/money.ts'
import { REPORT_PERIODS } from '../../../domain/report-period.ts'
import { AGES, ORDER_AGES } from '../../../domain/report-ages.ts'
// types only: the page's script carries no schema
import type {
  cashPeriod,
  ordersReport,
  quotesMonth,
  receivablesReport,
  receivablesRow,
  revenueMonth,
  servicesReport,
  techniciansReport,
} from '../../../domain/schemas/reports.ts'
import { ORDER_STATE_LABELS } from '../cd_ordem/labels'
import { formatDay } from '../../../domain/dates.ts'
import { dateTimeFormat, numberFormat } from '../../../domain/intl.ts'
import { CULTURES, type Locale, type Translator } from '../../lib/i18n'
import type { z } from 'zod'

type Month = z.output<typeof revenueMonth>

/** The report's own query (period, months, branch) from a page's address, as the API takes it; nothing else passes. */
export function reportQuery(url: URL): URLSearchParams {
  const query = new URLSearchParams()
  const period = url.searchParams.get('period')
  if (period && (REPORT_PERIODS as readonly string[]).includes(period)) query.set('period', period)
  if (period === 'custom')
    for (const name of ['from', 'to']) {
      const value = url.searchParams.get(name)
      if (value) query.set(name, value.slice(0, 7))
    }
  if (url.searchParams.get('branch') === 'all') query.set('branch', 'all')
  return query
}

/** The cash flow's own query (by week or month, the branch) from a page's address. */
export function cashflowQuery(url: URL): URLSearchParams {
  const query = new URLSearchParams({ by: url.searchParams.get('by') === 'week' ? 'week' : 'month' })
  if (url.searchParams.get('branch') === 'all') query.set('branch', 'all')
  return query
}

/** A month as the reader names it: "Nov 2026", "nov. de 2026". */
export function monthName(month: string, locale: Locale): string {
  const [year, number] = month.split('-').map(Number)
  return dateTimeFormat(CULTURES[locale], { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(year, number - 1, 1),
  )
}

/** The months' sums: the table's last row. */
export function revenueTotal(months: Month[]): Omit<Month, 'month'> {
  const sum = (pick: (m: Month) => number) => months.reduce((n, m) => n + pick(m), 0)
  const [invoiced, invoices] = [sum((m) => m.invoiced), sum((m) => m.invoices)]
  return {
    invoiced,
    invoices,
    collected: sum((m) => m.collected),
    averageTicket: invoices ? Math.round(invoiced / invoices) : 0,
  }
}

/**
 * The revenue table's columns, for the page (amounts with their currency) and the CSV (amounts as
 * the culture types them, the month as `2026-11`, which every spreadsheet sorts).
 */
export function revenueColumns(t: Translator, locale: Locale, currency: string | null) {
  const money = (cents: number) =>
    currency ? formatMoney(cents, currencyOf(currency), locale) : formatAmount(cents, locale)
  const count = numberFormat(CULTURES[locale])
  return [
    [t.reports_month(), (m: Month) => (currency ? monthName(m.month, locale) : m.month)],
    [t.reports_invoices(), (m: Month) => count.format(m.invoices)],
    [t.reports_invoiced(), (m: Month) => money(m.invoiced)],
    [t.reports_collected(), (m: Month) => money(m.collected)],
    [t.reports_average_ticket(), (m: Month) => money(m.averageTicket)],
  ] as const
}

type Debtor = z.output<typeof receivablesRow>

/** The receivables table's columns: the client, how many invoices, each age and the total (amounts as in revenueColumns). */
export function receivablesColumns(t: Translator, locale: Locale, currency: string | null) {
  const money = (cents: number) =>
    currency ? formatMoney(cents, currencyOf(currency), locale) : formatAmount(cents, locale)
  const count = numberFormat(CULTURES[locale])
  return [
    [t.reports_client(), (c: Debtor) => c.clientName],
    [t.reports_invoices(), (c: Debtor) => count.format(c.invoices)],
    ...AGES.map((age) => [(t[`reports_age_${age}`] as () => string)(), (c: Debtor) => money(c[age])] as const),
    [t.reports_total(), (c: Debtor) => money(c.total)],
  ] as const
}

type Flow = z.output<typeof cashPeriod>

/** A cash-flow period as the reader names it: a month ("Nov 2026"), or a week by its Monday ("Week of Nov 23, 2026"). */
export function periodName(period: Flow, t: Translator, locale: Locale): string {
  return period.period.includes('W')
    ? t.reports_week_of({ date: formatDay(period.start, CULTURES[locale], 'medium') })
    : monthName(period.period, locale)
}

/** The cash flow's columns: the period, in, out, the net, and what is expected in and out. */
export function cashflowColumns(t: Translator, locale: Locale, currency: string | null) {
  const money = (cents: number) =>
    currency ? formatMoney(cents, currencyOf(currency), locale) : formatAmount(cents, locale)
  return [
    [t.reports_period_col(), (p: Flow) => (currency ? periodName(p, t, locale) : p.period)],
    [t.reports_in(), (p: Flow) => money(p.in)],
    [t.reports_out(), (p: Flow) => money(p.out)],
    [t.reports_net(), (p: Flow) => money(p.in - p.out)],
    [t.reports_expected_in(), (p: Flow) => money(p.expectedIn)],
    [t.reports_expected_out(), (p: Flow) => money(p.expectedOut)],
  ] as const
}

/** An amount in the report's currency for the page, or as the culture types it for the CSV (no currency). */
const moneyOf = (locale: Locale, currency: string | null) => (cents: number) =>
  currency ? formatMoney(cents, currencyOf(currency), locale) : formatAmount(cents, locale)

type QuotesMonth = z.output<typeof quotesMonth>

/** The approval rate: approved of sent, as a percent the reader reads ("43%"); a dash with none sent. */
const rate = (locale: Locale) => {
  const percent = numberFormat(CULTURES[locale], { style: 'percent', maximumFractionDigits: 0 })
  return (m: Pick<QuotesMonth, 'sent' | 'approved'>) => (m.sent ? percent.format(m.approved / m.sent) : '–')
}

/** The quote conversion's columns: the month, sent (count, value), approved (count, value), converted, rejected, the rate. */
export function quotesColumns(t: Translator, locale: Locale, currency: string | null) {
  const money = moneyOf(locale, currency)
  const count = numberFormat(CULTURES[locale])
  return [
    [t.reports_month(), (m: QuotesMonth) => (currency ? monthName(m.month, locale) : m.month)],
    [t.reports_sent(), (m: QuotesMonth) => count.format(m.sent)],
    [t.reports_sent_value(), (m: QuotesMonth) => money(m.sentValue)],
    [t.reports_approved(), (m: QuotesMonth) => count.format(m.approved)],
    [t.reports_approved_value(), (m: QuotesMonth) => money(m.approvedValue)],
    [t.reports_converted(), (m: QuotesMonth) => count.format(m.converted)],
    [t.reports_rejected(), (m: QuotesMonth) => count.format(m.rejected)],
    [t.reports_conversion(), rate(locale)],
  ] as const
}

/** The months' sums of the quote figures: the table's last row. */
export function quotesTotal(months: QuotesMonth[]): Omit<QuotesMonth, 'month'> {
  const total = {
    sent: 0,
    sentValue: 0,
    approved: 0,
    approvedValue: 0,
    converted: 0,
    convertedValue: 0,
    rejected: 0,
    rejectedValue: 0,
  }
  for (const m of months) for (const name of Object.keys(total) as Array<keyof typeof total>) total[name] += m[name]
  return total
}

type Service = z.output<typeof servicesReport>['services'][number]

/** Revenue by service's columns: the service (lines of none named so), what it brought, its share of the period's. */
export function servicesColumns(t: Translator, locale: Locale, currency: string | null, services: Service[]) {
  const money = moneyOf(locale, currency)
  const all = services.reduce((n, s) => n + s.invoiced, 0)
  const percent = numberFormat(CULTURES[locale], { style: 'percent', maximumFractionDigits: 1 })
  return [
    [t.reports_service(), (s: Service) => (s.jobId ? s.name : t.reports_no_service())],
    [t.reports_invoiced(), (s: Service) => money(s.invoiced)],
    [t.reports_share(), (s: Service) => (all ? percent.format(s.invoiced / all) : '–')],
  ] as const
}

type OrderStatus = z.output<typeof ordersReport>['statuses'][number]

/** Open orders' columns: the status, how many, their value, and how many of each age. */
export function ordersColumns(t: Translator, locale: Locale, currency: string | null) {
  const money = moneyOf(locale, currency)
  const count = numberFormat(CULTURES[locale])
  return [
    [t.reports_status(), (s: OrderStatus) => (t[ORDER_STATE_LABELS[s.status]] as () => string)()],
    [t.reports_orders_count(), (s: OrderStatus) => count.format(s.orders)],
    [t.reports_value(), (s: OrderStatus) => money(s.total)],
    ...ORDER_AGES.map(
      (age) => [(t[`reports_order_age_${age}`] as () => string)(), (s: OrderStatus) => count.format(s[age])] as const,
    ),
  ] as const
}

type Technician = z.output<typeof techniciansReport>['technicians'][number]

/** Minutes as hours and minutes ("12:05"), which a spreadsheet reads as a duration too. */
const hours = (minutes: number) => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`

/** Technician productivity's columns: the technician, visits ended, done, not completed, time on site, per visit, parts, his share invoiced. */
export function techniciansColumns(t: Translator, locale: Locale, currency: string | null) {
  const count = numberFormat(CULTURES[locale])
  const money = moneyOf(locale, currency)
  return [
    [t.reports_technician(), (r: Technician) => r.name],
    [t.reports_visits(), (r: Technician) => count.format(r.visits)],
    [t.reports_done(), (r: Technician) => count.format(r.done)],
    [t.reports_failed(), (r: Technician) => count.format(r.failed)],
    [t.reports_time_on_site(), (r: Technician) => hours(r.minutes)],
    [t.reports_average_visit(), (r: Technician) => hours(r.averageMinutes)],
    [t.reports_parts(), (r: Technician) => count.format(r.parts)],
    [t.reports_invoiced(), (r: Technician) => money(r.invoiced)],
  ] as const
}

type OpenInvoice = z.output<typeof receivablesReport>['invoices'][number]

/** The open invoices' columns: number, client, due date, days late, what is open, the reminders' state. */
export function openInvoicesColumns(t: Translator, locale: Locale, currency: string | null) {
  const money = moneyOf(locale, currency)
  const count = numberFormat(CULTURES[locale])
  const day = (iso: string) => (currency ? formatDay(iso.slice(0, 10), CULTURES[locale], 'medium') : iso.slice(0, 10))
  return [
    [t.reports_invoice(), (i: OpenInvoice) => i.number],
    [t.reports_client(), (i: OpenInvoice) => i.clientName],
    [t.reports_due(), (i: OpenInvoice) => day(i.dueDate)],
    [t.reports_days_late(), (i: OpenInvoice) => count.format(i.daysOverdue)],
    [t.reports_open(), (i: OpenInvoice) => money(i.open)],
    [
      t.reports_reminders(),
      ({ reminders: r }: OpenInvoice) =>
        !r.lastAt
          ? t.reports_reminders_none()
          : (r.lastSent ? t.reports_reminders_state : t.reports_reminder_unsent)({
              sent: count.format(r.sent),
              date: day(r.lastAt),
            }),
    ],
  ] as const
}
