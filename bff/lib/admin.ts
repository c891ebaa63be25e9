import type { Context } from 'hono'
import { keys } from '../../storage/keys.ts'
import { activeGrants, type Grant, type UserRecord } from '../../domain/tenancy.ts'
import { atLeast, type AccessLevel } from '../../domain/access.ts'
import type { Deps } from './deps.ts'
import { apiError } from './errors.ts'
import { FORBIDDEN_PAGE, levelsFor, neededLevel } from './page-access.ts'

const RANK: Record<Grant['role'], number> = { admin: 5, manager: 4, finance: 3, dispatcher: 2, technician: 1 }

/** The user's strongest active grant in a company (a user may hold one per branch), or null. */
export function companyGrant(user: UserRecord, empresa: number): Grant | null {
  return activeGrants(user)
    .filter((g) => g.empresa === empresa)
    .sort((a, b) => RANK[b.role] - RANK[a.role])[0] ?? null
}

/** The user's level on `module` in a company they hold (none when they hold no grant there). */
export async function levelIn(deps: Deps, user: UserRecord, empresa: number, module: string): Promise<AccessLevel> {
  const grant = companyGrant(user, empresa)
  if (!grant) return 'none'
  const levels = await levelsFor(deps, { empresa, filial: grant.filial === 'all' ? 0 : grant.filial, grant }, user.id)
  return levels[module] ?? 'none'
}

/** Refuses (403) unless the user's level on `module` in `empresa` allows this request's method. */
export async function requireLevelIn(deps: Deps, c: Context, user: UserRecord, empresa: number, module: string, needed: AccessLevel = neededLevel(c.req.method)) {
  if (!atLeast(await levelIn(deps, user, empresa, module), needed)) throw apiError(403, FORBIDDEN_PAGE)
}

/** `ETag: "<version>"` on an answer with one record, for the If-Match of the next write. */
export function withVersion(c: Context, version: number) {
  c.header('ETag', `"${version}"`)
}

/** The { IsSuccess, Dados, Msg } answer of the administration modules. */
export const ok = <T>(Dados: T, Msg = '') => ({ IsSuccess: true as const, Dados, Msg })

/** Branch numbers are unique across companies (the switcher's values): the next free one. */
export async function nextBranchNumber(deps: Deps): Promise<number> {
  const next = await deps.store.update<number>(keys.system('branch-counter'), async (cur) => {
    if (cur) return cur.value + 1
    const all = await Promise.all((await deps.repos.companies.list()).map((c) => deps.repos.companies.branches(c.COD_EMPRESA)))
    return Math.max(0, ...all.flat().map((b) => b.COD_FILIAL)) + 1
  })
  return next!.value
}
