import { Hono } from 'hono'
import { z } from 'zod'
import type { AccessLevel, PageRecord } from '../../domain/access.ts'
import { presetLevel } from '../../domain/modules/index.ts'
import { requestCulture, type Culture } from '../../domain/cultures.ts'
import { pages } from '../../domain/modules/ac-paginas.ts'
import { myPageAnswer, userPageRow, userPagesInput } from '../../domain/schemas/admin.ts'
import { wrapper } from '../../domain/schemas/common.ts'
import type { UserRecord } from '../../domain/tenancy.ts'
import { requireAuth } from '../lib/auth.ts'
import { companyGrant } from '../lib/admin.ts'
import type { AppEnv, Deps } from '../lib/deps.ts'
import { ifMatchVersion } from '../lib/etag.ts'
import { apiError, fieldError, invalidFields, ruleError } from '../lib/errors.ts'
import { apiErrorSchema, doc } from '../lib/openapi.ts'
import { companyPages, levelsFor, requirePage } from '../lib/page-access.ts'
import { ok, resourceRoutes, type ResourceServer } from '../lib/resource.ts'
import { requireTenant } from '../lib/tenancy.ts'
import { valid } from '../lib/validate.ts'
import { MESSAGES } from '../../domain/messages.ts'

const PAGES = 'ac_paginas'
const USER_PAGES = 'ac_usuariospaginas'
const moduleName = z.string().regex(/^[a-z_]{2,40}$/, 'must be a module name')
const row = (p: PageRecord) => ({
  module: p.module,
  title_en: p.titles.en,
  title_es: p.titles.es,
  title_pt: p.titles.pt,
  icon: p.icon,
  group: p.group,
  order: p.order,
  active: p.active,
})

/**
 * ac_paginas (docs/domain.md): the company's registry of screens (route, title per language, icon,
 * group, order, active). The routes themselves are the product's: they are not created or
 * deleted here, only renamed, reordered, regrouped, hidden or shown again. The registry is one
 * record: a page's version is the registry's.
 */
export function pageRoutes(deps: Deps) {
  const { pageAccess } = deps.repos
  const server = {
    toRow: row,
    idOf: (p) => p.module,
    source: {
      list: (who) => companyPages(deps, who.tenant.empresa),
      find: (who, module) => pageAccess.page(who.tenant.empresa, module),
      update: (who, module, fn, expectVersion) =>
        pageAccess.updatePage(who.tenant.empresa, module, fn, { expectVersion }),
    },
    edit: {
      apply(_who, page, input) {
        // this page manages the others: hiding it would lock everyone out of the registry
        if (page.module === PAGES && input.active === false) throw fieldError('active', 'page_kept')
        const titles = {
          en: input.title_en ?? page.titles.en,
          es: input.title_es ?? page.titles.es,
          pt: input.title_pt ?? page.titles.pt,
        }
        return {
          ...page,
          titles,
          icon: input.icon ?? page.icon,
          group: input.group ?? page.group,
          order: input.order ?? page.order,
          active: input.active ?? page.active,
        }
      },
    },
    deactivate: {
      set(_who, page, active) {
        if (page.module === PAGES && !active) throw ruleError(400, 'page_kept')
        return { ...page, active }
      },
    },
  } satisfies ResourceServer<typeof pages, PageRecord>

  return resourceRoutes(deps, pages, server, (app) =>
    // Any signed-in user: their own level on one page (the page server's 403 and titles).
    app.get(
      '/mine',
      doc({
        operationId: 'getMyPageLevel',
        summary: 'The caller’s level on one page',
        description:
          'The caller’s level (none, view, edit, delete) on one page of the current company, with its title in the request’s language and its group. 404 when the company has no such page. Any member of the company.',
        tags: [PAGES],
        responses: { 200: wrapper(myPageAnswer), 404: apiErrorSchema },
      }),
      requireTenant(deps),
      valid('query', z.object({ module: moduleName })),
      async (c) => {
        const { module } = c.req.valid('query')
        const tenant = c.get('tenant')
        const page = (await companyPages(deps, tenant.empresa)).find((p) => p.module === module)
        if (!page) throw apiError(404, 'Page not found')
        const level = (await levelsFor(deps, tenant, c.get('auth').user.id, c.env))[module] ?? 'none'
        return c.json(
          ok({
            module,
            title: page.titles[requestCulture(c.req.header('accept-language'), 'en')],
            group: page.group,
            level,
          }),
        )
      },
    ),
  )
}

/**
 * ac_usuariospaginas (docs/domain.md): one user's matrix of page levels in the current company: the
 * role's preset, adjusted per page. Only the differences from the preset are stored. Not a list
 * of records: it is one matrix per user, so it is not built by the resource factory.
 */
export function userPageRoutes(deps: Deps) {
  const { repos } = deps
  const memberOf = async (empresa: number, userId: string): Promise<UserRecord> => {
    const found = await repos.users.findById(userId)
    if (!found || !companyGrant(found.value, empresa, { invited: true })) throw apiError(404, 'User not found')
    return found.value
  }
  const matrix = async (empresa: number, user: UserRecord, culture: Culture) => {
    const grant = companyGrant(user, empresa, { invited: true })!
    const [pages, overrides] = await Promise.all([
      companyPages(deps, empresa),
      repos.pageAccess.overrides(empresa, user.id),
    ])
    return pages.map((p) => ({
      module: p.module,
      title: p.titles[culture],
      preset: presetLevel(grant.role, p.module),
      level: overrides[p.module] ?? presetLevel(grant.role, p.module),
    }))
  }
  const userQuery = z.object({ userId: z.string().min(1).max(100) })
  const answer = wrapper(z.array(userPageRow))
  return new Hono<AppEnv>()
    .use(requireAuth(deps), requireTenant(deps), requirePage(deps, USER_PAGES))
    .get(
      '/',
      doc({
        operationId: 'getUserPageLevels',
        summary: 'One user’s page levels',
        description:
          'Each page of the current company with the user’s role preset and their level (the preset unless adjusted); the ETag is the version of their adjustments. 404 when the user is not a member. Needs the ac_usuariospaginas page at view.',
        tags: [USER_PAGES],
        versioned: true,
        responses: { 200: answer, 404: apiErrorSchema },
      }),
      valid('query', userQuery),
      async (c) => {
        const { empresa } = c.get('tenant')
        const user = await memberOf(empresa, c.req.valid('query').userId)
        const stored = await repos.pageAccess.overridesVersioned(empresa, user.id)
        c.header('ETag', `"${stored?.version ?? 0}"`)
        return c.json(ok(await matrix(empresa, user, requestCulture(c.req.header('accept-language'), 'en'))))
      },
    )
    .put(
      '/',
      doc({
        operationId: 'setUserPageLevels',
        example: { userId: '5f0c7a1e-2b3d-4c5e-8f9a-0b1c2d3e4f5a', levels: { cd_cliente: 'view', cd_cotacao: 'edit' } },
        summary: 'Set one user’s page levels',
        description:
          'Sets the user’s level on the pages sent (pages left out keep theirs); If-Match names the version edited (412 when someone changed them since). 400 for an unknown page; 404 when the user is not a member. Needs the ac_usuariospaginas page at edit.',
        tags: [USER_PAGES],
        versioned: true,
        responses: { 200: answer, 404: apiErrorSchema },
      }),
      valid('json', userPagesInput),
      async (c) => {
        const { empresa } = c.get('tenant')
        const { userId, levels } = c.req.valid('json')
        const user = await memberOf(empresa, userId)
        const grant = companyGrant(user, empresa, { invited: true })!
        const modules = new Set((await companyPages(deps, empresa)).map((p) => p.module))
        const unknown = Object.keys(levels).filter((m) => !modules.has(m))
        if (unknown.length)
          throw invalidFields(
            Object.fromEntries(unknown.map((m) => [`levels.${m}`, [MESSAGES.unknown_page]])),
            Object.fromEntries(unknown.map((m) => [`levels.${m}`, 'unknown_page'])),
          )
        const current = await repos.pageAccess.overrides(empresa, userId)
        const next: Record<string, AccessLevel> = { ...current }
        for (const [module, level] of Object.entries(levels)) {
          if (level === presetLevel(grant.role, module)) delete next[module]
          else next[module] = level
        }
        const saved = await repos.pageAccess.saveOverrides(empresa, userId, next, {
          expectVersion: ifMatchVersion(c.req.header('if-match')),
        })
        c.header('ETag', `"${saved!.version}"`)
        return c.json(
          ok(await matrix(empresa, user, requestCulture(c.req.header('accept-language'), 'en')), 'Page access saved'),
        )
      },
    )
    .delete(
      '/',
      doc({
        operationId: 'resetUserPageLevels',
        summary: 'Put one user’s page levels back to the preset',
        description:
          'Drops the user’s adjustments: every page takes their role’s preset again. 404 when the user is not a member. Needs the ac_usuariospaginas page at delete.',
        tags: [USER_PAGES],
        responses: { 200: answer, 404: apiErrorSchema },
      }),
      valid('query', userQuery),
      async (c) => {
        const { empresa } = c.get('tenant')
        const user = await memberOf(empresa, c.req.valid('query').userId)
        await repos.pageAccess.saveOverrides(empresa, user.id, {})
        return c.json(
          ok(
            await matrix(empresa, user, requestCulture(c.req.header('accept-language'), 'en')),
            'Page access reset to the role',
          ),
        )
      },
    )
}
