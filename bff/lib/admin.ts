import { activeGrants, type Grant, type UserRecord } from '../../domain/tenancy.ts'
import type { AccessLevel } from '../../domain/access.ts'
import type { Deps } from './deps.ts'
import { levelsFor } from './page-access.ts'

const RANK: Record<Grant['role'], number> = { admin: 5, manager: 4, finance: 3, dispatcher: 2, technician: 1 }

/** The user's strongest active grant in a company (a user may hold one per branch), or null; `invited`: one not accepted yet counts too (its page access can be set beforehand). */
export function companyGrant(user: UserRecord, empresa: number, { invited = false } = {}): Grant | null {
  return (
    (invited ? user.grants.filter((g) => g.active !== false) : activeGrants(user))
      .filter((g) => g.empresa === empresa)
      .sort((a, b) => RANK[b.role] - RANK[a.role])[0] ?? null
  )
}

/** The user's level on `module` in a company they hold (none when they hold no grant there). */
export async function levelIn(deps: Deps, user: UserRecord, empresa: number, module: string): Promise<AccessLevel> {
  const grant = companyGrant(user, empresa)
  if (!grant) return 'none'
  const tenant = { empresa, filial: grant.filial === 'all' ? 0 : grant.filial, grant }
  // another company's levels: worked out each time (no page request's memo)
  const levels = await levelsFor(deps, tenant, user.id, undefined)
  return levels[module] ?? 'none'
}
