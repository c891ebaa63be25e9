import { Hono } from 'hono'
import { z } from 'zod'
import { MONTH } from '../../domain/revenue.ts'
import { requireAuth } from '../lib/auth.ts'
import type { AppEnv, Deps } from '../lib/deps.ts'
import { fieldError } from '../lib/errors.ts'
import { doc } from '../lib/openapi.ts'
import { reports } from '../lib/reports.ts'
import { requireTenant } from '../lib/tenancy.ts'
import { valid } from '../lib/validate.ts'
import { wrapper } from '../../domain/schemas/common.ts'
import { ok } from '../lib/resource.ts'

/** The longest period one report covers: ten years of months. */
const MAX_MONTHS = 120

const month = (example: string) => z.string().regex(MONTH, { message: 'Enter a month, like 2026-11' }).meta({ example })
const revenueQuery = z.object({
  from: month('2026-01'),
  to: month('2026-12'),
  /** The current branch (X-Filial), or `all`: every branch the caller works in. */
  branch: z.enum(['current', 'all']).default('current'),
})
const revenueMonth = z.object({
  month: z.string(),
  invoiced: z.number().int().meta({ description: 'The totals of the invoices issued in the month, in cents' }),
  invoices: z
    .number()
    .int()
    .meta({ description: 'How many invoices were issued in the month (void ones not counted)' }),
  collected: z.number().int().meta({ description: 'The payments received in the month, not reversed, in cents' }),
  averageTicket: z.number().int().meta({ description: 'invoiced / invoices, rounded to the cent; 0 without invoices' }),
})

/** cd_reports (docs/domain.md "Reports"): the owner's figures, read from what each write keeps. */
export function reportRoutes(deps: Deps) {
  const figures = reports(deps)
  return new Hono<AppEnv>().use(requireAuth(deps), requireTenant(deps)).get(
    '/revenue',
    doc({
      operationId: 'getRevenueReport',
      summary: 'Revenue month by month',
      description: `What was invoiced (issued invoices' totals by issue date, void ones out), how many invoices, what was collected (payments not reversed, by their day) and the average ticket, for each month from \`from\` to \`to\` (at most ${MAX_MONTHS} months), of the current branch or of every branch the caller works in (\`branch=all\`). Amounts in cents of the company's currency. Needs the cd_reports page at view.`,
      tags: ['cd_reports'],
      responses: { 200: wrapper(z.array(revenueMonth)) },
    }),
    valid('query', revenueQuery),
    async (c) => {
      const { from, to, branch } = c.req.valid('query')
      if (to < from) throw fieldError('to', 'invalid_value')
      if (
        Number(to.slice(0, 4)) * 12 + Number(to.slice(5)) - (Number(from.slice(0, 4)) * 12 + Number(from.slice(5))) >=
        MAX_MONTHS
      )
        throw fieldError('from', 'invalid_value')
      const { empresa, filial, grant } = c.get('tenant')
      const filials =
        branch === 'current'
          ? [filial]
          : grant.filial === 'all'
            ? (await deps.repos.companies.branches(empresa)).map((b) => b.COD_FILIAL)
            : [grant.filial]
      return c.json(ok(await figures.revenue(empresa, filials, from, to)))
    },
  )
}
