import { createMiddleware } from 'hono/factory'
import { atLeast, type AccessLevel, type PageRecord } from '../../domain/access.ts'
import { DEFAULT_PAGES, presetLevel } from '../../domain/modules/index.ts'
import type { AppEnv, Deps, Tenant } from './deps.ts'
import type { Culture } from '../../domain/cultures.ts'
import { apiError } from './errors.ts'
import { oncePerPage } from './page-request.ts'

// Sorted once per stored registry (a cached record is the same object until it changes).
const inOrder = new WeakMap<PageRecord[], PageRecord[]>()

/** The company's page registry (its own once changed, else the defaults), in menu order. */
export async function companyPages(deps: Deps, empresa: number): Promise<PageRecord[]> {
  const pages = (await deps.repos.pageAccess.pages(empresa)) ?? DEFAULT_PAGES
  let sorted = inOrder.get(pages)
  if (!sorted) inOrder.set(pages, (sorted = [...pages].sort((a, b) => a.order - b.order)))
  return sorted
}

/**
 * The user's level on every page of the tenant's company: the adjustment, else the role's preset;
 * none on a hidden page. Once per page request (`env`: the request's, page-request.ts).
 */
export function levelsFor(
  deps: Deps,
  tenant: Tenant,
  userId: string,
  env: unknown,
): Promise<Readonly<Record<string, AccessLevel>>> {
  return oncePerPage(env, `levels\n${tenant.empresa}\n${tenant.grant.role}\n${userId}`, async () => {
    const [pages, overrides] = await Promise.all([
      companyPages(deps, tenant.empresa),
      deps.repos.pageAccess.overrides(tenant.empresa, userId),
    ])
    const level = (page: PageRecord): AccessLevel =>
      page.active ? (overrides[page.module] ?? presetLevel(tenant.grant.role, page.module)) : 'none'
    return Object.freeze(Object.fromEntries(pages.map((page) => [page.module, level(page)])))
  })
}

/** The navigation: the pages the user may open, in order, titled in `culture` (the shell and the search). */
export async function navigationPages(deps: Deps, tenant: Tenant, userId: string, culture: Culture, env: unknown) {
  const [pages, levels] = await Promise.all([companyPages(deps, tenant.empresa), levelsFor(deps, tenant, userId, env)])
  return pages.flatMap((page) => {
    const level = levels[page.module] ?? 'none'
    return level === 'none'
      ? []
      : [{ module: page.module, title: page.titles[culture], icon: page.icon, group: page.group, level }]
  })
}

/** docs/domain.md ac_usuariospaginas: reads need view, creates and changes edit, deletes delete. */
export function neededLevel(method: string): AccessLevel {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return 'view'
  return method === 'DELETE' ? 'delete' : 'edit'
}

export const FORBIDDEN_PAGE = 'You do not have access to this page'

/** After requireTenant: refuses (403) a call the user's level on `module` in this company does not allow, whatever the client sends. */
export function requirePage(deps: Deps, module: string) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const levels = await levelsFor(deps, c.get('tenant'), c.get('auth').user.id, c.env)
    if (!atLeast(levels[module] ?? 'none', neededLevel(c.req.method))) throw apiError(403, FORBIDDEN_PAGE)
    await next()
  })
}
