import { newUser, WORK_DEFAULTS, type Grant, type UserRecord, type Work } from '../../domain/tenancy.ts'
import { users as userModule } from '../../domain/modules/ac-usuarios.ts'
import type { Caller } from '../lib/resource.ts'
import type { Deps } from '../lib/deps.ts'
import { fieldError, ruleError } from '../lib/errors.ts'
import { appLink, sendLink } from '../lib/outbox.ts'
import { randomToken, sha256Hex } from '../lib/base64.ts'
import { resourceRoutes, type ResourceServer } from '../lib/resource.ts'

/** The person as seen from one company: their grant there decides role, branch and whether they are active there; until they accept, the name and language the company typed. */
function rowIn(user: UserRecord, empresa: number) {
  const grant = user.grants.find((g) => g.empresa === empresa)!
  const invited = grant.invited
  return {
    id: user.id,
    name: invited?.name ?? user.name,
    email: user.email,
    culture: invited?.culture ?? user.culture,
    role: grant.role,
    filial: grant.filial,
    active: user.active && grant.active !== false,
    invited: Boolean(invited),
    ...WORK_DEFAULTS,
    ...grant.work,
  } as const
}

/** The person's one grant in this company replaced (an invitation stays one until accepted). Access is checked per request, so a disabled grant stops counting at once, in this company only. */
function applyGrant(
  user: UserRecord,
  empresa: number,
  grant: { role: Grant['role']; filial: Grant['filial']; active: boolean; work?: Work },
): UserRecord {
  const before = user.grants.find((g) => g.empresa === empresa)
  const work = grant.work ?? before?.work
  const next: Grant = {
    empresa,
    filial: grant.filial,
    role: grant.role,
    ...(grant.active ? {} : { active: false }),
    ...(before?.invited ? { invited: before.invited } : {}),
    ...(work ? { work } : {}),
  }
  return { ...user, grants: [...user.grants.filter((g) => g.empresa !== empresa), next] }
}

/** An invitation link (its first password) lives a week. */
const INVITATION_LINK_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000

/**
 * ac_usuarios (docs/domain.md): the people of the current company (from the company's index). A
 * company manages a person's access to it — grant, role, branch, active there — never their
 * name, e-mail, language or password, which are the person's own. Adding an address invites
 * it: a new address gets an account without a password and a link to choose one (which also
 * accepts); an existing account sees the invitation after signing in. The answer is the same
 * either way, so the call tells nobody whether an account exists.
 */
export function userRoutes(deps: Deps) {
  const { users, companies } = deps.repos
  const checkBranch = async (empresa: number, filial: Grant['filial']) => {
    if (filial !== 'all' && !(await companies.findBranch(empresa, filial)))
      throw fieldError('filial', 'branch_of_company')
  }
  const notYourself = (who: Caller, id: string, active: boolean) => {
    if (id === who.user.id && !active) throw ruleError(400, 'not_yourself')
  }
  const server = {
    toRow: (user, who) => rowIn(user, who.tenant.empresa),
    idOf: (user) => user.id,
    source: {
      list: async (who) => (await users.members(who.tenant.empresa)).map((u) => u.value),
      async find(who, id) {
        const found = await users.findById(id)
        return found && found.value.grants.some((g) => g.empresa === who.tenant.empresa) ? found : null
      },
      async insert(who, invited) {
        const { empresa } = who.tenant
        const company = (await companies.find(empresa))!.NOME_EMPRESA
        if (await users.create(invited)) {
          const token = randomToken(32)
          await deps.repos.resetTokens.save(await sha256Hex(token), {
            userId: invited.id,
            expiresAt: deps.now() + INVITATION_LINK_LIFETIME_MS,
            epoch: invited.sessionEpoch,
            accept: empresa,
          })
          void sendLink(
            deps,
            invited.email,
            `invitation to ${company} (choose a password)`,
            appLink(deps, `/reset-password?token=${token}&invited=1`),
          )
          return (await users.findById(invited.id))!
        }
        const existing = (await users.findByEmail(invited.email))!
        const grant = invited.grants[0]
        let member = false
        const saved = await users.update(existing.value.id, (u) => {
          member = u.grants.some((g) => g.empresa === empresa)
          return member ? u : { ...u, grants: [...u.grants, grant] }
        })
        // already in this company: the company sees its own people, so saying so tells nothing new
        if (member || !saved) throw fieldError('email', 'already_member')
        void sendLink(deps, invited.email, `invitation to ${company} (sign in to accept)`, appLink(deps, '/sign-in'))
        return saved
      },
      update: (_who, id, fn, expectVersion) => users.update(id, fn, { expectVersion }),
    },
    create: {
      async make(who, input) {
        await checkBranch(who.tenant.empresa, input.filial)
        const invitation = {
          name: input.name,
          culture: input.culture,
          at: new Date(deps.now()).toISOString(),
          by: who.user.id,
        }
        return newUser(
          {
            name: input.name,
            email: input.email,
            culture: input.culture,
            password: null,
            grants: [{ empresa: who.tenant.empresa, filial: input.filial, role: input.role, invited: invitation }],
          },
          deps.now(),
        )
      },
    },
    edit: {
      async apply(who, user, input, id) {
        const { empresa } = who.tenant
        const grant = user.grants.find((g) => g.empresa === empresa)!
        // what the input names replaces what the grant had (a partial change names some)
        const { color, skills, workWeek, workStart, workEnd } = input
        const given = Object.fromEntries(
          Object.entries({ color, skills, workWeek, workStart, workEnd }).filter(([, v]) => v !== undefined),
        )
        const work: Work = { ...WORK_DEFAULTS, ...grant.work, ...given }
        if (work.workEnd <= work.workStart) throw fieldError('workEnd', 'end_before_start')
        const next = {
          role: input.role ?? grant.role,
          filial: input.filial ?? grant.filial,
          active: input.active ?? grant.active !== false,
          work,
        }
        await checkBranch(empresa, next.filial)
        notYourself(who, id, next.active)
        return applyGrant(user, empresa, next)
      },
    },
    deactivate: {
      set(who, user, active, id) {
        notYourself(who, id, active)
        const grant = user.grants.find((g) => g.empresa === who.tenant.empresa)!
        return applyGrant(user, who.tenant.empresa, { role: grant.role, filial: grant.filial, active })
      },
    },
  } satisfies ResourceServer<typeof userModule, UserRecord>
  return resourceRoutes(deps, userModule, server)
}
