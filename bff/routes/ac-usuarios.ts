import { z } from 'zod'
import { newUser, type Grant, type UserRecord } from '../../domain/tenancy.ts'
import { userCreateInput, userRow, userUpdateInput, type UserCreateInput, type UserUpdateInput } from '../../domain/schemas/admin.ts'
import type { Caller } from '../lib/resource.ts'
import type { Deps } from '../lib/deps.ts'
import { fieldError, ruleError } from '../lib/errors.ts'
import { hashPassword } from '../lib/passwords.ts'
import { requireUncommonPassword } from '../lib/common-passwords.ts'
import { resourceRoutes, type ResourceDefinition } from '../lib/resource.ts'

/** The user as seen from one company: their grant there decides role, branch and whether they are active there. */
function rowIn(user: UserRecord, empresa: number) {
  const grant = user.grants.find((g) => g.empresa === empresa)!
  return { id: user.id, name: user.name, email: user.email, culture: user.culture, role: grant.role, filial: grant.filial, active: user.active && grant.active !== false }
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

/**
 * ac_usuarios (DOMAIN.md): the users of the current company (from the company's index). Create
 * (e-mail unique across the product), edit name, language, role and branch, deactivate. A user
 * is disabled per company: their grant there stops counting and every session of theirs ends at
 * once; a user disabled everywhere cannot sign in.
 */
export function userRoutes(deps: Deps) {
  const { users, companies } = deps.repos
  const checkBranch = async (empresa: number, filial: Grant['filial']) => {
    if (filial !== 'all' && !(await companies.findBranch(empresa, filial))) throw fieldError('filial', 'branch_of_company')
  }
  const notYourself = (who: Caller, id: string, active: boolean) => {
    if (id === who.user.id && !active) throw ruleError(400, 'not_yourself')
  }
  const definition = {
    module: 'ac_usuarios',
    noun: 'User',
    id: z.string().uuid('must be a user id'),
    row: userRow,
    toRow: (user, who) => rowIn(user, who.tenant.empresa),
    idOf: (user) => user.id,
    source: {
      list: async (who) => (await users.members(who.tenant.empresa)).map((u) => u.value),
      async find(who, id) {
        const found = await users.findById(id)
        return found && found.value.grants.some((g) => g.empresa === who.tenant.empresa) ? found : null
      },
      async insert(_who, user) {
        if (!(await users.create(user))) throw fieldError('email', 'email_taken')
        return (await users.findById(user.id))!
      },
      update: (_who, id, fn, expectVersion) => users.update(id, fn, { expectVersion }),
    },
    list: { sortable: ['name', 'email', 'role', 'active'], defaultSort: 'name', search: (r) => `${r.name} ${r.email}`, active: (r) => r.active },
    csv: [
      ['name', (r) => r.name],
      ['email', (r) => r.email],
      ['role', (r) => r.role],
      ['filial', (r) => r.filial],
      ['culture', (r) => r.culture],
      ['active', (r) => (r.active ? 'S' : 'N')],
    ],
    create: {
      input: userCreateInput,
      async make(who, input) {
        await checkBranch(who.tenant.empresa, input.filial)
        await requireUncommonPassword('password', input.password)
        return newUser({ name: input.name, email: input.email, culture: input.culture, password: await hashPassword(input.password, deps.config.passwordIterations), grants: [{ empresa: who.tenant.empresa, filial: input.filial, role: input.role }] }, deps.now())
      },
    },
    edit: {
      input: userUpdateInput,
      async apply(who, user, input, id) {
        const { empresa } = who.tenant
        const grant = user.grants.find((g) => g.empresa === empresa)!
        const next = { role: input.role ?? grant.role, filial: input.filial ?? grant.filial, active: input.active ?? grant.active !== false }
        await checkBranch(empresa, next.filial)
        notYourself(who, id, next.active)
        return applyGrant({ ...user, name: input.name ?? user.name, culture: input.culture ?? user.culture }, empresa, next)
      },
    },
    deactivate: {
      set(who, user, active, id) {
        notYourself(who, id, active)
        const grant = user.grants.find((g) => g.empresa === who.tenant.empresa)!
        return applyGrant(user, who.tenant.empresa, { role: grant.role, filial: grant.filial, active })
      },
    },
  } satisfies ResourceDefinition<UserRecord, z.output<typeof userRow>, string, UserCreateInput, UserUpdateInput>
  return resourceRoutes(deps, definition)
}
