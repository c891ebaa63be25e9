import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv, Deps } from '../lib/deps.ts'
import { requireAuth } from '../lib/auth.ts'
import { doc } from '../lib/openapi.ts'
import { branchesOf, resolveTenant } from '../lib/tenancy.ts'
import { publicUserSchema } from '../schemas/common.ts'
import { filialSchema } from '../schemas/tenancy.ts'
import { publicUser } from '../../storage/repositories/users.ts'
import { userPanels } from '../lib/user-panels.ts'
import { companyPages, levelsFor } from '../lib/page-access.ts'
import { ACCESS_LEVELS, PAGE_GROUPS, type AccessLevel } from '../../storage/repositories/page-access.ts'

export const shellAnswer = z.object({
  user: publicUserSchema,
  branches: z.array(filialSchema),
  current: z.object({ COD_EMPRESA: z.number(), COD_FILIAL: z.number(), ROLE: z.string() }).nullable(),
  /** The current company's time zone (dates in the panels are shown in it), or UTC. */
  timeZone: z.string(),
  /** The current company's logo (URL_LOGO), or null for the default logo. */
  logo: z.string().nullable(),
  /** Unread counts for the header badges; the panels load their items when opened. */
  unread: z.object({ messages: z.number(), notifications: z.number() }),
  /** The navigation: the pages the user may view in this company, in order, titled in the request's language. */
  pages: z.array(z.object({ module: z.string(), title: z.string(), icon: z.string(), group: z.enum(PAGE_GROUPS), level: z.enum(ACCESS_LEVELS) })),
})

/** en-US → en, es-MX → es, pt-BR → pt (product-shell.md §7 Accept-Language); else the user's own. */
const cultureOf = (header: string | undefined, fallback: 'en' | 'es' | 'pt') => (['en', 'es', 'pt'] as const).find((l) => header?.toLowerCase().startsWith(l)) ?? fallback

/**
 * api/common/shell: what the signed-in frame needs before it shows (the user, the branch
 * switcher's list and the current pick), in one call instead of three.
 */
export function shellRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use(requireAuth(deps))
    .get('/', doc({ summary: "The signed-in frame's data: user, branches and the current company and branch", tags: ['common'], responses: { 200: shellAnswer } }), async (c) => {
      const { user } = c.get('auth')
      const panels = userPanels(deps.store, user.id)
      const [branches, tenant, messages, notifications] = await Promise.all([
        branchesOf(deps.repos, user),
        c.var.tenant ? Promise.resolve(c.var.tenant) : resolveTenant(deps.repos, user, c.req.header('x-empresa'), c.req.header('x-filial')).catch(() => null),
        panels.messages.all(),
        panels.notifications.all(),
      ])
      const [company, pages, levels] = tenant ? await Promise.all([deps.repos.companies.find(tenant.empresa), companyPages(deps, tenant.empresa), levelsFor(deps, tenant, user.id)]) : ([null, [], {}] as const)
      const culture = cultureOf(c.req.header('accept-language'), user.culture)
      return c.json({
        user: publicUser(user),
        branches: branches.map((b) => ({ COD_FILIAL: b.COD_FILIAL, COD_EMPRESA: b.COD_EMPRESA, NOME_EMPRESA: b.NOME_EMPRESA, NOM_FILIAL: b.NOM_FILIAL, FLG_PRINCIPAL: b.FLG_PRINCIPAL })),
        current: tenant ? { COD_EMPRESA: tenant.empresa, COD_FILIAL: tenant.filial, ROLE: tenant.grant.role } : null,
        timeZone: company?.TIME_ZONE ?? 'UTC',
        logo: company?.URL_LOGO ?? null,
        unread: { messages: messages.filter((m) => !m.read).length, notifications: notifications.filter((m) => !m.read).length },
        pages: pages.flatMap((p) => {
          const level = (levels as Record<string, AccessLevel>)[p.module] ?? 'none'
          return level === 'none' ? [] : [{ module: p.module, title: p.titles[culture], icon: p.icon, group: p.group, level }]
        }),
      })
    })
}
