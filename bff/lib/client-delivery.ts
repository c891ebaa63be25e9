import { CLIENTS, type ClientRecord } from '../../domain/schemas/clients.ts'
import { companyCountry, whatsappNumber } from '../../domain/phones.ts'
import type { CompanyRecord } from '../../domain/tenancy.ts'
import type { QuoteDelivery } from '../../domain/schemas/quotes.ts'
import type { Deps, MailMessage } from './deps.ts'
import { sendLink } from './outbox.ts'

/**
 * A document's link (a quote, an invoice, a reminder) to its client by e-mail when it can (their
 * first e-mail contact, a mail server set), saying how it went: never 'email' when nothing went out,
 * and then the office passes the link on itself.
 */
export async function deliverToClient(
  deps: Deps,
  empresa: number,
  clientId: string,
  what: string,
  link: string,
  message: Omit<MailMessage, 'to'>,
): Promise<NonNullable<QuoteDelivery>> {
  const client = (await deps.repos.collection<ClientRecord>(empresa, CLIENTS).get(clientId))?.value
  const email = client?.contacts.find((c) => c.kind === 'email')?.value
  if (!email) {
    // the link opens the document to whoever holds it: never in the log
    deps.log.info(`${what}: the client has no e-mail; the office passes the link on`)
    return { by: 'none', reason: 'no_email' }
  }
  if (!deps.mailer) {
    await sendLink(deps, email, what, link, message)
    return { by: 'none', reason: 'no_mail_server' }
  }
  return (await sendLink(deps, email, what, link, message))
    ? { by: 'email', to: email }
    : { by: 'none', reason: 'mail_refused' }
}

/** The client's WhatsApp number (E.164), to address a document's link to on WhatsApp; null when they have none. */
export async function clientWhatsapp(
  deps: Deps,
  company: CompanyRecord | null,
  clientId: string,
): Promise<string | null> {
  if (!company) return null
  const client = (await deps.repos.collection<ClientRecord>(company.COD_EMPRESA, CLIENTS).get(clientId))?.value
  return client ? whatsappNumber(client.contacts, companyCountry(company)) : null
}
