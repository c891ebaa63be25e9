import { Hono, type Context } from 'hono'
import type { AppEnv, Deps } from '../lib/deps.ts'
import { authenticate, bearerToken, requireAuth } from '../lib/auth.ts'
import { apiError, ruleError } from '../lib/errors.ts'
import { apiErrorSchema } from '../lib/openapi.ts'
import { simulatedDelay } from '../lib/latency.ts'
import { hashPassword } from '../lib/passwords.ts'
import { checkCredentials as checkCredentialsOf, openSession as openSessionFor } from '../lib/sign-in.ts'
import { mayMail, requireAccountRequestAllowed } from '../lib/account-requests.ts'
import { randomToken, sha256Hex } from '../lib/base64.ts'
import { signAccessToken } from '../lib/tokens.ts'
import { valid } from '../lib/validate.ts'
import { requireStrongPassword } from '../lib/password-strength.ts'
import { z } from 'zod'
import { doc } from '../lib/openapi.ts'
import {
  forgotPasswordSchema,
  proofChallengeSchema,
  refreshAnswerSchema,
  resetLinkAnswer,
  resetLinkSchema,
  resetPasswordSchema,
  signInAnswerSchema,
  signInSchema,
  signUpLinkAnswerSchema,
  signUpSchema,
  signUpTokenSchema,
  tokenSignInSchema,
} from '../../domain/schemas/auth.ts'
import { acceptInvitation, officeLinkSetsPassword, publicUser, type UserRecord } from '../../domain/tenancy.ts'
import type { ResetTokenRecord } from '../../storage/repositories/reset-tokens.ts'
import { confirmSignUp, requestSignUp, tellAccountExists, unusedSignUp } from '../lib/sign-up.ts'
import { appLink, sendLink } from '../lib/outbox.ts'

const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000

/** A reset or invitation link that is unknown, spent, expired or voided by a later one. */
const invalidLink = () =>
  apiError(400, 'This reset link is invalid or has expired.', { token: ['This reset link is invalid or has expired.'] })

/**
 * A valid link and its account. One the office saw sets a password only while the account is
 * nothing but that company's invitation, whatever it became since the link was made (another
 * company's invitation, a password): else 400 invitation_link_email_only.
 */
async function linkAccount(deps: Deps, record: ResetTokenRecord | null) {
  const user = record && (await deps.repos.users.findById(record.userId))
  // a link made before the last reset, password change or disabling is void
  if (!record || !user || user.value.sessionEpoch !== record.epoch) throw invalidLink()
  if (record.shown && !officeLinkSetsPassword(user.value, record.accept))
    throw ruleError(400, 'invitation_link_email_only')
  return { record, user: user.value }
}

/** The refusals of sign-up, forgot-password and confirmSignUp under flood (bff/lib/account-requests.ts). */
const accountRequestRefusal = apiErrorSchema.extend({ proof: proofChallengeSchema.optional() })
const FLOOD =
  'Too many requests from one address (10 in 15 minutes): 429 `too_many_requests`, with the true seconds until it may ask again in Retry-After. Past 100 such requests in 10 minutes from everyone, 429 `proof_of_work_required` with a `proof` to solve: sent again with its Proof-Of-Work header, the request goes on (Retry-After: when no proof will be asked).'

/** api/auth: sign-in and everything around it (docs/demo-apis.md §7 Authentication, §8, §9). */
export function authRoutes(deps: Deps) {
  const { repos, config } = deps
  const openSession = (user: UserRecord) => openSessionFor(deps, user)
  const checkCredentials = (c: Context, email: string, password: string) => checkCredentialsOf(deps, c, email, password)

  return new Hono<AppEnv>()
    .post(
      '/sign-in',
      doc({
        operationId: 'signIn',
        example: { email: 'admin@demo.fieldservice.app', password: 'demo-admin-2026' },
        description:
          'Checks the e-mail and password and opens a session: answers the user and an access token (a JWT valid 7 days) for Authorization: Bearer. Wrong credentials answer 404 with the body false (the demo contract); too many attempts from one address or on one account, 429.',
        summary: 'Sign in with e-mail and password',
        tags: ['auth'],
        auth: false,
        responses: { 200: signInAnswerSchema, 404: z.literal(false), 429: apiErrorSchema },
      }),
      valid('json', signInSchema),
      async (c) => {
        await simulatedDelay(config.simulateLatency, 1500)
        const { email, password } = c.req.valid('json')
        return c.json(await openSession(await checkCredentials(c, email, password)))
      },
    )
    .post(
      '/unlock-session',
      doc({
        operationId: 'unlockSession',
        example: { email: 'admin@demo.fieldservice.app', password: 'demo-admin-2026' },
        description:
          'The lock screen: the same check as signIn, for the signed-in person, answering a fresh token. Wrong credentials answer 404 false; too many attempts, 429.',
        summary: 'Unlock a locked session with the credentials',
        tags: ['auth'],
        auth: false,
        responses: { 200: signInAnswerSchema, 404: z.literal(false), 429: apiErrorSchema },
      }),
      valid('json', signInSchema),
      async (c) => {
        await simulatedDelay(config.simulateLatency, 1500)
        const { email, password } = c.req.valid('json')
        return c.json(await openSession(await checkCredentialsOf(deps, c, email, password, { inAll: true })))
      },
    )
    .post(
      '/sign-in-with-token',
      doc({
        operationId: 'signInWithToken',
        example: { accessToken: 'eyJhbGciOiJIUzI1NiJ9.e30.signature' },
        description:
          'Exchanges a valid access token for a fresh one of the same session, with the user. 401 when the token is not valid (expired, revoked, forged).',
        summary: 'Sign in with a token; answers a fresh one',
        tags: ['auth'],
        auth: false,
        responses: { 200: signInAnswerSchema, 401: apiErrorSchema },
      }),
      valid('json', tokenSignInSchema),
      async (c) => {
        const auth = await authenticate(deps, c.req.valid('json').accessToken)
        if (!auth) throw apiError(401, 'Invalid token')
        const accessToken = await signAccessToken(
          { sub: auth.user.id, sid: auth.session.id },
          deps.secret,
          Math.floor(deps.now() / 1000),
        )
        return c.json({ user: publicUser(auth.user), accessToken, tokenType: 'bearer' as const })
      },
    )
    .post(
      '/refresh-access-token',
      doc({
        operationId: 'refreshAccessToken',
        description:
          'The real backend’s refresh: the bearer token in, a new token of the same session out, in the wrapper (Dados.Token). 401 when the token is not valid.',
        summary: 'A new token for the current session (bearer token in)',
        tags: ['auth'],
        responses: { 200: refreshAnswerSchema },
      }),
      async (c) => {
        // The real backend's refresh: the current token in, a new one out, in its wrapper.
        const token = bearerToken(c.req.header('authorization'))
        const auth = token ? await authenticate(deps, token) : null
        if (!auth) throw apiError(401, 'Invalid token')
        const Token = await signAccessToken(
          { sub: auth.user.id, sid: auth.session.id },
          deps.secret,
          Math.floor(deps.now() / 1000),
        )
        return c.json({ IsSuccess: true, Dados: { Token }, Msg: '' })
      },
    )
    .post(
      '/sign-up',
      doc({
        operationId: 'signUp',
        example: {
          name: 'Ana Souza',
          email: 'ana.souza@example.com',
          password: 'Blue-Harbor-Lantern-47',
          company: 'Souza Refrigeração',
          country: 'BR',
          currency: 'BRL',
          culture: 'pt',
          timeZone: 'America/Sao_Paulo',
          branch: 'Matriz',
          agreements: true,
        },
        description: `Founds a company: the person (name, e-mail, a password of 8 characters at least, not a common one) and their company (name, country, currency, language, time zone, the main branch’s name), who accepts the terms of service and the privacy policy (\`agreements: true\`; without it, 400 \`agreements_required\` at the field). Nothing is created yet: a link to confirm the e-mail is sent to it (in the company’s language), and confirmSignUp creates the company, its main branch and the person as its admin. Answers true whether or not the e-mail is taken, so sign-up does not reveal accounts. Outside production with no mail server, the link comes back in the Confirmation-Link header, for the person to follow. 403 sign_up_closed when the server takes no sign-ups (SIGNUP, closed by default in production). At most 5 e-mails an hour go to one address (past it, the same answer and nothing sent). ${FLOOD}`,
        summary: 'Sign up and found a company (confirmed by an e-mailed link)',
        tags: ['auth'],
        auth: false,
        responses: { 200: z.literal(true), 403: apiErrorSchema, 429: accountRequestRefusal },
      }),
      valid('json', signUpSchema),
      async (c) => {
        await simulatedDelay(config.simulateLatency, 1500)
        if (!config.signUpOpen) throw ruleError(403, 'sign_up_closed')
        const input = c.req.valid('json')
        await requireStrongPassword('password', input.password, [input.name, input.email])
        await requireAccountRequestAllowed(deps, c, input.email)
        if (!(await mayMail(deps, input.email))) return c.json(true)
        // hashed either way: the time of the answer does not tell whether the e-mail is taken
        const password = await hashPassword(input.password, deps.config.passwordIterations)
        // The same answer whether or not the e-mail was taken, so sign-up does not reveal accounts.
        const existing = await repos.users.findByEmail(input.email)
        if (existing) {
          tellAccountExists(deps, existing.value)
          return c.json(true)
        }
        const link = await requestSignUp(deps, input, password)
        if (link) c.header('Confirmation-Link', link)
        return c.json(true)
      },
    )
    .post(
      '/sign-up-link',
      doc({
        operationId: 'signUpLink',
        example: { token: 'Xy7Qm2Lp9Rt4Vw8Zk3Nb6Hc1' },
        description:
          'What a sign-up’s confirmation link will create, without using it: the company’s name and language (its page speaks that language). 400 sign_up_link_invalid when the link is unknown or expired, sign_up_link_used once it founded its company; 403 sign_up_closed while sign-up is closed.',
        summary: 'The company a confirmation link founds (the link is not used)',
        tags: ['auth'],
        auth: false,
        responses: { 200: signUpLinkAnswerSchema },
      }),
      valid('json', signUpTokenSchema),
      async (c) => {
        const pending = await unusedSignUp(deps, c.req.valid('json').token)
        return c.json({ company: pending.company.company, culture: pending.culture })
      },
    )
    .post(
      '/confirm-sign-up',
      doc({
        operationId: 'confirmSignUp',
        example: { token: 'Xy7Qm2Lp9Rt4Vw8Zk3Nb6Hc1' },
        description: `Confirms a sign-up with its e-mailed link: creates the company, its main branch and the person as its admin of all branches, and opens a session (the user and an access token, as signIn). Sent again (a double click, a lost answer), it founds nothing more and answers the same session within 10 minutes, while the account is unchanged and the session lasts; later, or once the person signed out, 400 sign_up_link_used (sign in instead). 400 sign_up_link_invalid when the link is unknown or expired; 409 email_registered when an account with the e-mail was made meanwhile; 403 sign_up_closed while sign-up is closed. ${FLOOD}`,
        summary: 'Confirm a sign-up: found the company and sign in',
        tags: ['auth'],
        auth: false,
        responses: { 200: signInAnswerSchema, 409: apiErrorSchema, 429: accountRequestRefusal },
      }),
      valid('json', signUpTokenSchema),
      async (c) => {
        const { token } = c.req.valid('json')
        await requireAccountRequestAllowed(deps, c, token)
        return c.json(await confirmSignUp(deps, token))
      },
    )
    .post(
      '/forgot-password',
      doc({
        operationId: 'forgotPassword',
        example: { email: 'ana.souza@example.com' },
        description: `Sends a one-time link to set a new password (valid one hour) to an active account’s e-mail; with no mail server, outside production, to the server log (never in production). Answers true either way; at most 5 e-mails an hour go to one address (past it, the links sent still work, and nothing more is sent). ${FLOOD}`,
        summary: 'Send a one-time reset link by e-mail',
        tags: ['auth'],
        auth: false,
        responses: { 200: z.literal(true), 429: accountRequestRefusal },
      }),
      valid('json', forgotPasswordSchema),
      async (c) => {
        await simulatedDelay(config.simulateLatency, 1000)
        const { email } = c.req.valid('json')
        await requireAccountRequestAllowed(deps, c, email)
        if (!(await mayMail(deps, email))) return c.json(true)
        const found = await repos.users.findByEmail(email)
        if (found?.value.active) {
          const token = randomToken(32)
          await repos.resetTokens.save(await sha256Hex(token), {
            userId: found.value.id,
            expiresAt: deps.now() + RESET_LINK_LIFETIME_MS,
            epoch: found.value.sessionEpoch,
          })
          void sendLink(deps, email, 'password reset link', appLink(deps, `/reset-password?token=${token}`))
        }
        return c.json(true)
      },
    )
    .post(
      '/reset-link',
      doc({
        operationId: 'readResetLink',
        example: { token: 'Xy7Qm2Lp9Rt4Vw8Zk3Nb6Hc1' },
        description:
          'What the page of a reset or invitation link shows, without spending the link: the language it speaks (an invitation’s is the one the company typed for the person), whether it is an invitation, and of which company. Never the e-mail. 400 when the link is invalid, spent or expired (the same answer as a reset with it); 400 `invitation_link_email_only` for an invitation’s link the office copied, of an account that is more than that company’s invitation (a password, another company’s invitation): the person signs in, or uses the e-mailed link.',
        summary: 'Read what a reset or invitation link is, without spending it',
        tags: ['auth'],
        auth: false,
        responses: { 200: resetLinkAnswer, 400: apiErrorSchema },
      }),
      valid('json', resetLinkSchema),
      async (c) => {
        const { token } = c.req.valid('json')
        const { record, user } = await linkAccount(
          deps,
          await repos.resetTokens.find(await sha256Hex(token), deps.now()),
        )
        const grant = record.accept === undefined ? undefined : user.grants.find((g) => g.empresa === record.accept)
        // an invitation accepted or withdrawn since: the link only sets a password now
        const invitation = grant?.invited
        const company = invitation ? await repos.companies.find(grant.empresa) : null
        return c.json(
          resetLinkAnswer.parse({
            culture: invitation?.culture ?? user.culture,
            invited: Boolean(invitation),
            ...(company ? { company: company.NOME_EMPRESA } : {}),
          }),
        )
      },
    )
    .post(
      '/reset-password',
      doc({
        operationId: 'resetPassword',
        example: { token: 'Xy7Qm2Lp9Rt4Vw8Zk3Nb6Hc1', password: 'Blue-Harbor-Lantern-47' },
        description:
          'Sets a new password with the token of a reset link; the link is spent and every open session of the account ends. An invitation’s link also accepts it, and on its first password `culture` (the language the person read the invitation in) becomes the account’s. A password set through a link the office copied proves no mailbox: that account accepts no invitation until it sets one from an e-mailed link. 400 when the link is invalid, spent or expired, or the password is too weak or common; 400 `invitation_link_email_only` as for readResetLink.',
        summary: 'Set a new password with a reset link; ends open sessions',
        tags: ['auth'],
        auth: false,
        // the account's e-mail, for its sign-in (the link's holder has just chosen its password)
        responses: { 200: z.object({ email: z.email() }) },
      }),
      valid('json', resetPasswordSchema),
      async (c) => {
        await simulatedDelay(config.simulateLatency, 1000)
        const { token, password, culture } = c.req.valid('json')
        const hashed = await sha256Hex(token)
        // judged before the link is spent: a weak password leaves the link to try again
        const holder = (await linkAccount(deps, await repos.resetTokens.find(hashed, deps.now()))).user
        await requireStrongPassword('password', password, [holder.name, holder.email])
        const { record, user } = await linkAccount(deps, await repos.resetTokens.consume(hashed, deps.now()))
        const { accept, shown } = record
        const hash = await hashPassword(password, deps.config.passwordIterations)
        // A new password ends every open session of the account; an invitation's link also accepts it.
        // An invitation's first password: the language the person read it in (they may have picked another) is theirs.
        const first = !user.password && accept !== undefined
        await repos.users.update(user.id, (current) => {
          // checked again in the write: the account may have changed while the password was hashed
          if (current.sessionEpoch !== record.epoch) throw invalidLink()
          if (shown && !officeLinkSetsPassword(current, accept)) throw ruleError(400, 'invitation_link_email_only')
          const { mailboxUnproven: _, ...u } = current
          return {
            ...acceptInvitation(u, accept),
            ...(first && culture ? { culture } : {}),
            password: hash,
            sessionEpoch: u.sessionEpoch + 1,
            // an e-mailed link proves the mailbox; one the office saw does not
            ...(shown ? { mailboxUnproven: true as const } : {}),
          }
        })
        return c.json({ email: user.email })
      },
    )
    .post(
      '/sign-out',
      doc({
        operationId: 'signOut',
        description: 'Ends the session of the bearer token: the token no longer works, on any device that holds it.',
        summary: 'Revoke the current session',
        tags: ['auth'],
        responses: { 200: z.literal(true) },
      }),
      requireAuth(deps),
      async (c) => {
        await repos.sessions.revoke(c.get('auth').session.id)
        return c.json(true)
      },
    )
}
