// The local SMTP test server of the end-to-end tests (playwright.config.ts starts it): each mail it
// receives is a line of JSON in MAIL_LOG, where a test reads what a client was sent.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { mailServer } from '../shared/smtp.ts'

const log = process.env.MAIL_LOG ?? 'tests/artifacts/mail.jsonl'
mkdirSync(dirname(log), { recursive: true })
writeFileSync(log, '')
await mailServer({
  port: Number(process.env.SMTP_PORT ?? 2626),
  onMail: (mail) => appendFileSync(log, `${JSON.stringify(mail)}\n`),
})
