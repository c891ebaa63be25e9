import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv, Deps } from '../lib/deps.ts'
import { readerCulture, requireAuth } from '../lib/auth.ts'
import { doc } from '../lib/openapi.ts'
import { branchesOf, inactiveBranchesOf, requestTenant } from '../lib/tenancy.ts'
import { publicUserSchema } from '../../domain/schemas/common.ts'
import { filialSchema } from '../../domain/schemas/tenancy.ts'
import { publicUser } from '../../domain/tenancy.ts'
import { navigationPages } from '../lib/page-access.ts'
import { LANGUAGES } from '../../domain/cultures.ts'
import { ACCESS_LEVELS, PAGE_GROUPS } from '../../domain/access.ts'

export const shellAnswer = z.object({
  user: publicUserSchema,
  branches: z.array(filialSchema),
  /** With no branch to work in: the user's branches that are inactive ("Company — Branch"), to tell him exactly that. */
  inactiveBranches: z.array(z.string()),
  current: z.object({ COD_EMPRESA: z.number(), COD_FILIAL: z.number(), ROLE: z.string() }).nullable(),
  /** The current company's time zone (dates in the panels are shown in it), or UTC. */
  timeZone: z.string(),
  /** The current company's language (CULTURE: what a new person it invites speaks unless said), or en. */
  culture: z.enum(LANGUAGES),
  /** The current company's logo (URL_LOGO), or null for the default logo. */
  logo: z.string().nullable(),
  /** Unread counts for the header badges; the panels load their items when opened. */
  unread: z.object({ messages: z.number(), notifications: z.number() }),
  /** The navigation: the pages the user may view in this company, in order, titled in the request's language. */
  pages: z.array(
    z.object({
      module: z.string(),
      title: z.string(),
      icon: z.string(),
      group: z.enum(PAGE_GROUPS),
      level: z.enum(ACCESS_LEVELS),
    }),
  ),
})

/**
 * api/common/shell: what the signed-in frame needs before it shows (the user, the branch
 * switcher's list and the current pick), in one call instead of three.
 */
export function shellRoutes(deps: Deps) {
  return new Hono<AppEnv>().use(requireAuth(deps)).get(
    '/',
    doc({
      operationId: 'getShell',
      description:
        'What the signed-in frame shows: the user, the branches they may work in, the current company and branch, its logo and the navigation their page levels open.',
      summary: "The signed-in frame's data: user, branches and the current company and branch",
      tags: ['common'],
      responses: { 200: shellAnswer },
    }),
    async (c) => {
      const { user } = c.get('auth')
      const panels = deps.repos.panels(user.id)
      const [branches, tenant, messages, notifications] = await Promise.all([
        branchesOf(deps.repos, user),
        c.var.tenant ? Promise.resolve(c.var.tenant) : requestTenant(deps, c).catch(() => null),
        panels.messages.all(),
        panels.notifications.all(),
      ])
      const inactiveBranches = branches.length === 0 ? await inactiveBranchesOf(deps.repos, user) : []
      const culture = readerCulture(c)
      const [company, pages] = tenant
        ? await Promise.all([
            deps.repos.companies.find(tenant.empresa),
            navigationPages(deps, tenant, user.id, culture, c.env),
          ])
        : [null, []]
      return c.json({
        user: publicUser(user),
        branches: branches.map((b) => ({
          COD_FILIAL: b.COD_FILIAL,
          COD_EMPRESA: b.COD_EMPRESA,
          NOME_EMPRESA: b.NOME_EMPRESA,
          NOM_FILIAL: b.NOM_FILIAL,
          FLG_PRINCIPAL: b.FLG_PRINCIPAL,
        })),
        inactiveBranches,
        current: tenant ? { COD_EMPRESA: tenant.empresa, COD_FILIAL: tenant.filial, ROLE: tenant.grant.role } : null,
        timeZone: company?.TIME_ZONE ?? 'UTC',
        culture: LANGUAGES.find((l) => l === company?.CULTURE) ?? 'en',
        logo: company?.URL_LOGO ?? null,
        unread: {
          messages: messages.filter((m) => !m.read).length,
          notifications: notifications.filter((m) => !m.read).length,
        },
        pages,
      })
    },
  )
}
