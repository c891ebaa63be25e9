import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv, Deps } from '../lib/deps.ts'
import { requireAuth } from '../lib/auth.ts'
import { ok, withVersion } from '../lib/admin.ts'
import { csvResponse, toCsv } from '../lib/csv.ts'
import { ifMatchVersion } from '../lib/etag.ts'
import { apiError } from '../lib/errors.ts'
import { paginate, sortBy } from '../lib/list.ts'
import { apiErrorSchema, doc } from '../lib/openapi.ts'
import { requirePage } from '../lib/page-access.ts'
import { hashPassword } from '../lib/passwords.ts'
import { requireTenant } from '../lib/tenancy.ts'
import { valid } from '../lib/validate.ts'
import { adminListQuery, restoreQuery, listAnswer, userCreateInput, userRow, userUpdateInput } from '../../domain/schemas/admin.ts'
import { wrapper } from '../../domain/schemas/common.ts'
import { keys } from '../../storage/keys.ts'
import { newUser, type Grant, type UserRecord } from '../../domain/tenancy.ts'

const MODULE = 'ac_usuarios'
const tags = [MODULE]
const listQuery = adminListQuery(['name', 'email', 'role', 'active'], 'name')
const idParam = z.object({ id: z.string().uuid('must be a user id') })
const userAnswer = wrapper(userRow)

/** The user as seen from one company: their grant there decides role, branch and whether they are active there. */
function rowIn(user: UserRecord, empresa: number) {
  const grant = user.grants.find((g) => g.empresa === empresa)!
  return { id: user.id, name: user.name, email: user.email, culture: user.culture, role: grant.role, filial: grant.filial, active: user.active && grant.active !== false }
}

/**
 * ac_usuarios (DOMAIN.md): the users of the current company. Create (e-mail unique across the
 * product), edit name, language, role and branch, deactivate. A user is disabled per company:
 * their grant there stops counting and every session of theirs ends at once (the next request
 * is refused); a user disabled everywhere cannot sign in.
 */
export function userRoutes(deps: Deps) {
  const { repos, store } = deps
  const members = async (empresa: number) => {
    const ids = await store.children(keys.users())
    const rows = await store.getMany<UserRecord>(ids.map((id) => keys.user(id)))
    return rows.flatMap((r) => (r && r.value.grants.some((g) => g.empresa === empresa) ? [r.value] : []))
  }
  const listed = async (empresa: number, q: { search: string; all: '0' | '1' }) => {
    const needle = q.search.toLocaleLowerCase()
    return (await members(empresa)).map((u) => rowIn(u, empresa)).filter((r) => (q.all === '1' || r.active) && (!needle || `${r.name} ${r.email}`.toLocaleLowerCase().includes(needle)))
  }
  const member = async (empresa: number, id: string) => {
    const found = await repos.users.findById(id)
    if (!found || !found.value.grants.some((g) => g.empresa === empresa)) throw apiError(404, 'User not found')
    return found
  }
  const checkBranch = async (empresa: number, filial: Grant['filial']) => {
    if (filial !== 'all' && !(await repos.companies.findBranch(empresa, filial))) throw apiError(400, 'Invalid request', { filial: ['Choose a branch of this company'] })
  }
  return new Hono<AppEnv>()
    .use(requireAuth(deps), requireTenant(deps), requirePage(deps, MODULE))
    .get('/', doc({ summary: 'The users of the current company: searched, sorted, paged', tags, responses: { 200: listAnswer(userRow) } }), valid('query', listQuery), async (c) => {
      const q = c.req.valid('query')
      return c.json(ok(paginate(sortBy(await listed(c.get('tenant').empresa, q), q.sort, q.order), q.page, q.size)))
    })
    .get('/export.csv', doc({ summary: 'The same list as CSV (every page)', tags, responses: { 200: z.string() } }), valid('query', listQuery), async (c) => {
      const q = c.req.valid('query')
      const rows = sortBy(await listed(c.get('tenant').empresa, q), q.sort, q.order)
      return csvResponse(MODULE, toCsv(rows, [['name', (r) => r.name], ['email', (r) => r.email], ['role', (r) => r.role], ['filial', (r) => r.filial], ['culture', (r) => r.culture], ['active', (r) => (r.active ? 'S' : 'N')]]))
    })
    .post('/', doc({ summary: 'Create a user of the current company (e-mail unique)', tags, responses: { 200: userAnswer, 400: apiErrorSchema, 403: apiErrorSchema } }), valid('json', userCreateInput), async (c) => {
      const input = c.req.valid('json')
      const { empresa } = c.get('tenant')
      await checkBranch(empresa, input.filial)
      const user = newUser({ name: input.name, email: input.email, culture: input.culture, password: await hashPassword(input.password), grants: [{ empresa, filial: input.filial, role: input.role }] }, deps.now())
      if (!(await repos.users.create(user))) throw apiError(400, 'Invalid request', { email: ['This e-mail is already used by another user'] })
      return c.json(ok(rowIn(user, empresa), 'User created'))
    })
    .get('/:id', doc({ summary: 'One user of the current company (ETag: its version)', tags, responses: { 200: userAnswer, 403: apiErrorSchema, 404: apiErrorSchema } }), valid('param', idParam), async (c) => {
      const { empresa } = c.get('tenant')
      const found = await member(empresa, c.req.valid('param').id)
      withVersion(c, found.version)
      return c.json(ok(rowIn(found.value, empresa)))
    })
    .put('/:id', doc({ summary: 'Change a user in the current company; If-Match names the version edited; disabling ends their sessions', tags, responses: { 200: userAnswer, 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 412: apiErrorSchema } }), valid('param', idParam), valid('json', userUpdateInput), async (c) => {
      const { empresa } = c.get('tenant')
      const { id } = c.req.valid('param')
      const input = c.req.valid('json')
      await member(empresa, id)
      await checkBranch(empresa, input.filial)
      if (id === c.get('auth').user.id && !input.active) throw apiError(400, 'You cannot disable yourself')
      const saved = await repos.users.update(id, (u) => applyGrant({ ...u, name: input.name, culture: input.culture }, empresa, { role: input.role, filial: input.filial, active: input.active }), { expectVersion: ifMatchVersion(c.req.header('if-match')) })
      if (!saved) throw apiError(404, 'User not found')
      withVersion(c, saved.version)
      return c.json(ok(rowIn(saved.value, empresa), 'User saved'))
    })
    .delete('/:id', doc({ summary: 'Deactivate a user in the current company (ends their sessions); ?restore=1 activates them again', tags, responses: { 200: userAnswer, 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 412: apiErrorSchema } }), valid('param', idParam), valid('query', restoreQuery), async (c) => {
      const { empresa } = c.get('tenant')
      const { id } = c.req.valid('param')
      const active = c.req.valid('query').restore === '1'
      const found = await member(empresa, id)
      if (id === c.get('auth').user.id && !active) throw apiError(400, 'You cannot disable yourself')
      const grant = found.value.grants.find((g) => g.empresa === empresa)!
      const saved = await repos.users.update(id, (u) => applyGrant(u, empresa, { role: grant.role, filial: grant.filial, active }), { expectVersion: ifMatchVersion(c.req.header('if-match')) })
      if (!saved) throw apiError(404, 'User not found')
      withVersion(c, saved.version)
      return c.json(ok(rowIn(saved.value, empresa), active ? 'User activated' : 'User deactivated'))
    })
}

/**
 * The user's one grant in this company replaced. Disabling raises the session epoch, which
 * ends every session at once; a user left without any active grant is inactive (cannot sign in).
 */
function applyGrant(user: UserRecord, empresa: number, grant: { role: Grant['role']; filial: Grant['filial']; active: boolean }): UserRecord {
  const before = user.grants.find((g) => g.empresa === empresa)
  const grants: Grant[] = [...user.grants.filter((g) => g.empresa !== empresa), { empresa, filial: grant.filial, role: grant.role, ...(grant.active ? {} : { active: false }) }]
  const disabling = before?.active !== false && !grant.active
  const anyActive = grants.some((g) => g.active !== false)
  return { ...user, grants, active: anyActive, sessionEpoch: disabling ? user.sessionEpoch + 1 : user.sessionEpoch }
}
