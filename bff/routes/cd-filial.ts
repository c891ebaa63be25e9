import { z } from 'zod'
import { activeGrants, type BranchRecord } from '../../domain/tenancy.ts'
import { wrapper } from '../../domain/schemas/common.ts'
import { branches } from '../../domain/modules/cd-filial.ts'
import {
  branchRowSchema,
  currentBranchAnswer,
  selectBranchSchema,
  userBranchesAnswer,
} from '../../domain/schemas/tenancy.ts'
import type { Deps } from '../lib/deps.ts'
import { apiError, fieldError, ruleError } from '../lib/errors.ts'
import { apiErrorSchema, doc } from '../lib/openapi.ts'
import { ok, resourceRoutes, type ResourceServer } from '../lib/resource.ts'
import { branchesOf, requireTenant, resolveTenant } from '../lib/tenancy.ts'
import { valid } from '../lib/validate.ts'

const tags = ['cd_filial']
/** What the API shows of a branch: the documented row (absent optional fields as ''). */
const row = (b: BranchRecord) => branchRowSchema.parse(b)

/**
 * cd_filial (docs/domain.md): the branches of the current company, exactly one of them the main one
 * (marking one moves the mark; the main one cannot lose it by itself, nor be deactivated); and
 * the branch switcher's calls (docs/shell.md §3 Filial, §4, §7 "branch list").
 */
export function cdFilialRoutes(deps: Deps) {
  const { companies } = deps.repos
  const unmarkOthers = async (empresa: number, keep: number) => {
    for (const b of await companies.branches(empresa))
      if (b.COD_FILIAL !== keep && b.FLG_PRINCIPAL === 'S')
        await companies.updateBranch(empresa, b.COD_FILIAL, (cur) => ({ ...cur, FLG_PRINCIPAL: 'N' }))
  }
  const server = {
    toRow: row,
    idOf: (b) => b.COD_FILIAL,
    source: {
      list: (who) => companies.branches(who.tenant.empresa),
      find: (who, id) => companies.getBranch(who.tenant.empresa, id),
      insert: (_who, branch) => companies.saveBranch(branch),
      update: (who, id, fn, expectVersion) => companies.updateBranch(who.tenant.empresa, id, fn, { expectVersion }),
    },
    create: {
      async make(who, input) {
        const hasMain = (await companies.branches(who.tenant.empresa)).some((b) => b.FLG_PRINCIPAL === 'S')
        return {
          COD_EMPRESA: who.tenant.empresa,
          COD_FILIAL: await companies.nextBranchNumber(),
          ...input,
          FLG_PRINCIPAL: hasMain ? input.FLG_PRINCIPAL : 'S',
          ACTIVE: true,
        }
      },
      after: async (who, saved) =>
        saved.value.FLG_PRINCIPAL === 'S' ? unmarkOthers(who.tenant.empresa, saved.value.COD_FILIAL) : undefined,
    },
    edit: {
      apply(_who, current, input) {
        if (current.FLG_PRINCIPAL === 'S' && input.FLG_PRINCIPAL === 'N')
          throw fieldError('FLG_PRINCIPAL', 'main_branch_needed')
        const next = { ...current, ...input }
        if (next.FLG_PRINCIPAL === 'S' && !next.ACTIVE) throw fieldError('FLG_PRINCIPAL', 'main_branch_inactive')
        return next
      },
      after: async (who, saved, before) =>
        before.FLG_PRINCIPAL !== 'S' && saved.value.FLG_PRINCIPAL === 'S'
          ? unmarkOthers(who.tenant.empresa, saved.value.COD_FILIAL)
          : undefined,
    },
    deactivate: {
      set(_who, current, active) {
        if (current.FLG_PRINCIPAL === 'S' && !active) throw ruleError(400, 'main_branch_kept')
        return { ...current, ACTIVE: active }
      },
    },
  } satisfies ResourceServer<typeof branches, BranchRecord>

  return resourceRoutes(deps, branches, server, (app) =>
    app
      .get(
        '/user-branches',
        doc({
          operationId: 'listUserBranches',
          summary: 'The branches the caller may work in',
          description:
            'Every active branch of an active company the caller is given, across companies, in a stable order (the branch switcher’s list). Any signed-in user, for themselves.',
          tags,
          responses: { 200: userBranchesAnswer },
        }),
        async (c) => {
          const rows = await branchesOf(deps.repos, c.get('auth').user)
          return c.json(
            ok(
              rows.map((b) => ({
                COD_FILIAL: b.COD_FILIAL,
                COD_EMPRESA: b.COD_EMPRESA,
                NOME_EMPRESA: b.NOME_EMPRESA,
                NOM_FILIAL: b.NOM_FILIAL,
                FLG_PRINCIPAL: b.FLG_PRINCIPAL,
              })),
            ),
          )
        },
      )
      .get(
        '/:id/sole-users',
        doc({
          operationId: 'listBranchSoleUsers',
          summary: 'The people whose only branch this is',
          description:
            'The active people of the company who work in this branch alone (deactivating it leaves them without one), by name. 404 when the company has no such branch. Needs the cd_filial page at delete.',
          tags,
          responses: {
            200: wrapper(z.array(z.object({ id: z.string(), name: z.string(), email: z.string() }).strict())),
            404: apiErrorSchema,
          },
        }),
        requireTenant(deps),
        valid('param', z.object({ id: z.coerce.number().int().positive() })),
        async (c) => {
          const { empresa } = c.get('tenant')
          const id = c.req.valid('param').id
          if (!(await companies.getBranch(empresa, id))) throw apiError(404, 'Branch not found')
          const members = await deps.repos.users.members(empresa)
          const sole = members
            .map((m) => m.value)
            .filter((u) => {
              const here = activeGrants(u).filter((g) => g.empresa === empresa)
              return here.some((g) => g.filial === id) && !here.some((g) => g.filial === 'all')
            })
          return c.json(
            ok(
              sole
                .map((u) => ({ id: u.id, name: u.name, email: u.email }))
                .sort((a, b) => a.name.localeCompare(b.name)),
            ),
          )
        },
      )
      .get(
        '/current',
        doc({
          operationId: 'getCurrentBranch',
          summary: 'The company and branch a call resolves to',
          description:
            'The company and branch this request’s X-Empresa and X-Filial resolve to (absent or -1: the caller’s current choice, else the main branch), with the caller’s role there. 400 for a header that is not a number; 403 for a company or branch the caller does not hold.',
          tags,
          responses: { 200: currentBranchAnswer, 400: apiErrorSchema, 403: apiErrorSchema },
        }),
        requireTenant(deps),
        async (c) => {
          const tenant = c.get('tenant')
          return c.json(ok({ COD_EMPRESA: tenant.empresa, COD_FILIAL: tenant.filial, ROLE: tenant.grant.role }))
        },
      )
      .put(
        '/current',
        doc({
          operationId: 'selectCurrentBranch',
          summary: 'Pick the company and branch to work in',
          description:
            'Keeps the company and branch as the caller’s default for the next sign-ins and calls without X-Empresa; `empresaChanged` says whether the company changed. 403 for one the caller does not hold or that is inactive.',
          tags,
          responses: { 200: currentBranchAnswer, 403: apiErrorSchema },
          example: { COD_EMPRESA: 1, COD_FILIAL: 2 },
        }),
        valid('json', selectBranchSchema),
        async (c) => {
          const auth = c.get('auth')
          const { COD_EMPRESA, COD_FILIAL } = c.req.valid('json')
          const tenant = await resolveTenant(deps.repos, auth.user, String(COD_EMPRESA), String(COD_FILIAL))
          const previous = auth.user.current
          const updated = await deps.repos.users.update(auth.user.id, (u) => ({
            ...u,
            current: { empresa: tenant.empresa, filial: tenant.filial },
          }))
          if (!updated) throw apiError(401, 'Invalid token')
          return c.json(
            ok({
              COD_EMPRESA: tenant.empresa,
              COD_FILIAL: tenant.filial,
              empresaChanged: previous?.empresa !== tenant.empresa,
            }),
          )
        },
      ),
  )
}
