import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export type Mail = { from: string; to: string; subject: string; text: string }

/**
 * A real SMTP server (on a free port unless one is named) that keeps what it receives, each also
 * to `onMail` (and refuses the tech@ mailboxes).
 */
export async function mailServer(options: { port?: number; onMail?: (mail: Mail) => void } = {}) {
  const received: Mail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      callback(address.address.startsWith('tech@') ? new Error('mailbox unavailable') : undefined)
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const got: Mail = {
            from: mail.from?.text ?? '',
            to: [mail.to ?? []]
              .flat()
              .map((a) => a.text)
              .join(', '),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
          }
          received.push(got)
          options.onMail?.(got)
          callback()
        })
        .catch(callback)
    },
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
