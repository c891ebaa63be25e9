import { Hono } from 'hono'
import { z } from 'zod'
import { DEFAULT_PERIOD, MONTH, monthsSpanned, periodMonths, REPORT_PERIODS } from '../../domain/report-period.ts'
import { dateIn, QUARTER_HOUR_MS } from '../../domain/dates.ts'
import { sha256Base64 } from '../lib/base64.ts'
import { notModified } from '../lib/etag.ts'
import { requireAuth } from '../lib/auth.ts'
import type { AppEnv, Deps } from '../lib/deps.ts'
import { fieldError } from '../lib/errors.ts'
import { doc } from '../lib/openapi.ts'
import { reports } from '../lib/reports.ts'
import { requireTenant } from '../lib/tenancy.ts'
import { valid } from '../lib/validate.ts'
import { wrapper } from '../../domain/schemas/common.ts'
import {
  CASH_PERIODS,
  RECEIVABLE_INVOICES_SHOWN,
  cashflowReport,
  ordersReport,
  quotesReport,
  receivablesReport,
  reportsSummary,
  revenueReport,
  type CashflowReport,
  servicesReport,
  techniciansReport,
} from '../../domain/schemas/reports.ts'
import { ok } from '../lib/resource.ts'

/** The longest period one report covers: ten years of months. */
const MAX_MONTHS = 120

const month = (example: string) => z.string().regex(MONTH, { message: 'Enter a month, like 2026-11' }).meta({ example })
/** The current branch (X-Filial), or `all`: every branch the caller works in. */
const branchQuery = z.enum(['current', 'all']).default('current')
const cashStep = z.enum(CASH_PERIODS).default('month')
const invoicesShown = z.coerce
  .number()
  .int()
  .min(0)
  .max(RECEIVABLE_INVOICES_SHOWN)
  .default(RECEIVABLE_INVOICES_SHOWN)
  .meta({
    description: `How many of the open invoices to list (the longest overdue first), 0–${RECEIVABLE_INVOICES_SHOWN}`,
  })
const revenueQuery = z.object({
  period: z
    .enum(REPORT_PERIODS)
    .optional()
    .meta({
      description: `The months, as seen today in the current branch; \`custom\` (or none, with \`from\` and \`to\`) takes \`from\` and \`to\`; none and no months: \`${DEFAULT_PERIOD}\``,
    }),
  from: month('2026-01').optional(),
  to: month('2026-12').optional(),
  branch: branchQuery,
})
/** cd_reports (docs/domain.md "Reports"): the owner's figures, read from what each write keeps. */
export function reportRoutes(deps: Deps) {
  const figures = reports(deps)
  /** The branches a report covers: the current one, or every one the caller works in. */
  const branchesOf = async (tenant: AppEnv['Variables']['tenant'], branch: 'current' | 'all') =>
    branch === 'current'
      ? [tenant.filial]
      : tenant.grant.filial === 'all'
        ? (await deps.repos.companies.branches(tenant.empresa)).map((b) => b.COD_FILIAL)
        : [tenant.grant.filial]
  /**
   * The months a report covers, as asked (`period`, or `from` and `to`) and worked out on today in
   * the current branch's zone; its branches and the company's currency. 400 at the field for months
   * missing, reversed or more than MAX_MONTHS.
   */
  async function periodAsked(tenant: AppEnv['Variables']['tenant'], query: z.output<typeof revenueQuery>) {
    const { empresa } = tenant
    const custom = query.period === 'custom' || (!query.period && (query.from || query.to))
    if (custom && !query.from) throw fieldError('from', 'field_required')
    if (custom && !query.to) throw fieldError('to', 'field_required')
    const today = await todayOf(tenant)
    const { from, to } = periodMonths(custom ? 'custom' : (query.period ?? DEFAULT_PERIOD), today, query)
    if (to < from) throw fieldError('to', 'invalid_value')
    if (monthsSpanned(from, to) > MAX_MONTHS) throw fieldError('from', 'invalid_value')
    const [filials, currency] = await Promise.all([branchesOf(tenant, query.branch), currencyOf(empresa)])
    return { from, to, filials, currency, today }
  }
  type Asked = Awaited<ReturnType<typeof periodAsked>>
  /** Today in the current branch's zone. */
  const todayOf = async ({ empresa, filial }: AppEnv['Variables']['tenant']) =>
    dateIn((await deps.repos.companies.findBranch(empresa, filial))?.TIME_ZONE ?? 'UTC', deps.now())
  const currencyOf = async (empresa: number) => (await deps.repos.companies.find(empresa))?.CURRENCY ?? 'BRL'
  /** What a report of months says of itself: the months asked and the currency. */
  const ofPeriod = ({ from, to, currency }: Asked) => ({ from, to, currency })
  /** Each report as its call answers it, for the months, branches and currency asked. */
  const report = {
    revenue: async (empresa: number, a: Asked) => ({
      ...ofPeriod(a),
      months: await figures.revenue(empresa, a.filials, a.from, a.to),
    }),
    quotes: async (empresa: number, a: Asked) => ({
      ...ofPeriod(a),
      months: await figures.quotes(empresa, a.filials, a.from, a.to),
    }),
    services: async (empresa: number, a: Asked) => ({
      ...ofPeriod(a),
      services: await figures.services(empresa, a.filials, a.from, a.to),
    }),
    technicians: async (empresa: number, a: Asked) => ({
      ...ofPeriod(a),
      technicians: await figures.technicians(empresa, a.filials, a.from, a.to),
    }),
    orders: async (empresa: number, filials: number[], currency: string) => ({
      currency,
      statuses: await figures.orders(empresa, filials),
    }),
    cashflow: async (
      empresa: number,
      filials: number[],
      currency: string,
      by: CashflowReport['by'],
      today: string,
    ) => ({
      currency,
      ...(await figures.cashflow(empresa, filials, by, today)),
    }),
    receivables: async (empresa: number, filials: number[], currency: string, invoices: number) => ({
      currency,
      ...(await figures.receivables(empresa, filials, invoices)),
    }),
  }
  return new Hono<AppEnv>()
    .use(requireAuth(deps), requireTenant(deps))
    .get(
      '/revenue',
      doc({
        operationId: 'getRevenueReport',
        summary: 'Revenue month by month',
        description: `What was invoiced (issued invoices' totals by issue date, void ones out), how many invoices, what was collected (payments not reversed and quotes' deposits, by their day) and the average ticket, for each month of the period asked (at most ${MAX_MONTHS} months), of the current branch or of every branch the caller works in (\`branch=all\`). Amounts in cents of the company's currency. Needs the cd_reports page at view.`,
        tags: ['cd_reports'],
        responses: { 200: wrapper(revenueReport) },
      }),
      valid('query', revenueQuery),
      async (c) => {
        const tenant = c.get('tenant')
        return c.json(ok(await report.revenue(tenant.empresa, await periodAsked(tenant, c.req.valid('query')))))
      },
    )
    .get(
      '/quotes',
      doc({
        operationId: 'getQuotesReport',
        summary: 'Quote conversion month by month',
        description: `How many quotes were sent each month of the period (by the day each was last sent, in its branch's zone) and their value, and what became of them by now: approved (converted ones too), converted into an order, rejected — each with its value; for the months asked as the revenue report takes them (at most ${MAX_MONTHS}), of the current branch or of every branch the caller works in (\`branch=all\`). Amounts in cents. Needs the cd_reports page at view.`,
        tags: ['cd_reports'],
        responses: { 200: wrapper(quotesReport) },
      }),
      valid('query', revenueQuery),
      async (c) => {
        const tenant = c.get('tenant')
        return c.json(ok(await report.quotes(tenant.empresa, await periodAsked(tenant, c.req.valid('query')))))
      },
    )
    .get(
      '/services',
      doc({
        operationId: 'getServicesReport',
        summary: 'Revenue by service',
        description: `What each service (cd_job) brought in the period: the totals of its lines on the invoices issued in it (void ones out), the most first; lines that name no service together (\`jobId\` null). For the months asked as the revenue report takes them (at most ${MAX_MONTHS}), of the current branch or of every branch the caller works in (\`branch=all\`). Amounts in cents. Needs the cd_reports page at view.`,
        tags: ['cd_reports'],
        responses: { 200: wrapper(servicesReport) },
      }),
      valid('query', revenueQuery),
      async (c) => {
        const tenant = c.get('tenant')
        return c.json(ok(await report.services(tenant.empresa, await periodAsked(tenant, c.req.valid('query')))))
      },
    )
    .get(
      '/technicians',
      doc({
        operationId: 'getTechniciansReport',
        summary: 'Technician productivity',
        description: `What each technician did in the period: the visits ended (by the month each ended, in its branch's zone), of them done and could not be completed, the minutes on site and per visit, the parts used, and his share of the invoices issued in the period (each invoice's total split among the technicians of the visits it bills, by minutes on site); the most visits first. For the months asked as the revenue report takes them (at most ${MAX_MONTHS}), of the current branch or of every branch the caller works in (\`branch=all\`). Needs the cd_reports page at view.`,
        tags: ['cd_reports'],
        responses: { 200: wrapper(techniciansReport) },
      }),
      valid('query', revenueQuery),
      async (c) => {
        const tenant = c.get('tenant')
        return c.json(ok(await report.technicians(tenant.empresa, await periodAsked(tenant, c.req.valid('query')))))
      },
    )
    .get(
      '/orders',
      doc({
        operationId: 'getOrdersReport',
        summary: 'Open orders by status and age',
        description:
          "The orders not invoiced nor cancelled — new, scheduled, in progress, on hold, completed (waiting for their invoice) — each status with its count, its orders' totals and how many are 0–7, 8–30, 31–60 and over 60 days old in their branch's calendar; of the current branch or of every branch the caller works in (`branch=all`). Amounts in cents. Needs the cd_reports page at view.",
        tags: ['cd_reports'],
        responses: { 200: wrapper(ordersReport) },
      }),
      valid('query', z.object({ branch: branchQuery })),
      async (c) => {
        const tenant = c.get('tenant')
        const filials = await branchesOf(tenant, c.req.valid('query').branch)
        return c.json(ok(await report.orders(tenant.empresa, filials, await currencyOf(tenant.empresa))))
      },
    )
    .get(
      '/cashflow',
      doc({
        operationId: 'getCashflowReport',
        summary: 'Cash flow by week or month, past and forecast',
        description:
          'What came in (payments received, not reversed, deposits among them) and went out (payables paid) in each week or month, and what is expected from the open invoices and payables by their due dates (overdue ones in the current period): six months back and six ahead (`by=month`, the default) or eight weeks back and eight ahead (`by=week`), as seen today in the current branch; of the current branch or of every branch the caller works in (`branch=all`). Amounts in cents. Needs the cd_reports page at view.',
        tags: ['cd_reports'],
        responses: { 200: wrapper(cashflowReport) },
      }),
      valid('query', z.object({ by: cashStep, branch: branchQuery })),
      async (c) => {
        const tenant = c.get('tenant')
        const { by, branch } = c.req.valid('query')
        const [filials, currency, today] = await Promise.all([
          branchesOf(tenant, branch),
          currencyOf(tenant.empresa),
          todayOf(tenant),
        ])
        return c.json(ok(await report.cashflow(tenant.empresa, filials, currency, by, today)))
      },
    )
    .get(
      '/receivables',
      doc({
        operationId: 'getReceivablesReport',
        summary: 'What clients owe, by age',
        description:
          "Every issued invoice with money open, its open amount by age — not due yet (`current`), 1–30, 31–60, 61–90 and over 90 days past its due date, on its branch's today — each client's and in all, the most owed first; of the current branch or of every branch the caller works in (`branch=all`). Amounts in cents of the company's currency. Needs the cd_reports page at view.",
        tags: ['cd_reports'],
        responses: { 200: wrapper(receivablesReport) },
      }),
      valid('query', z.object({ branch: branchQuery, invoices: invoicesShown })),
      async (c) => {
        const tenant = c.get('tenant')
        const { branch, invoices } = c.req.valid('query')
        const [filials, currency] = await Promise.all([branchesOf(tenant, branch), currencyOf(tenant.empresa)])
        return c.json(ok(await report.receivables(tenant.empresa, filials, currency, invoices)))
      },
    )
    .get(
      '/summary',
      doc({
        operationId: 'getReportsSummary',
        summary: 'The seven reports in one answer',
        description: `Revenue, receivables, cash flow, quote conversion, services, open orders and technicians, each as its own call answers it, for the period and branch asked as the revenue report takes them (the receivables and orders: of the branch asked), the cash flow by \`by\`, with the first \`invoices\` open invoices: what the reports page shows. The ETag names what the answer was worked out from (the figures, invoices, payables, orders, services and members, what was asked, and the quarter hour: an overdue age moves with the day); sent back as If-None-Match it answers 304 with no body while none of it changed. Needs the cd_reports page at view.`,
        tags: ['cd_reports'],
        conditional: true,
        responses: { 200: wrapper(reportsSummary) },
      }),
      valid('query', revenueQuery.extend({ by: cashStep, invoices: invoicesShown })),
      async (c) => {
        const tenant = c.get('tenant')
        const { empresa } = tenant
        const query = c.req.valid('query')
        // what the answer is worked out from, read first: an answer never bears a newer stamp than its data
        const now = deps.now()
        const stamp = await figures.stamp(empresa)
        const asked = await periodAsked(tenant, query)
        const etag = `"${await sha256Base64(
          JSON.stringify([empresa, stamp, asked, query.by, query.invoices, Math.floor(now / QUARTER_HOUR_MS)]),
        )}"`
        c.header('ETag', etag)
        if (notModified(c.req.header('If-None-Match'), etag)) return c.body(null, 304)
        const { filials, currency, today } = asked
        const [revenue, receivables, cashflow, quotes, services, orders, technicians] = await Promise.all([
          report.revenue(empresa, asked),
          report.receivables(empresa, filials, currency, query.invoices),
          report.cashflow(empresa, filials, currency, query.by, today),
          report.quotes(empresa, asked),
          report.services(empresa, asked),
          report.orders(empresa, filials, currency),
          report.technicians(empresa, asked),
        ])
        return c.json(ok({ revenue, receivables, cashflow, quotes, services, orders, technicians }))
      },
    )
}
