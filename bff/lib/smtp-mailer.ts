import { createTransport } from 'nodemailer'
import type { Mailer } from './deps.ts'

/**
 * E-mail through the mail server of SMTP_URL (nodemailer: Node, and Deno through its Node
 * compatibility; Workers open no SMTP connection): plain text messages, with nodemailer's connection
 * settings from the URL (its query takes pool=true, connectionTimeout=… and the like).
 */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = createTransport(smtpUrl, { from })
  transport.setMaxListeners(0)
  return async ({ to, subject, text }) => {
    await transport.sendMail({ to, subject, text })
  }
}
