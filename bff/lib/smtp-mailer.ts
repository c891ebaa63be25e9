import { createTransport } from 'nodemailer'
import type { Mailer } from './deps.ts'

/**
 * E-mail through the mail server of SMTP_URL (nodemailer: Node, and Deno through its Node
 * compatibility; Workers open no SMTP connection). One pooled connection, plain text messages.
 */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = createTransport(smtpUrl, { from })
  transport.setMaxListeners(0)
  return async ({ to, subject, text }) => {
    await transport.sendMail({ to, subject, text })
  }
}
