import { Hono } from 'hono'
import type { AppEnv, Deps } from '../lib/deps.ts'
import { requireAuth } from '../lib/auth.ts'
import { apiError } from '../lib/errors.ts'
import { listQuerySchema, paginate, sortBy } from '../lib/list.ts'
import { branchesOf, requireTenant, resolveTenant } from '../lib/tenancy.ts'
import { valid } from '../lib/validate.ts'
import { doc } from '../lib/openapi.ts'
import { branchListAnswer, currentBranchAnswer, selectBranchSchema, userBranchesAnswer } from '../schemas/tenancy.ts'

/** The branch switcher's calls (product-shell.md §3 Filial, §4, §7 "branch list"). */
export function cdFilialRoutes(deps: Deps) {
  const { repos } = deps
  return new Hono<AppEnv>()
    .use(requireAuth(deps))
    .get('/', doc({ summary: 'The branches of the current company, searched, sorted and paged', tags: ['cd_filial'], responses: { 200: branchListAnswer } }), requireTenant(deps), valid('query', listQuerySchema(['COD_FILIAL', 'NOM_FILIAL', 'FLG_PRINCIPAL'], 'COD_FILIAL')), async (c) => {
      // The branches of the request's company (the cd_filial module's list).
      const { search, sort, order, page, size } = c.req.valid('query')
      const needle = search.toLocaleLowerCase()
      const rows = (await repos.companies.branches(c.get('tenant').empresa)).filter((b) => !needle || b.NOM_FILIAL.toLocaleLowerCase().includes(needle))
      return c.json({ IsSuccess: true, Dados: paginate(sortBy(rows, sort, order), page, size), Msg: '' })
    })
    .get('/user-branches', doc({ summary: 'Every branch the user may work in (the branch switcher list)', tags: ['cd_filial'], responses: { 200: userBranchesAnswer } }), async (c) => {
      const rows = await branchesOf(repos, c.get('auth').user)
      const Dados = rows.map((b) => ({
        COD_FILIAL: b.COD_FILIAL,
        COD_EMPRESA: b.COD_EMPRESA,
        NOME_EMPRESA: b.NOME_EMPRESA,
        NOM_FILIAL: b.NOM_FILIAL,
        FLG_PRINCIPAL: b.FLG_PRINCIPAL,
      }))
      return c.json({ IsSuccess: true, Dados, Msg: '' })
    })
    .get('/current', doc({ summary: 'The company and branch this request resolves to (X-Empresa, X-Filial; -1 the default)', tags: ['cd_filial'], responses: { 200: currentBranchAnswer } }), async (c) => {
      const auth = c.get('auth')
      const tenant = await resolveTenant(repos, auth.user, c.req.header('x-empresa'), c.req.header('x-filial'))
      return c.json({ IsSuccess: true, Dados: { COD_EMPRESA: tenant.empresa, COD_FILIAL: tenant.filial, ROLE: tenant.grant.role }, Msg: '' })
    })
    .put('/current', doc({ summary: 'Pick the company and branch (kept as the default); flags a change of company', tags: ['cd_filial'], responses: { 200: currentBranchAnswer } }), valid('json', selectBranchSchema), async (c) => {
      const auth = c.get('auth')
      const { COD_EMPRESA, COD_FILIAL } = c.req.valid('json')
      const tenant = await resolveTenant(repos, auth.user, String(COD_EMPRESA), String(COD_FILIAL))
      const previous = auth.user.current
      const updated = await repos.users.update(auth.user.id, (u) => ({ ...u, current: { empresa: tenant.empresa, filial: tenant.filial } }))
      if (!updated) throw apiError(401, 'Invalid token')
      const empresaChanged = previous?.empresa !== tenant.empresa
      return c.json({ IsSuccess: true, Dados: { COD_EMPRESA: tenant.empresa, COD_FILIAL: tenant.filial, empresaChanged }, Msg: '' })
    })
}
