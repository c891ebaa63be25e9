import type { Culture } from '../../domain/cultures.ts'
import type { SignUpInput } from '../../domain/schemas/auth.ts'
import { mainBranch, newUser, type PasswordHash, type UserRecord } from '../../domain/tenancy.ts'
import type { SignUpRecord } from '../../storage/repositories/sign-ups.ts'
import { randomToken, sha256Hex } from './base64.ts'
import type { Deps, MailMessage } from './deps.ts'
import { ruleError } from './errors.ts'
import { appLink, sendLink } from './outbox.ts'
import { openSession, sessionAnswer } from './sign-in.ts'

/** A sign-up's confirmation link lives two days. */
const SIGN_UP_LINK_LIFETIME_MS = 2 * 24 * 60 * 60 * 1000

// The e-mail's words in the language the person chose for their company.
const WORDS: Record<Culture, (name: string, company: string, link: string) => Omit<MailMessage, 'to'>> = {
  en: (name, company, link) => ({
    subject: `Confirm your e-mail to create ${company}`,
    text: `Hello ${name},\n\nConfirm your e-mail address to create ${company} in Fieldwise and start working:\n${link}\n\nThe link works for two days. If you did not sign up, ignore this e-mail: nothing is created.\n`,
  }),
  es: (name, company, link) => ({
    subject: `Confirma tu correo para crear ${company}`,
    text: `Hola ${name}:\n\nConfirma tu correo electrónico para crear ${company} en Fieldwise y empezar a trabajar:\n${link}\n\nEl enlace vale dos días. Si no te registraste, ignora este correo: no se crea nada.\n`,
  }),
  pt: (name, company, link) => ({
    subject: `Confirme seu e-mail para criar ${company}`,
    text: `Olá, ${name}.\n\nConfirme seu endereço de e-mail para criar ${company} no Fieldwise e começar a trabalhar:\n${link}\n\nO link vale por dois dias. Se você não se cadastrou, ignore este e-mail: nada é criado.\n`,
  }),
}

// To an address that has an account already: the sign-up answered as for any other, and this says why no link came.
const ACCOUNT_EXISTS: Record<Culture, (name: string, link: string) => Omit<MailMessage, 'to'>> = {
  en: (name, link) => ({
    subject: 'You already have a Fieldwise account',
    text: `Hello ${name},\n\nSomeone (you, perhaps) tried to sign up with this e-mail, which has a Fieldwise account already. Sign in, or reset your password there if you forgot it:\n${link}\n\nIf it was not you, ignore this e-mail: nothing changed.\n`,
  }),
  es: (name, link) => ({
    subject: 'Ya tienes una cuenta en Fieldwise',
    text: `Hola ${name}:\n\nAlguien (quizá tú) intentó registrarse con este correo, que ya tiene una cuenta en Fieldwise. Inicia sesión, o restablece allí tu contraseña si la olvidaste:\n${link}\n\nSi no fuiste tú, ignora este correo: nada cambió.\n`,
  }),
  pt: (name, link) => ({
    subject: 'Você já tem uma conta no Fieldwise',
    text: `Olá, ${name}.\n\nAlguém (talvez você) tentou se cadastrar com este e-mail, que já tem uma conta no Fieldwise. Entre, ou redefina lá sua senha se a esqueceu:\n${link}\n\nSe não foi você, ignore este e-mail: nada mudou.\n`,
  }),
}

/** A sign-up of an address that has an account: no link, an e-mail that says so (not awaited, as the link's is not). */
export function tellAccountExists(deps: Deps, user: UserRecord) {
  const link = appLink(deps, '/sign-in')
  void sendLink(deps, user.email, 'sign-up of an existing account', link, ACCOUNT_EXISTS[user.culture](user.name, link))
}

/**
 * A sign-up waits for its e-mail: the person, their password and their company are kept under
 * the hash of a link sent to that address, and nothing exists until the link is used (no account
 * nobody can prove is theirs, no company without its admin). Answers the link only where it may
 * be shown to the person: outside production, with no mail server to carry it.
 */
export async function requestSignUp(deps: Deps, input: SignUpInput, password: PasswordHash): Promise<string | null> {
  const token = randomToken(32)
  const { name, email, password: _typed, culture, agreements: _agreements, ...company } = input
  await deps.repos.signUps.save(await sha256Hex(token), {
    name,
    email,
    culture,
    password,
    company: { ...company, culture },
    expiresAt: deps.now() + SIGN_UP_LINK_LIFETIME_MS,
  })
  const link = appLink(deps, `/confirm-email?token=${token}`)
  // not awaited: the answer's time would tell a new address from a taken one (without a mail server it is only logged)
  void sendLink(deps, email, 'sign-up confirmation link', link, WORDS[culture](name, company.company, link))
  return deps.mailer || deps.config.production ? null : link
}

/** A confirmation answered again (a double click, a lost answer) signs in for this long after it founded the company. */
const ANSWERED_AGAIN_MS = 10 * 60 * 1000

/** The pending sign-up of a confirmation link, or 400 sign_up_link_invalid (403 while sign-up is closed). */
export async function pendingSignUp(deps: Deps, token: string): Promise<SignUpRecord> {
  if (!deps.config.signUpOpen) throw ruleError(403, 'sign_up_closed')
  const pending = await deps.repos.signUps.find(await sha256Hex(token), deps.now())
  if (!pending) throw ruleError(400, 'sign_up_link_invalid')
  return pending
}

/** What a link's page shows before it is used; 400 sign_up_link_used once it founded its company (sign in instead). */
export async function unusedSignUp(deps: Deps, token: string): Promise<SignUpRecord> {
  const pending = await pendingSignUp(deps, token)
  if (pending.founded) throw ruleError(400, 'sign_up_link_used')
  return pending
}

/**
 * The confirmation founds the company: the person as its admin in all its branches, the company
 * and its main branch, and signs them in. Each step is written so that it may run again: the
 * numbers, the person's id and their session's id are claimed on the sign-up first, so a
 * confirmation sent twice (a double click, a lost answer, a crash half-way) makes one company and
 * one account. The account comes first: it claims the e-mail, so of two sign-ups of one address
 * confirmed at once the second founds nothing. Sent again, it answers that one session, only
 * within minutes, while the account is as it was founded and the session lasts: the link is no
 * lasting key to the account, and signing out ends it.
 */
export async function confirmSignUp(deps: Deps, token: string) {
  const { users, companies, signUps } = deps.repos
  const hash = await sha256Hex(token)
  const pending = await pendingSignUp(deps, token)
  let claimed = pending.founded
  if (!claimed && (await users.findByEmail(pending.email))) {
    // the account may be this link's, made by a confirmation that ran at the same time
    claimed = (await pendingSignUp(deps, token)).founded
    if (!claimed) throw ruleError(409, 'email_registered')
  }
  claimed ??= (
    await signUps.claim(hash, {
      empresa: await companies.nextNumber(),
      filial: await companies.nextBranchNumber(),
      userId: crypto.randomUUID(),
      at: deps.now(),
      session: randomToken(18),
    })
  )?.founded
  if (!claimed) throw ruleError(400, 'sign_up_link_invalid')
  const { empresa, filial, userId } = claimed
  const user = (await users.findById(userId))?.value ?? (await createAdmin(deps, pending, claimed))
  const { company } = pending
  if (!(await companies.find(empresa)))
    await companies.save({
      COD_EMPRESA: empresa,
      NOME_EMPRESA: company.company,
      RAZAO_SOCIAL: company.legalName || company.company,
      CNPJ: '',
      COUNTRY: company.country,
      CURRENCY: company.currency,
      CULTURE: company.culture,
      TIME_ZONE: company.timeZone,
      ID_ARQUIVO: null,
      URL_LOGO: null,
      ACTIVE: true,
    })
  if (!(await companies.findBranch(empresa, filial)))
    await companies.saveBranch(mainBranch(empresa, filial, company.branch || company.company, company.timeZone))
  const used = () => ruleError(400, 'sign_up_link_used')
  // a claim from before the link had its one session: it is used
  if (deps.now() - claimed.at > ANSWERED_AGAIN_MS || user.sessionEpoch !== 0 || !claimed.session) throw used()
  if (!claimed.opened) {
    const answer = await openSession(deps, user, claimed.session)
    await signUps.opened(hash)
    return answer
  }
  // answered again: the same session, while it lasts (a sign-out ended it)
  const session = await deps.repos.sessions.find(claimed.session)
  if (!session || session.epoch !== user.sessionEpoch || Date.parse(session.expiresAt) <= deps.now()) throw used()
  return sessionAnswer(deps, user, session)
}

/** The founding person's account; 409 email_registered when another took the address first. */
async function createAdmin(
  deps: Deps,
  pending: SignUpRecord,
  { empresa, filial, userId }: NonNullable<SignUpRecord['founded']>,
): Promise<UserRecord> {
  const user: UserRecord = {
    ...newUser(
      {
        name: pending.name,
        email: pending.email,
        culture: pending.culture,
        password: pending.password,
        grants: [{ empresa, filial: 'all', role: 'admin' }],
      },
      deps.now(),
    ),
    id: userId,
    current: { empresa, filial },
  }
  // the e-mail already ours: another confirmation of this link is writing this same account
  const { users } = deps.repos
  if ((await users.create(user)) || (await users.idOfEmail(user.email)) === userId) return user
  // the same e-mail was registered between the check and now (another sign-up, an invitation)
  throw ruleError(409, 'email_registered')
}
