import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv, Deps } from '../lib/deps.ts'
import { requireAuth } from '../lib/auth.ts'
import { doc, pascal } from '../lib/openapi.ts'
import { requireTenant } from '../lib/tenancy.ts'

const DASHBOARDS = ['analytics', 'crypto', 'finance', 'project'] as const

/** The spec leaves the dashboards' inner shapes open: they are documented as objects. */
const dashboardSchema = z.record(z.string(), z.unknown()).nullable()
export const activitySchema = z.object({
  id: z.string(),
  icon: z.string().nullable().optional(),
  image: z.string().nullable().optional(),
  description: z.string(),
  date: z.string(),
  extraContent: z.string().nullable(),
  linkedContent: z.string().nullable(),
  link: z.string().nullable(),
  useRouter: z.boolean(),
})

/** api/dashboards/*: the current company's dashboards; null for a company that has none yet. */
export function dashboardRoutes(deps: Deps) {
  const app = new Hono<AppEnv>().use(requireAuth(deps), requireTenant(deps))
  for (const name of DASHBOARDS) {
    app.get(
      `/${name}`,
      doc({
        operationId: `get${pascal(name)}Dashboard`,
        description: `The figures of the ${name} dashboard of the current company; null for a company that has none.`,
        summary: `The ${name} dashboard`,
        tags: ['dashboards'],
        responses: { 200: dashboardSchema },
      }),
      async (c) => {
        const stored = await deps.repos
          .company(c.get('tenant').empresa)
          .value<Record<string, unknown>>(['dashboards', name])
          .get()
        return c.json(stored)
      },
    )
  }
  return app
}

/** api/pages/activities: the current company's activity feed, newest first. */
export function activityRoutes(deps: Deps) {
  return new Hono<AppEnv>().use(requireAuth(deps), requireTenant(deps)).get(
    '/',
    doc({
      operationId: 'listActivities',
      description: 'The current company’s activity feed, newest first.',
      summary: 'The activity feed, newest first',
      tags: ['pages'],
      responses: { 200: z.array(activitySchema) },
    }),
    async (c) => {
      const stored = await deps.repos
        .company(c.get('tenant').empresa)
        .list<z.infer<typeof activitySchema>>('activities')
        .all()
      return c.json(stored.sort((a, b) => b.date.localeCompare(a.date)))
    },
  )
}
