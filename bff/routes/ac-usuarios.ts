import { z } from 'zod'
import {
  newUser,
  officeLinkSetsPassword,
  WORK_DEFAULTS,
  type Grant,
  type UserRecord,
  type Work,
} from '../../domain/tenancy.ts'
import { users as userModule } from '../../domain/modules/ac-usuarios.ts'
import { LANGUAGES } from '../../domain/cultures.ts'
import { invitationLinkAnswer } from '../../domain/schemas/admin.ts'
import { wrapper } from '../../domain/schemas/common.ts'
import type { Deps } from '../lib/deps.ts'
import { fieldError, notFound, ruleError } from '../lib/errors.ts'
import { appLink, sendLink } from '../lib/outbox.ts'
import { invitationMail } from '../lib/invitation-mail.ts'
import { randomToken, sha256Hex } from '../lib/base64.ts'
import { apiErrorSchema, doc } from '../lib/openapi.ts'
import { callerOf, ok, resourceRoutes, type Caller, type ResourceServer } from '../lib/resource.ts'
import { requireTenant } from '../lib/tenancy.ts'
import { valid } from '../lib/validate.ts'

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
/** A link the office sees (`shown`) or one only e-mailed; `fresh`: the earlier ones stop working. */
type LinkKind = { shown: boolean; fresh: boolean }

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
  /**
   * A link of a person's invitation to the company, which chooses a password and accepts: one to
   * e-mail, or (`shown`) one the office sees to pass on. `fresh` first voids every earlier link of
   * an account that is nothing but this invitation (it has no password, so no session ends); an
   * account that has more (a password, another company's invitation) keeps its links and sessions,
   * and a link the office sees of it does not set its password (auth.ts).
   */
  const invitationLink = async (user: UserRecord, empresa: number, { shown, fresh }: LinkKind) => {
    const epoch =
      fresh && officeLinkSetsPassword(user, empresa)
        ? (await users.update(user.id, (u) => ({ ...u, sessionEpoch: u.sessionEpoch + 1 })))!.value.sessionEpoch
        : user.sessionEpoch
    const token = randomToken(32)
    await deps.repos.resetTokens.save(await sha256Hex(token), {
      userId: user.id,
      expiresAt: deps.now() + INVITATION_LINK_LIFETIME_MS,
      epoch,
      accept: empresa,
      ...(shown ? { shown: true } : {}),
    })
    return appLink(deps, `/reset-password?token=${token}&invited=1`)
  }
  /**
   * A person's invitation to the company by e-mail, in the language the company chose for them
   * (their own once they have an account): a link to choose a password, which also accepts; an
   * account whose password proves its mailbox signs in to accept instead. One whose password came
   * through a link the office saw chooses a new one from this e-mail to accept (invitations.ts).
   * Made before the answer; sent by `send` (the caller awaits it or not).
   */
  const invitationMailOf = async (user: UserRecord, empresa: number, { fresh }: { fresh: boolean }) => {
    const company = (await companies.find(empresa))?.NOME_EMPRESA ?? ''
    const invited = user.grants.find((g) => g.empresa === empresa)?.invited
    const signIn = Boolean(user.password && !user.mailboxUnproven)
    const person = {
      name: invited?.name ?? user.name,
      culture: user.password ? user.culture : (invited?.culture ?? user.culture),
      hasAccount: signIn,
    }
    const url = signIn ? appLink(deps, '/sign-in') : await invitationLink(user, empresa, { shown: false, fresh })
    const what = `invitation to ${company} (${signIn ? 'sign in to accept' : 'choose a password'})`
    return { send: () => sendLink(deps, user.email, what, url, invitationMail(person, company, url)) }
  }
  /** A pending invitation of this company: the person, or 404 / 409 (they have joined). */
  const pending = async (who: Caller, id: string) => {
    const found = await server.source.find(who, id)
    if (!found) throw notFound('User')
    if (!found.value.grants.find((g) => g.empresa === who.tenant.empresa)?.invited)
      throw ruleError(409, 'invitation_not_pending')
    return found.value
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
        if (await users.create(invited)) {
          void (await invitationMailOf(invited, empresa, { fresh: false })).send()
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
        void (await invitationMailOf(saved.value, empresa, { fresh: false })).send()
        return saved
      },
      update: (_who, id, fn, expectVersion) => users.update(id, fn, { expectVersion }),
    },
    create: {
      async make(who, input) {
        await checkBranch(who.tenant.empresa, input.filial)
        // the company's language unless the office chose another
        const company = await companies.find(who.tenant.empresa)
        const culture = input.culture ?? LANGUAGES.find((l) => l === company?.CULTURE) ?? 'en'
        const invitation = {
          name: input.name,
          culture,
          at: new Date(deps.now()).toISOString(),
          by: who.user.id,
        }
        return newUser(
          {
            name: input.name,
            email: input.email,
            culture,
            password: null,
            grants: [
              {
                empresa: who.tenant.empresa,
                filial: input.filial,
                role: input.role,
                invited: invitation,
                ...(input.skills?.length ? { work: { ...WORK_DEFAULTS, skills: input.skills } } : {}),
              },
            ],
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
  const idParam = z.object({ id: userModule.api.id })
  const answer = wrapper(invitationLinkAnswer)
  const note =
    'The answer has the same shape for every address, so it tells nothing about other companies or accounts (the link, once opened, does tell its holder whether it can set a password: see below). A link the office sees sets the password only of an account that is nothing but this company’s invitation (no password, no other company’s invitation), and then voids the earlier links; the link of any other account answers 400 `invitation_link_email_only` when opened (the person signs in, or uses the e-mailed link), and its sessions and other links are left as they are. A password set through such a link proves no mailbox: that account accepts no other invitation until it chooses a password from an e-mailed link. 409 `invitation_not_pending` once the person has joined. Needs the ac_usuarios page at edit.'
  return resourceRoutes(deps, userModule, server, (app) =>
    app
      .post(
        '/:id/invitation-link',
        doc({
          operationId: 'makeInvitationLink',
          summary: 'A fresh link of a pending invitation, to pass on',
          description: `Makes a new link of the person’s invitation to the company and answers it, for the office to copy and pass on (nothing is sent; \`emailed\` is false). ${note}`,
          tags: ['ac_usuarios'],
          responses: { 200: answer, 404: apiErrorSchema, 409: apiErrorSchema },
        }),
        requireTenant(deps),
        valid('param', idParam),
        async (c) => {
          const who = callerOf(deps, c)
          const user = await pending(who, c.req.valid('param').id)
          const url = await invitationLink(user, who.tenant.empresa, { shown: true, fresh: true })
          return c.json(ok({ url, emailed: false }, 'Invitation link made'))
        },
      )
      .post(
        '/:id/resend-invitation',
        doc({
          operationId: 'resendInvitation',
          summary: 'Send a pending invitation again',
          description: `E-mails the person’s invitation again when a mail server is set: a new link to choose a password, or, for an account that has one of its own, a request to sign in and accept. \`emailed\` says whether an e-mail carried it — never true when nothing went out, and then \`url\` is a link for the office to pass on (null when e-mailed). ${note}`,
          tags: ['ac_usuarios'],
          responses: { 200: answer, 404: apiErrorSchema, 409: apiErrorSchema },
        }),
        requireTenant(deps),
        valid('param', idParam),
        async (c) => {
          const who = callerOf(deps, c)
          const user = await pending(who, c.req.valid('param').id)
          const emailed = await (await invitationMailOf(user, who.tenant.empresa, { fresh: true })).send()
          // nothing went out: a link for the office to pass on instead (of the account as the e-mail left it)
          const now = (await users.findById(user.id))?.value ?? user
          const url = emailed ? null : await invitationLink(now, who.tenant.empresa, { shown: true, fresh: false })
          return c.json(ok({ url, emailed }, emailed ? 'Invitation sent' : 'The invitation could not be e-mailed'))
        },
      ),
  )
}
