import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv, Deps } from '../lib/deps.ts'
import { requireAuth } from '../lib/auth.ts'
import { companyGrant, ok, withVersion } from '../lib/admin.ts'
import { csvResponse, toCsv } from '../lib/csv.ts'
import { ifMatchVersion } from '../lib/etag.ts'
import { apiError } from '../lib/errors.ts'
import { paginate, sortBy } from '../lib/list.ts'
import { apiErrorSchema, doc } from '../lib/openapi.ts'
import { companyPages, levelsFor, requirePage } from '../lib/page-access.ts'
import { requireTenant } from '../lib/tenancy.ts'
import { requestCulture } from '../../domain/cultures.ts'
import { valid } from '../lib/validate.ts'
import { adminListQuery, listAnswer, restoreQuery, pageInput, pageRow, userPageRow, userPagesInput } from '../../domain/schemas/admin.ts'
import { wrapper } from '../../domain/schemas/common.ts'
import { DEFAULT_PAGES } from '../../domain/access.ts'
import { ACCESS_LEVELS, presetLevel, type AccessLevel, type PageRecord } from '../../domain/access.ts'
import { keys } from '../../storage/keys.ts'
import type { UserRecord } from '../../domain/tenancy.ts'

const PAGES = 'ac_paginas'
const USER_PAGES = 'ac_usuariospaginas'
const moduleParam = z.object({ module: z.string().regex(/^[a-z_]{2,40}$/, 'must be a module name') })
const listQuery = adminListQuery(['order', 'module', 'title_en', 'group', 'active'], 'order')
const row = (p: PageRecord) => ({ module: p.module, title_en: p.titles.en, title_es: p.titles.es, title_pt: p.titles.pt, icon: p.icon, group: p.group, order: p.order, active: p.active })

/**
 * ac_paginas (DOMAIN.md): the company's registry of screens (route, title per language, icon,
 * group, order, active). The routes themselves are the product's: they are not created or
 * deleted here, only renamed, reordered, regrouped, hidden or shown again.
 */
export function pageRoutes(deps: Deps) {
  const { store } = deps
  const listed = async (empresa: number, q: { search: string; all: '0' | '1' }) => {
    const needle = q.search.toLocaleLowerCase()
    return (await companyPages(deps, empresa)).filter((p) => (q.all === '1' || p.active) && (!needle || `${p.module} ${Object.values(p.titles).join(' ')}`.toLocaleLowerCase().includes(needle))).map(row)
  }
  const change = async (empresa: number, module: string, fn: (p: PageRecord) => PageRecord, expectVersion: number | undefined) => {
    const key = keys.companyRecord(empresa, 'settings', 'pages')
    const saved = await store.update<PageRecord[]>(key, (cur) => (cur?.value ?? DEFAULT_PAGES).map((p) => (p.module === module ? fn(p) : p)), { expectVersion })
    const page = saved?.value.find((p) => p.module === module)
    if (!saved || !page) throw apiError(404, 'Page not found')
    return { page, version: saved.version }
  }
  const known = async (empresa: number, module: string) => {
    if (!(await companyPages(deps, empresa)).some((p) => p.module === module)) throw apiError(404, 'Page not found')
  }
  return (
    new Hono<AppEnv>()
      .use(requireAuth(deps), requireTenant(deps))
      // Any signed-in user: their own level on one page (the page server's 403 and titles).
      .get('/mine', doc({ summary: "The caller's level on one page of the current company, and its title in the request's language", tags: [PAGES], responses: { 200: wrapper(z.object({ module: z.string(), title: z.string(), group: z.string(), level: z.enum(ACCESS_LEVELS) })), 404: apiErrorSchema } }), valid('query', moduleParam), async (c) => {
        const { module } = c.req.valid('query')
        const tenant = c.get('tenant')
        const page = (await companyPages(deps, tenant.empresa)).find((p) => p.module === module)
        if (!page) throw apiError(404, 'Page not found')
        const level = (await levelsFor(deps, tenant, c.get('auth').user.id))[module] ?? 'none'
        return c.json(ok({ module, title: page.titles[requestCulture(c.req.header('accept-language'), 'en')], group: page.group, level }))
      })
      .get('/', doc({ summary: 'The registry of screens of the current company: searched, sorted, paged', tags: [PAGES], responses: { 200: listAnswer(pageRow) } }), requirePage(deps, PAGES), valid('query', listQuery), async (c) => {
        const q = c.req.valid('query')
        return c.json(ok(paginate(sortBy(await listed(c.get('tenant').empresa, q), q.sort, q.order), q.page, q.size)))
      })
      .get('/export.csv', doc({ summary: 'The same list as CSV (every page)', tags: [PAGES], responses: { 200: z.string() } }), requirePage(deps, PAGES), valid('query', listQuery), async (c) => {
        const q = c.req.valid('query')
        const rows = sortBy(await listed(c.get('tenant').empresa, q), q.sort, q.order)
        return csvResponse(PAGES, toCsv(rows, [['module', (r) => r.module], ['title_en', (r) => r.title_en], ['title_es', (r) => r.title_es], ['title_pt', (r) => r.title_pt], ['group', (r) => r.group], ['order', (r) => r.order], ['active', (r) => (r.active ? 'S' : 'N')]]))
      })
      .get('/:module', doc({ summary: 'One screen of the registry (ETag: the registry version)', tags: [PAGES], responses: { 200: wrapper(pageRow), 403: apiErrorSchema, 404: apiErrorSchema } }), requirePage(deps, PAGES), valid('param', moduleParam), async (c) => {
        const { empresa } = c.get('tenant')
        const { module } = c.req.valid('param')
        const stored = await store.get<PageRecord[]>(keys.companyRecord(empresa, 'settings', 'pages'))
        const page = (stored?.value ?? DEFAULT_PAGES).find((p) => p.module === module)
        if (!page) throw apiError(404, 'Page not found')
        withVersion(c, stored?.version ?? 0)
        return c.json(ok(row(page)))
      })
      .put('/:module', doc({ summary: 'Rename, regroup, reorder, hide or show a screen; If-Match names the registry version edited', tags: [PAGES], responses: { 200: wrapper(pageRow), 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 412: apiErrorSchema } }), requirePage(deps, PAGES), valid('param', moduleParam), valid('json', pageInput), async (c) => {
        const { empresa } = c.get('tenant')
        const { module } = c.req.valid('param')
        const input = c.req.valid('json')
        await known(empresa, module)
        if (module === PAGES && !input.active) throw apiError(400, 'Invalid request', { active: ['This page manages the others: it cannot be hidden'] })
        const expected = ifMatchVersion(c.req.header('if-match'))
        const { page, version } = await change(empresa, module, (p) => ({ ...p, titles: { en: input.title_en, es: input.title_es, pt: input.title_pt }, icon: input.icon, group: input.group, order: input.order, active: input.active }), expected === 0 ? undefined : expected)
        withVersion(c, version)
        return c.json(ok(row(page), 'Page saved'))
      })
      .delete('/:module', doc({ summary: 'Hide a screen from everyone in the company (?restore=1 shows it again)', tags: [PAGES], responses: { 200: wrapper(pageRow), 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema } }), requirePage(deps, PAGES), valid('param', moduleParam), valid('query', restoreQuery), async (c) => {
        const { empresa } = c.get('tenant')
        const { module } = c.req.valid('param')
        const active = c.req.valid('query').restore === '1'
        await known(empresa, module)
        if (module === PAGES && !active) throw apiError(400, 'This page manages the others: it cannot be hidden')
        const { page, version } = await change(empresa, module, (p) => ({ ...p, active }), undefined)
        withVersion(c, version)
        return c.json(ok(row(page), active ? 'Page shown' : 'Page hidden'))
      })
  )
}

/**
 * ac_usuariospaginas (DOMAIN.md): one user's matrix of page levels in the current company: the
 * role's preset, adjusted per page. Only the differences from the preset are stored.
 */
export function userPageRoutes(deps: Deps) {
  const { repos } = deps
  const memberOf = async (empresa: number, userId: string): Promise<UserRecord> => {
    const found = await repos.users.findById(userId)
    if (!found || !companyGrant(found.value, empresa)) throw apiError(404, 'User not found')
    return found.value
  }
  const matrix = async (empresa: number, user: UserRecord, culture: 'en' | 'es' | 'pt') => {
    const grant = companyGrant(user, empresa)!
    const [pages, overrides] = await Promise.all([companyPages(deps, empresa), repos.pageAccess.overrides(empresa, user.id)])
    return pages.map((p) => ({ module: p.module, title: p.titles[culture], preset: presetLevel(grant.role, p.module), level: overrides[p.module] ?? presetLevel(grant.role, p.module) }))
  }
  const userQuery = z.object({ userId: z.string().min(1).max(100) })
  return new Hono<AppEnv>()
    .use(requireAuth(deps), requireTenant(deps), requirePage(deps, USER_PAGES))
    .get('/', doc({ summary: "One user's page levels in the current company (ETag: the version of their adjustments)", tags: [USER_PAGES], responses: { 200: wrapper(z.array(userPageRow)), 403: apiErrorSchema, 404: apiErrorSchema } }), valid('query', userQuery), async (c) => {
      const { empresa } = c.get('tenant')
      const user = await memberOf(empresa, c.req.valid('query').userId)
      const stored = await repos.pageAccess.overridesVersioned(empresa, user.id)
      withVersion(c, stored?.version ?? 0)
      return c.json(ok(await matrix(empresa, user, requestCulture(c.req.header('accept-language'), 'en'))))
    })
    .put('/', doc({ summary: "Set one user's page levels (pages left out keep theirs); If-Match names the version edited", tags: [USER_PAGES], responses: { 200: wrapper(z.array(userPageRow)), 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 412: apiErrorSchema } }), valid('json', userPagesInput), async (c) => {
      const { empresa } = c.get('tenant')
      const { userId, levels } = c.req.valid('json')
      const user = await memberOf(empresa, userId)
      const grant = companyGrant(user, empresa)!
      const modules = new Set((await companyPages(deps, empresa)).map((p) => p.module))
      const unknown = Object.keys(levels).filter((m) => !modules.has(m))
      if (unknown.length) throw apiError(400, 'Invalid request', Object.fromEntries(unknown.map((m) => [`levels.${m}`, ['Unknown page']])))
      const current = await repos.pageAccess.overrides(empresa, userId)
      const next: Record<string, AccessLevel> = { ...current }
      for (const [module, level] of Object.entries(levels)) {
        if (level === presetLevel(grant.role, module)) delete next[module]
        else next[module] = level
      }
      const expected = ifMatchVersion(c.req.header('if-match'))
      const saved = await repos.pageAccess.saveOverrides(empresa, userId, next, { expectVersion: expected === 0 ? undefined : expected })
      withVersion(c, saved!.version)
      return c.json(ok(await matrix(empresa, user, requestCulture(c.req.header('accept-language'), 'en')), 'Page access saved'))
    })
    .delete('/', doc({ summary: "Put one user's page levels back to their role's preset", tags: [USER_PAGES], responses: { 200: wrapper(z.array(userPageRow)), 403: apiErrorSchema, 404: apiErrorSchema } }), valid('query', userQuery), async (c) => {
      const { empresa } = c.get('tenant')
      const user = await memberOf(empresa, c.req.valid('query').userId)
      await repos.pageAccess.saveOverrides(empresa, user.id, {})
      return c.json(ok(await matrix(empresa, user, requestCulture(c.req.header('accept-language'), 'en')), 'Page access reset to the role'))
    })
}
