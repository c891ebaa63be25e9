import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv, Deps } from '../lib/deps.ts'
import { requireAuth } from '../lib/auth.ts'
import { companyGrant, levelIn, nextBranchNumber, ok, requireLevelIn, withVersion } from '../lib/admin.ts'
import { csvResponse, toCsv } from '../lib/csv.ts'
import { ifMatchVersion } from '../lib/etag.ts'
import { apiError } from '../lib/errors.ts'
import { paginate, sortBy } from '../lib/list.ts'
import { doc, apiErrorSchema } from '../lib/openapi.ts'
import { requirePage } from '../lib/page-access.ts'
import { requireTenant } from '../lib/tenancy.ts'
import { valid } from '../lib/validate.ts'
import { adminListQuery, restoreQuery, companyInput, companyRow, listAnswer } from '../../domain/schemas/admin.ts'
import { wrapper } from '../../domain/schemas/common.ts'
import { filesRepository } from '../../storage/repositories/files.ts'
import { fileUrl } from './files.ts'
import { keys } from '../../storage/keys.ts'
import type { CompanyRecord } from '../../domain/tenancy.ts'
import { atLeast } from '../../domain/access.ts'

const MODULE = 'ac_empresas'
const tags = [MODULE]
const logoAnswer = z.object({ IsSuccess: z.boolean(), Msg: z.string() })
const companyAnswer = wrapper(companyRow)
const listQuery = adminListQuery(['COD_EMPRESA', 'NOME_EMPRESA', 'CNPJ', 'ACTIVE'], 'NOME_EMPRESA')
const idParam = z.object({ id: z.coerce.number().int().positive() })

const row = (c: CompanyRecord) => ({
  COD_EMPRESA: c.COD_EMPRESA,
  NOME_EMPRESA: c.NOME_EMPRESA,
  RAZAO_SOCIAL: c.RAZAO_SOCIAL,
  CNPJ: c.CNPJ,
  ENDERECO: c.ENDERECO ?? '',
  TELEFONE: c.TELEFONE ?? '',
  EMAIL: c.EMAIL ?? '',
  CURRENCY: c.CURRENCY,
  CULTURE: c.CULTURE,
  TIME_ZONE: c.TIME_ZONE,
  URL_LOGO: c.URL_LOGO,
  ACTIVE: c.ACTIVE,
})

/**
 * ac_empresas (DOMAIN.md): the companies the caller holds with the page's view level; create
 * (the creator becomes its admin, with a main branch), edit, deactivate; the logo update of
 * product-shell.md §7 (ID_ARQUIVO, URL_LOGO → IsSuccess, Msg).
 */
export function companyRoutes(deps: Deps) {
  const { repos, store } = deps
  const visible = async (user: Parameters<typeof levelIn>[1], search: string) => {
    const needle = search.toLocaleLowerCase()
    const companies = await Promise.all([...new Set(user.grants.map((g) => g.empresa))].map(async (empresa) => ((await levelIn(deps, user, empresa, MODULE)) === 'none' ? null : repos.companies.find(empresa))))
    return companies.filter((c): c is CompanyRecord => !!c && (!needle || `${c.NOME_EMPRESA} ${c.RAZAO_SOCIAL} ${c.CNPJ}`.toLocaleLowerCase().includes(needle)))
  }
  return new Hono<AppEnv>()
    .use(requireAuth(deps), requireTenant(deps))
    .put(
      '/logo',
      doc({ summary: "Set the current company's logo to an uploaded image (ID_ARQUIVO, URL_LOGO); ID_ARQUIVO null with an empty URL_LOGO removes it", tags, responses: { 200: logoAnswer, 400: logoAnswer, 403: logoAnswer } }),
      // ID_ARQUIVO null with an empty URL_LOGO takes the logo away (the default logo shows again)
      valid('json', z.union([z.object({ ID_ARQUIVO: z.string().uuid(), URL_LOGO: z.string().max(2048) }), z.object({ ID_ARQUIVO: z.null(), URL_LOGO: z.literal('') })])),
      async (c) => {
        const { empresa } = c.get('tenant')
        if (!atLeast(await levelIn(deps, c.get('auth').user, empresa, MODULE), 'edit')) return c.json({ IsSuccess: false, Msg: 'You may not change the company logo.' }, 403)
        const { ID_ARQUIVO, URL_LOGO } = c.req.valid('json')
        if (ID_ARQUIVO !== null) {
          const file = await filesRepository(store, empresa).find(ID_ARQUIVO)
          if (!file || !file.type.startsWith('image/') || file.type === 'image/svg+xml' || fileUrl(file) !== URL_LOGO) {
            return c.json({ IsSuccess: false, Msg: 'The logo must be an image uploaded to this company.' }, 400)
          }
        }
        const saved = await store.update<CompanyRecord>(keys.company(empresa), (cur) => (cur ? { ...cur.value, ID_ARQUIVO, URL_LOGO: URL_LOGO || null } : undefined))
        if (!saved) return c.json({ IsSuccess: false, Msg: 'Company not found.' }, 404)
        return c.json({ IsSuccess: true, Msg: '' })
      },
    )
    .get('/', doc({ summary: 'The companies the user may see: searched, sorted, paged', tags, responses: { 200: listAnswer(companyRow) } }), requirePage(deps, MODULE), valid('query', listQuery), async (c) => {
      const q = c.req.valid('query')
      const rows = (await visible(c.get('auth').user, q.search)).filter((r) => q.all === '1' || r.ACTIVE).map(row)
      return c.json(ok(paginate(sortBy(rows, q.sort, q.order), q.page, q.size)))
    })
    .get('/export.csv', doc({ summary: 'The same list as CSV (every page)', tags, responses: { 200: z.string() } }), requirePage(deps, MODULE), valid('query', listQuery), async (c) => {
      const q = c.req.valid('query')
      const rows = sortBy((await visible(c.get('auth').user, q.search)).filter((r) => q.all === '1' || r.ACTIVE).map(row), q.sort, q.order)
      return csvResponse(MODULE, toCsv(rows, [['COD_EMPRESA', (r) => r.COD_EMPRESA], ['NOME_EMPRESA', (r) => r.NOME_EMPRESA], ['RAZAO_SOCIAL', (r) => r.RAZAO_SOCIAL], ['CNPJ', (r) => r.CNPJ], ['EMAIL', (r) => r.EMAIL], ['TELEFONE', (r) => r.TELEFONE], ['CURRENCY', (r) => r.CURRENCY], ['CULTURE', (r) => r.CULTURE], ['TIME_ZONE', (r) => r.TIME_ZONE], ['ACTIVE', (r) => (r.ACTIVE ? 'S' : 'N')]]))
    })
    .post('/', doc({ summary: 'Create a company (with its main branch); the creator becomes its admin', tags, responses: { 200: companyAnswer, 400: apiErrorSchema, 403: apiErrorSchema } }), requirePage(deps, MODULE), valid('json', companyInput), async (c) => {
      const input = c.req.valid('json')
      const user = c.get('auth').user
      const counter = await store.update<number>(keys.system('company-counter'), async (cur) => (cur?.value ?? Math.max(0, ...(await repos.companies.list()).map((x) => x.COD_EMPRESA))) + 1)
      const COD_EMPRESA = counter!.value
      const company: CompanyRecord = { COD_EMPRESA, ...input, ID_ARQUIVO: null, URL_LOGO: null, ACTIVE: true }
      const saved = await store.put(keys.company(COD_EMPRESA), company)
      const branchNo = await nextBranchNumber(deps)
      await repos.companies.saveBranch({ COD_EMPRESA, COD_FILIAL: branchNo, NOM_FILIAL: input.NOME_EMPRESA, FLG_PRINCIPAL: 'S', PREFIX: 'MAIN', TIME_ZONE: input.TIME_ZONE, ACTIVE: true })
      await repos.users.update(user.id, (u) => ({ ...u, grants: [...u.grants, { empresa: COD_EMPRESA, filial: 'all', role: 'admin' }] }))
      withVersion(c, saved.version)
      return c.json(ok(row(company), 'Company created'))
    })
    .get('/:id', doc({ summary: 'One company (ETag: its version)', tags, responses: { 200: companyAnswer, 403: apiErrorSchema, 404: apiErrorSchema } }), valid('param', idParam), async (c) => {
      const { id } = c.req.valid('param')
      const user = c.get('auth').user
      if (!companyGrant(user, id)) throw apiError(404, 'Company not found')
      await requireLevelIn(deps, c, user, id, MODULE)
      const found = await store.get<CompanyRecord>(keys.company(id))
      if (!found) throw apiError(404, 'Company not found')
      withVersion(c, found.version)
      return c.json(ok(row(found.value)))
    })
    .put('/:id', doc({ summary: 'Change a company; If-Match names the version edited (412 when someone changed it)', tags, responses: { 200: companyAnswer, 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 412: apiErrorSchema } }), valid('param', idParam), valid('json', companyInput), async (c) => {
      const { id } = c.req.valid('param')
      const user = c.get('auth').user
      if (!companyGrant(user, id)) throw apiError(404, 'Company not found')
      await requireLevelIn(deps, c, user, id, MODULE)
      const saved = await store.update<CompanyRecord>(keys.company(id), (cur) => (cur ? { ...cur.value, ...c.req.valid('json') } : undefined), { expectVersion: ifMatchVersion(c.req.header('if-match')) })
      if (!saved) throw apiError(404, 'Company not found')
      withVersion(c, saved.version)
      return c.json(ok(row(saved.value), 'Company saved'))
    })
    .delete('/:id', doc({ summary: 'Deactivate a company (its data is kept); ?restore=1 activates it again', tags, responses: { 200: companyAnswer, 403: apiErrorSchema, 404: apiErrorSchema, 412: apiErrorSchema } }), valid('param', idParam), valid('query', restoreQuery), async (c) => {
      const { id } = c.req.valid('param')
      const user = c.get('auth').user
      if (!companyGrant(user, id)) throw apiError(404, 'Company not found')
      await requireLevelIn(deps, c, user, id, MODULE)
      const ACTIVE = c.req.valid('query').restore === '1'
      const saved = await store.update<CompanyRecord>(keys.company(id), (cur) => (cur ? { ...cur.value, ACTIVE } : undefined), { expectVersion: ifMatchVersion(c.req.header('if-match')) })
      if (!saved) throw apiError(404, 'Company not found')
      withVersion(c, saved.version)
      return c.json(ok(row(saved.value), ACTIVE ? 'Company activated' : 'Company deactivated'))
    })
}

