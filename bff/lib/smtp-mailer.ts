import type { Transporter } from 'nodemailer'
import type { Mailer } from './deps.ts'

/**
 * E-mail through the mail server of SMTP_URL (nodemailer: Node, and Deno through its Node
 * compatibility; Workers open no SMTP connection): plain text messages, with nodemailer's connection
 * settings from the URL (its query takes pool=true, connectionTimeout=… and the like). nodemailer is
 * loaded with the first message, not at start (a start is mostly the loading of modules).
 */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  let transport: Promise<Transporter> | undefined
  return async ({ to, subject, text }) => {
    transport ??= import('nodemailer')
      .then(({ createTransport }) => {
        const made = createTransport(smtpUrl, { from })
        made.setMaxListeners(0)
        return made
      })
      .catch((error: unknown) => {
        // the next message tries again
        transport = undefined
        throw error
      })
    await (await transport).sendMail({ to, subject, text })
  }
}
