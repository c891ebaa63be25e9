import { Hono } from 'hono'
import { z } from 'zod'
import { DEFAULT_PERIOD, MONTH, monthsSpanned, periodMonths, REPORT_PERIODS } from '../../domain/report-period.ts'
import { dateIn } from '../../domain/dates.ts'
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
  revenueReport,
  servicesReport,
  techniciansReport,
} from '../../domain/schemas/reports.ts'
import { ok } from '../lib/resource.ts'

/** The longest period one report covers: ten years of months. */
const MAX_MONTHS = 120

const month = (example: string) => z.string().regex(MONTH, { message: 'Enter a month, like 2026-11' }).meta({ example })
/** The current branch (X-Filial), or `all`: every branch the caller works in. */
const branchQuery = z.enum(['current', 'all']).default('current')
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
    const { empresa, filial } = tenant
    const custom = query.period === 'custom' || (!query.period && (query.from || query.to))
    if (custom && !query.from) throw fieldError('from', 'field_required')
    if (custom && !query.to) throw fieldError('to', 'field_required')
    const branchZone = (await deps.repos.companies.findBranch(empresa, filial))?.TIME_ZONE ?? 'UTC'
    const { from, to } = periodMonths(
      custom ? 'custom' : (query.period ?? DEFAULT_PERIOD),
      dateIn(branchZone, deps.now()),
      query,
    )
    if (to < from) throw fieldError('to', 'invalid_value')
    if (monthsSpanned(from, to) > MAX_MONTHS) throw fieldError('from', 'invalid_value')
    const [filials, company] = await Promise.all([branchesOf(tenant, query.branch), deps.repos.companies.find(empresa)])
    return { from, to, filials, currency: company?.CURRENCY ?? 'BRL' }
  }
  return new Hono<AppEnv>()
    .use(requireAuth(deps), requireTenant(deps))
    .get(
      '/revenue',
      doc({
        operationId: 'getRevenueReport',
        summary: 'Revenue month by month',
        description: `What was invoiced (issued invoices' totals by issue date, void ones out), how many invoices, what was collected (payments not reversed, by their day) and the average ticket, for each month of the period asked (at most ${MAX_MONTHS} months), of the current branch or of every branch the caller works in (\`branch=all\`). Amounts in cents of the company's currency. Needs the cd_reports page at view.`,
        tags: ['cd_reports'],
        responses: { 200: wrapper(revenueReport) },
      }),
      valid('query', revenueQuery),
      async (c) => {
        const { empresa } = c.get('tenant')
        const { from, to, filials, currency } = await periodAsked(c.get('tenant'), c.req.valid('query'))
        const months = await figures.revenue(empresa, filials, from, to)
        return c.json(ok({ from, to, currency, months }))
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
        const { empresa } = c.get('tenant')
        const { from, to, filials, currency } = await periodAsked(c.get('tenant'), c.req.valid('query'))
        return c.json(ok({ from, to, currency, months: await figures.quotes(empresa, filials, from, to) }))
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
        const { empresa } = c.get('tenant')
        const { from, to, filials, currency } = await periodAsked(c.get('tenant'), c.req.valid('query'))
        return c.json(ok({ from, to, currency, services: await figures.services(empresa, filials, from, to) }))
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
        const { empresa } = c.get('tenant')
        const { from, to, filials, currency } = await periodAsked(c.get('tenant'), c.req.valid('query'))
        return c.json(ok({ from, to, currency, technicians: await figures.technicians(empresa, filials, from, to) }))
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
        const { empresa } = c.get('tenant')
        const filials = await branchesOf(c.get('tenant'), c.req.valid('query').branch)
        const currency = (await deps.repos.companies.find(empresa))?.CURRENCY ?? 'BRL'
        return c.json(ok({ currency, statuses: await figures.orders(empresa, filials) }))
      },
    )
    .get(
      '/cashflow',
      doc({
        operationId: 'getCashflowReport',
        summary: 'Cash flow by week or month, past and forecast',
        description:
          'What came in (payments received, not reversed) and went out (payables paid) in each week or month, and what is expected from the open invoices and payables by their due dates (overdue ones in the current period): six months back and six ahead (`by=month`, the default) or eight weeks back and eight ahead (`by=week`), as seen today in the current branch; of the current branch or of every branch the caller works in (`branch=all`). Amounts in cents. Needs the cd_reports page at view.',
        tags: ['cd_reports'],
        responses: { 200: wrapper(cashflowReport) },
      }),
      valid('query', z.object({ by: z.enum(CASH_PERIODS).default('month'), branch: branchQuery })),
      async (c) => {
        const { empresa, filial } = c.get('tenant')
        const { by, branch } = c.req.valid('query')
        const filials = await branchesOf(c.get('tenant'), branch)
        const [company, zone] = await Promise.all([
          deps.repos.companies.find(empresa),
          deps.repos.companies.findBranch(empresa, filial).then((b) => b?.TIME_ZONE ?? 'UTC'),
        ])
        const flow = await figures.cashflow(empresa, filials, by, dateIn(zone, deps.now()))
        return c.json(ok({ currency: company?.CURRENCY ?? 'BRL', ...flow }))
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
      valid(
        'query',
        z.object({
          branch: branchQuery,
          invoices: z.coerce
            .number()
            .int()
            .min(0)
            .max(RECEIVABLE_INVOICES_SHOWN)
            .default(RECEIVABLE_INVOICES_SHOWN)
            .meta({
              description: `How many of the open invoices to list (the longest overdue first), 0–${RECEIVABLE_INVOICES_SHOWN}`,
            }),
        }),
      ),
      async (c) => {
        const { empresa } = c.get('tenant')
        const { branch, invoices } = c.req.valid('query')
        const filials = await branchesOf(c.get('tenant'), branch)
        const company = await deps.repos.companies.find(empresa)
        return c.json(
          ok({ currency: company?.CURRENCY ?? 'BRL', ...(await figures.receivables(empresa, filials, invoices)) }),
        )
      },
    )
}
