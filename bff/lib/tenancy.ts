import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { Repositories } from '../../storage/repositories/index.ts'
import type { BranchRecord, CompanyRecord } from '../../domain/tenancy.ts'
import { activeGrants, type Grant, type UserRecord } from '../../domain/tenancy.ts'
import type { AppEnv, Deps, Tenant } from './deps.ts'
import { apiError, invalidFields } from './errors.ts'
import { oncePerPage } from './page-request.ts'
import { accessOf } from '../access.ts'
import { atLeast } from '../../domain/access.ts'
import { FORBIDDEN_PAGE, levelsFor, neededLevel } from './page-access.ts'

/** The spec's default for "no choice": -1. */
export const DEFAULT_ID = -1

export function grantFor(user: UserRecord, empresa: number, filial: number): Grant | null {
  return activeGrants(user).find((g) => g.empresa === empresa && (g.filial === 'all' || g.filial === filial)) ?? null
}

/** The branches the user is given, active or not (and their companies), across companies, in a stable order. */
async function grantedBranches(
  repos: Repositories,
  user: UserRecord,
): Promise<Array<{ branch: BranchRecord; company: CompanyRecord }>> {
  const companies = [...new Set(activeGrants(user).map((g) => g.empresa))].sort((a, b) => a - b)
  const lists = await Promise.all(
    companies.map(async (empresa) => {
      const [company, branches] = await Promise.all([repos.companies.find(empresa), repos.companies.branches(empresa)])
      return company
        ? branches.filter((b) => grantFor(user, empresa, b.COD_FILIAL)).map((branch) => ({ branch, company }))
        : []
    }),
  )
  return lists.flat()
}

/** Every active branch the user may work in (of an active company), across companies, in a stable order. */
export async function branchesOf(
  repos: Repositories,
  user: UserRecord,
): Promise<Array<BranchRecord & { NOME_EMPRESA: string }>> {
  return (await grantedBranches(repos, user))
    .filter(({ branch, company }) => branch.ACTIVE && company.ACTIVE)
    .map(({ branch, company }) => ({ ...branch, NOME_EMPRESA: company.NOME_EMPRESA }))
}

/**
 * The branches a user is given that are inactive (or whose company is): "Company — Branch" each.
 * A user left with none active is told which ones, not only that there is none.
 */
export async function inactiveBranchesOf(repos: Repositories, user: UserRecord): Promise<string[]> {
  return (await grantedBranches(repos, user))
    .filter(({ branch, company }) => !branch.ACTIVE || !company.ACTIVE)
    .map(({ branch, company }) => `${company.NOME_EMPRESA} — ${branch.NOM_FILIAL}`)
}

/**
 * The spec's default pick: the stored choice, else the main branch (FLG_PRINCIPAL 'S'),
 * else the first. `empresa` narrows it to one company when the caller named one.
 */
export function defaultBranch<T extends BranchRecord>(
  branches: T[],
  stored: { empresa: number; filial: number } | null,
  empresa?: number,
): T | null {
  const pool = empresa === undefined ? branches : branches.filter((b) => b.COD_EMPRESA === empresa)
  const storedPick = stored && pool.find((b) => b.COD_EMPRESA === stored.empresa && b.COD_FILIAL === stored.filial)
  if (storedPick) return storedPick
  const company = empresa ?? stored?.empresa ?? pool[0]?.COD_EMPRESA
  const inCompany = pool.filter((b) => b.COD_EMPRESA === company)
  const candidates = inCompany.length ? inCompany : pool
  return candidates.find((b) => b.FLG_PRINCIPAL === 'S') ?? candidates[0] ?? null
}

const idHeader = (value: string | undefined): number | null | 'invalid' => {
  if (value === undefined || value.trim() === '') return null
  if (!/^-?\d{1,9}$/.test(value.trim())) return 'invalid'
  const n = Number(value)
  return n === DEFAULT_ID ? null : n
}

/** Resolves X-Empresa / X-Filial against the user's grants; refuses what the user does not hold. */
export async function resolveTenant(
  repos: Repositories,
  user: UserRecord,
  empresaHeader?: string,
  filialHeader?: string,
): Promise<Tenant> {
  const empresa = idHeader(empresaHeader)
  const filial = idHeader(filialHeader)
  if (empresa === 'invalid' || filial === 'invalid')
    throw invalidFields({
      ...(empresa === 'invalid' ? { 'X-Empresa': ['must be a company id (a number)'] } : {}),
      ...(filial === 'invalid' ? { 'X-Filial': ['must be a branch id (a number)'] } : {}),
    })
  if (empresa !== null && !activeGrants(user).some((g) => g.empresa === empresa)) throw forbidden()
  if (empresa !== null && filial !== null) {
    // Both named (every call of a client that has picked): check just that branch.
    const grant = grantFor(user, empresa, filial)
    if (!grant) throw forbidden()
    const [company, branch] = await Promise.all([
      repos.companies.find(empresa),
      repos.companies.findBranch(empresa, filial),
    ])
    if (!company?.ACTIVE || !branch?.ACTIVE) throw forbidden()
    return { empresa, filial, grant }
  }
  const branches = await branchesOf(repos, user)
  let pick: BranchRecord | null
  if (filial !== null) {
    pick = branches.find((b) => b.COD_FILIAL === filial && (empresa === null || b.COD_EMPRESA === empresa)) ?? null
    if (!pick) throw forbidden()
  } else {
    pick = defaultBranch(branches, user.current, empresa ?? undefined)
    if (!pick) throw forbidden()
  }
  const grant = grantFor(user, pick.COD_EMPRESA, pick.COD_FILIAL)
  if (!grant) throw forbidden()
  return { empresa: pick.COD_EMPRESA, filial: pick.COD_FILIAL, grant }
}

/** resolveTenant for a signed-in request's headers (after requireAuth), once per page request (page-request.ts). */
export function requestTenant(deps: Deps, c: Context<AppEnv>): Promise<Tenant> {
  const user = c.get('auth').user
  const [empresa, filial] = [c.req.header('x-empresa'), c.req.header('x-filial')]
  return oncePerPage(c.env, `tenant\n${user.id}\n${empresa ?? ''}\n${filial ?? ''}`, () =>
    resolveTenant(deps.repos, user, empresa, filial),
  )
}

function forbidden() {
  return apiError(403, 'You do not have access to this company or branch')
}

/**
 * After requireAuth: the request's company and branch (the user's default for -1), checked
 * against the grants; then the operation's declared page level (bff/access.ts), before any
 * input is read.
 */
export function requireTenant(deps: Deps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await checkTenantAndPage(deps, c)
    await next()
  })
}

/**
 * requireTenant's checks, for a signed-in request (c.var.auth set): also run before an
 * Idempotency-Key's kept answer is given again (bff/lib/idempotency.ts), so a member who lost the
 * company or the page gets 403, not the answer.
 */
export async function checkTenantAndPage(deps: Deps, c: Context<AppEnv>): Promise<void> {
  if (!c.var.tenant) c.set('tenant', await requestTenant(deps, c))
  // once per request (requireAuth may have resolved the tenant already; areas may nest)
  if (c.var.pageChecked) return
  const access = accessOf(c.req.path)
  if (access?.kind === 'page' && !access.perRecord) {
    const level = (await levelsFor(deps, c.get('tenant'), c.get('auth').user.id, c.env))[access.page] ?? 'none'
    if (!atLeast(level, access.level ?? neededLevel(c.req.method))) throw apiError(403, FORBIDDEN_PAGE)
  }
  c.set('pageChecked', true)
}
