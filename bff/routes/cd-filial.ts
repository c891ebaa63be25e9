import { Hono } from 'hono'
import type { AppEnv, Deps } from '../lib/deps.ts'
import { requireAuth } from '../lib/auth.ts'
import { apiError } from '../lib/errors.ts'
import { paginate, sortBy } from '../lib/list.ts'
import { branchesOf, requireTenant, resolveTenant } from '../lib/tenancy.ts'
import { valid } from '../lib/validate.ts'
import { doc } from '../lib/openapi.ts'
import { branchListAnswer, branchRowSchema, currentBranchAnswer, selectBranchSchema, userBranchesAnswer } from '../../domain/schemas/tenancy.ts'
import { adminListQuery, restoreQuery, branchInput, type BranchInput } from '../../domain/schemas/admin.ts'
import { wrapper } from '../../domain/schemas/common.ts'
import { nextBranchNumber, ok, withVersion } from '../lib/admin.ts'
import { csvResponse, toCsv } from '../lib/csv.ts'
import { ifMatchVersion } from '../lib/etag.ts'
import { apiErrorSchema } from '../lib/openapi.ts'
import { requirePage } from '../lib/page-access.ts'
import { keys } from '../../storage/keys.ts'
import type { BranchRecord } from '../../domain/tenancy.ts'
import { z } from 'zod'

const MODULE = 'cd_filial'
const listQuery = adminListQuery(['COD_FILIAL', 'NOM_FILIAL', 'FLG_PRINCIPAL', 'PREFIX', 'ACTIVE'], 'COD_FILIAL')
const idParam = z.object({ id: z.coerce.number().int().positive() })
const branchAnswer = wrapper(branchRowSchema)
const row = (b: BranchRecord) => ({ COD_FILIAL: b.COD_FILIAL, COD_EMPRESA: b.COD_EMPRESA, NOM_FILIAL: b.NOM_FILIAL, FLG_PRINCIPAL: b.FLG_PRINCIPAL, PREFIX: b.PREFIX, TIME_ZONE: b.TIME_ZONE, ACTIVE: b.ACTIVE, CNPJ: b.CNPJ ?? '', ENDERECO: b.ENDERECO ?? '' })

/** The branch switcher's calls (product-shell.md §3 Filial, §4, §7 "branch list"). */
export function cdFilialRoutes(deps: Deps) {
  const { repos, store } = deps
  const listed = async (empresa: number, q: { search: string; all: '0' | '1' }) => {
    const needle = q.search.toLocaleLowerCase()
    return (await repos.companies.branches(empresa)).filter((b) => (q.all === '1' || b.ACTIVE) && (!needle || `${b.NOM_FILIAL} ${b.PREFIX}`.toLocaleLowerCase().includes(needle))).map(row)
  }
  /** Exactly one main branch per company: marking one moves the mark; the main one cannot lose it by itself. */
  const save = async (empresa: number, filial: number, input: BranchInput | null, active: boolean | null, expectVersion: number | undefined) => {
    const current = await store.get<BranchRecord>(keys.branch(empresa, filial))
    if (!current) throw apiError(404, 'Branch not found')
    const wasMain = current.value.FLG_PRINCIPAL === 'S'
    if (wasMain && input?.FLG_PRINCIPAL === 'N') throw apiError(400, 'Invalid request', { FLG_PRINCIPAL: ['A company needs a main branch: mark another branch as main instead'] })
    if (wasMain && active === false) throw apiError(400, 'The main branch cannot be deactivated: mark another branch as main first')
    const next: BranchRecord = { ...current.value, ...(input ?? {}), ...(active === null ? {} : { ACTIVE: active }) }
    if (next.FLG_PRINCIPAL === 'S' && !next.ACTIVE) throw apiError(400, 'Invalid request', { FLG_PRINCIPAL: ['An inactive branch cannot be the main one'] })
    const saved = await store.update<BranchRecord>(keys.branch(empresa, filial), (cur) => (cur ? next : undefined), { expectVersion })
    if (!saved) throw apiError(404, 'Branch not found')
    if (!wasMain && next.FLG_PRINCIPAL === 'S') await unmarkOthers(empresa, filial)
    return saved
  }
  const unmarkOthers = async (empresa: number, keep: number) => {
    for (const b of await repos.companies.branches(empresa)) {
      if (b.COD_FILIAL !== keep && b.FLG_PRINCIPAL === 'S') await store.update<BranchRecord>(keys.branch(empresa, b.COD_FILIAL), (cur) => (cur ? { ...cur.value, FLG_PRINCIPAL: 'N' } : undefined))
    }
  }
  return new Hono<AppEnv>()
    .use(requireAuth(deps))
    .get('/', doc({ summary: 'The branches of the current company, searched, sorted and paged', tags: ['cd_filial'], responses: { 200: branchListAnswer } }), requireTenant(deps), requirePage(deps, MODULE), valid('query', listQuery), async (c) => {
      const q = c.req.valid('query')
      return c.json(ok(paginate(sortBy(await listed(c.get('tenant').empresa, q), q.sort, q.order), q.page, q.size)))
    })
    .get('/export.csv', doc({ summary: 'The same list as CSV (every page)', tags: ['cd_filial'], responses: { 200: z.string() } }), requireTenant(deps), requirePage(deps, MODULE), valid('query', listQuery), async (c) => {
      const q = c.req.valid('query')
      const rows = sortBy(await listed(c.get('tenant').empresa, q), q.sort, q.order)
      return csvResponse(MODULE, toCsv(rows, [['COD_FILIAL', (r) => r.COD_FILIAL], ['NOM_FILIAL', (r) => r.NOM_FILIAL], ['FLG_PRINCIPAL', (r) => r.FLG_PRINCIPAL], ['PREFIX', (r) => r.PREFIX], ['CNPJ', (r) => r.CNPJ], ['TIME_ZONE', (r) => r.TIME_ZONE], ['ACTIVE', (r) => (r.ACTIVE ? 'S' : 'N')]]))
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
      return c.json(ok(Dados))
    })
    .get('/current', doc({ summary: 'The company and branch this request resolves to (X-Empresa, X-Filial; -1 the default)', tags: ['cd_filial'], responses: { 200: currentBranchAnswer } }), async (c) => {
      const auth = c.get('auth')
      const tenant = await resolveTenant(repos, auth.user, c.req.header('x-empresa'), c.req.header('x-filial'))
      return c.json(ok({ COD_EMPRESA: tenant.empresa, COD_FILIAL: tenant.filial, ROLE: tenant.grant.role }))
    })
    .put('/current', doc({ summary: 'Pick the company and branch (kept as the default); flags a change of company', tags: ['cd_filial'], responses: { 200: currentBranchAnswer } }), valid('json', selectBranchSchema), async (c) => {
      const auth = c.get('auth')
      const { COD_EMPRESA, COD_FILIAL } = c.req.valid('json')
      const tenant = await resolveTenant(repos, auth.user, String(COD_EMPRESA), String(COD_FILIAL))
      const previous = auth.user.current
      const updated = await repos.users.update(auth.user.id, (u) => ({ ...u, current: { empresa: tenant.empresa, filial: tenant.filial } }))
      if (!updated) throw apiError(401, 'Invalid token')
      const empresaChanged = previous?.empresa !== tenant.empresa
      return c.json(ok({ COD_EMPRESA: tenant.empresa, COD_FILIAL: tenant.filial, empresaChanged }))
    })
    .post('/', doc({ summary: 'Create a branch of the current company', tags: ['cd_filial'], responses: { 200: branchAnswer, 400: apiErrorSchema, 403: apiErrorSchema } }), requireTenant(deps), requirePage(deps, MODULE), valid('json', branchInput), async (c) => {
      const input = c.req.valid('json')
      const { empresa } = c.get('tenant')
      const COD_FILIAL = await nextBranchNumber(deps)
      const hasMain = (await repos.companies.branches(empresa)).some((b) => b.FLG_PRINCIPAL === 'S')
      const branch: BranchRecord = { COD_EMPRESA: empresa, COD_FILIAL, ...input, FLG_PRINCIPAL: hasMain ? input.FLG_PRINCIPAL : 'S', ACTIVE: true }
      const saved = await store.put(keys.branch(empresa, COD_FILIAL), branch)
      if (branch.FLG_PRINCIPAL === 'S') await unmarkOthers(empresa, COD_FILIAL)
      withVersion(c, saved.version)
      return c.json(ok(row(branch), 'Branch created'))
    })
    .get('/:id', doc({ summary: 'One branch of the current company (ETag: its version)', tags: ['cd_filial'], responses: { 200: branchAnswer, 403: apiErrorSchema, 404: apiErrorSchema } }), requireTenant(deps), requirePage(deps, MODULE), valid('param', idParam), async (c) => {
      const found = await store.get<BranchRecord>(keys.branch(c.get('tenant').empresa, c.req.valid('param').id))
      if (!found) throw apiError(404, 'Branch not found')
      withVersion(c, found.version)
      return c.json(ok(row(found.value)))
    })
    .put('/:id', doc({ summary: 'Change a branch; If-Match names the version edited (412 when someone changed it)', tags: ['cd_filial'], responses: { 200: branchAnswer, 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 412: apiErrorSchema } }), requireTenant(deps), requirePage(deps, MODULE), valid('param', idParam), valid('json', branchInput), async (c) => {
      const saved = await save(c.get('tenant').empresa, c.req.valid('param').id, c.req.valid('json'), null, ifMatchVersion(c.req.header('if-match')))
      withVersion(c, saved.version)
      return c.json(ok(row(saved.value), 'Branch saved'))
    })
    .delete('/:id', doc({ summary: 'Deactivate a branch (not the main one); ?restore=1 activates it again', tags: ['cd_filial'], responses: { 200: branchAnswer, 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 412: apiErrorSchema } }), requireTenant(deps), requirePage(deps, MODULE), valid('param', idParam), valid('query', restoreQuery), async (c) => {
      const active = c.req.valid('query').restore === '1'
      const saved = await save(c.get('tenant').empresa, c.req.valid('param').id, null, active, ifMatchVersion(c.req.header('if-match')))
      withVersion(c, saved.version)
      return c.json(ok(row(saved.value), active ? 'Branch activated' : 'Branch deactivated'))
    })
}
