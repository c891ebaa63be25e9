import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv, Deps } from '../lib/deps.ts'
import { requireAuth } from '../lib/auth.ts'
import { notFound, ruleError } from '../lib/errors.ts'
import { apiErrorSchema, doc } from '../lib/openapi.ts'
import { valid } from '../lib/validate.ts'
import {
  acceptInvitation,
  declineInvitation,
  pendingInvitations,
  ROLES,
  type UserRecord,
} from '../../domain/tenancy.ts'

const tags = ['common']
const invitationSchema = z.object({ empresa: z.number(), company: z.string(), role: z.enum(ROLES), at: z.string() })
const answerSchema = z.array(invitationSchema)
const companyParam = z.object({ empresa: z.coerce.number().int().positive() })

/**
 * api/common/invitations: the companies that invited the signed-in person (an administrator
 * added their address), which they accept (the company's access counts from then) or decline.
 */
export function invitationRoutes(deps: Deps) {
  const { users, companies } = deps.repos
  const list = async (grants: ReturnType<typeof pendingInvitations>) =>
    (
      await Promise.all(
        grants.map(async (g) => ({
          empresa: g.empresa,
          company: (await companies.find(g.empresa))?.NOME_EMPRESA ?? '',
          role: g.role,
          at: g.invited!.at,
        })),
      )
    ).sort((a, b) => a.at.localeCompare(b.at))
  const decide = async (user: UserRecord, empresa: number, change: (u: UserRecord, empresa: number) => UserRecord) => {
    if (!pendingInvitations(user).some((g) => g.empresa === empresa)) throw notFound('Invitation')
    // whoever holds a password the office could see may not take what another company offers the mailbox's owner
    if (change === acceptInvitation && user.mailboxUnproven) throw ruleError(403, 'email_unconfirmed')
    const saved = await users.update(user.id, (u) => change(u, empresa))
    return list(pendingInvitations(saved?.value ?? user))
  }
  return new Hono<AppEnv>()
    .use(requireAuth(deps))
    .get(
      '/',
      doc({
        operationId: 'listInvitations',
        description: 'The companies that invited the signed-in person and wait for an answer, oldest first.',
        summary: 'The invitations waiting for the signed-in person, oldest first',
        tags,
        responses: { 200: answerSchema },
      }),
      async (c) => c.json(await list(pendingInvitations(c.get('auth').user))),
    )
    .post(
      '/:empresa/accept',
      doc({
        operationId: 'acceptInvitation',
        description:
          'Accepts a company’s invitation: the access it gives counts from now. Answers the invitations left; 404 when there is no invitation from that company; 403 `email_unconfirmed` while the account’s password is one set through a link an office could copy (it proves no mailbox): the person first chooses a password from an e-mailed link (the invitation’s, or a reset’s).',
        summary: "Accept a company's invitation: its access counts from now; answers those left",
        tags,
        responses: { 200: answerSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      }),
      valid('param', companyParam),
      async (c) => c.json(await decide(c.get('auth').user, c.req.valid('param').empresa, acceptInvitation)),
    )
    .post(
      '/:empresa/decline',
      doc({
        operationId: 'declineInvitation',
        description:
          'Declines a company’s invitation. Answers the invitations left; 404 when there is no invitation from that company.',
        summary: "Decline a company's invitation; answers those left",
        tags,
        responses: { 200: answerSchema, 404: apiErrorSchema },
      }),
      valid('param', companyParam),
      async (c) => c.json(await decide(c.get('auth').user, c.req.valid('param').empresa, declineInvitation)),
    )
}
