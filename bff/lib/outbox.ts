import type { Deps, MailMessage } from './deps.ts'

/**
 * An address of the app for a link sent to someone: the configured PUBLIC_URL (required in
 * production), never the request's Host (a forged one would send the secret elsewhere).
 */
export const appLink = (deps: Deps, path: string) =>
  `${deps.config.publicUrl ?? `http://localhost:${deps.config.port}`}${path}`

/**
 * A message for one person that carries a link (a password reset, an invitation, a quote): by
 * e-mail when a mail server is set (SMTP_URL). Without one, or when the mail server refuses it,
 * the link goes to the server log outside production (a developer follows it), and never in
 * production: the link is a key (it signs in, sets a password, opens a document), and a log is
 * read by more people, kept longer and shipped further than a mailbox. A refusal is never shown
 * to the caller: answers must not tell whether an address exists. True when it went out by e-mail.
 */
export async function sendLink(
  deps: Deps,
  to: string,
  what: string,
  link: string,
  message?: Omit<MailMessage, 'to'>,
): Promise<boolean> {
  const logged = deps.config.production ? '' : link
  if (!deps.mailer) {
    deps.log.info(
      logged ? `${what} for ${to}: ${logged}` : `${what} for ${to}: not sent, there is no mail server (SMTP_URL)`,
    )
    return false
  }
  const mail = { to, subject: message?.subject ?? what, text: message?.text ?? `${what}:\n\n${link}\n` }
  return sendMail(deps, what, mail, logged && ` (the link: ${logged})`)
}

/**
 * A message by e-mail through the mail server of SMTP_URL: true when it went out; false when
 * there is none or it refused (logged, never shown to the caller).
 */
export async function sendMail(deps: Deps, what: string, mail: MailMessage, logged = ''): Promise<boolean> {
  if (!deps.mailer) return false
  try {
    await deps.mailer(mail)
    deps.log.info(`${what} sent by e-mail to ${mail.to}`)
    return true
  } catch (error) {
    deps.log.error(`${what} for ${mail.to} could not be sent by e-mail${logged}`, error)
    return false
  }
}
