import type { Culture } from '../../domain/cultures.ts'
import type { SignUpInput } from '../../domain/schemas/auth.ts'
import { newUser, type PasswordHash, type UserRecord } from '../../domain/tenancy.ts'
import type { SignUpRecord } from '../../storage/repositories/sign-ups.ts'
import { randomToken, sha256Hex } from './base64.ts'
import type { Deps, MailMessage } from './deps.ts'
import { ruleError } from './errors.ts'
import { appLink, sendLink } from './outbox.ts'

/** A sign-up's confirmation link lives two days. */
const SIGN_UP_LINK_LIFETIME_MS = 2 * 24 * 60 * 60 * 1000

// The e-mail's words in the language the person chose for their company.
const WORDS: Record<Culture, (name: string, company: string, link: string) => Omit<MailMessage, 'to'>> = {
  en: (name, company, link) => ({
    subject: `Confirm your e-mail to create ${company}`,
    text: `Hello ${name},\n\nConfirm your e-mail address to create ${company} in Fieldwise and start working:\n${link}\n\nThe link works for two days. If you did not sign up, ignore this e-mail: nothing is created.\n`,
  }),
  es: (name, company, link) => ({
    subject: `Confirme su correo para crear ${company}`,
    text: `Hola ${name}:\n\nConfirme su correo electrónico para crear ${company} en Fieldwise y empezar a trabajar:\n${link}\n\nEl enlace vale dos días. Si no se registró, ignore este correo: no se crea nada.\n`,
  }),
  pt: (name, company, link) => ({
    subject: `Confirme seu e-mail para criar ${company}`,
    text: `Olá, ${name}.\n\nConfirme seu endereço de e-mail para criar ${company} no Fieldwise e começar a trabalhar:\n${link}\n\nO link vale por dois dias. Se você não se cadastrou, ignore este e-mail: nada é criado.\n`,
  }),
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
  const sent = await sendLink(
    deps,
    email,
    'sign-up confirmation link',
    link,
    WORDS[culture](name, company.company, link),
  )
  return sent || deps.config.production ? null : link
}

/** The pending sign-up of a confirmation link, or 400 sign_up_link_invalid. */
export async function pendingSignUp(deps: Deps, token: string): Promise<SignUpRecord> {
  const pending = await deps.repos.signUps.find(await sha256Hex(token), deps.now())
  if (!pending) throw ruleError(400, 'sign_up_link_invalid')
  return pending
}

/**
 * The confirmation founds the company: its main branch, and the person as its admin in all its
 * branches. Each step is written so that it may run again: the numbers and the person's id are
 * claimed on the sign-up first, so a confirmation sent twice (a double click, a lost answer, a
 * crash half-way) makes one company and one account, and answers that account every time.
 */
export async function confirmSignUp(deps: Deps, token: string): Promise<UserRecord> {
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
    })
  )?.founded
  if (!claimed) throw ruleError(400, 'sign_up_link_invalid')
  const { empresa, filial, userId } = claimed
  const { company } = pending
  if (!(await companies.find(empresa)))
    await companies.save({
      COD_EMPRESA: empresa,
      NOME_EMPRESA: company.company,
      RAZAO_SOCIAL: company.company,
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
    await companies.saveBranch({
      COD_EMPRESA: empresa,
      COD_FILIAL: filial,
      NOM_FILIAL: company.branch || company.company,
      FLG_PRINCIPAL: 'S',
      PREFIX: 'MAIN',
      TIME_ZONE: company.timeZone,
      ACTIVE: true,
    })
  const existing = await users.findById(userId)
  if (existing) return existing.value
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
  if ((await users.create(user)) || (await users.idOfEmail(user.email)) === userId) return user
  // the same e-mail was registered between the check and now (another sign-up, an invitation)
  throw ruleError(409, 'email_registered')
}
