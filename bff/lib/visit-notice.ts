import { CULTURES, type Culture } from '../../domain/cultures.ts'
import { CLIENTS, type ClientRecord } from '../../domain/schemas/clients.ts'
import type { StoredOrder } from '../../domain/schemas/orders.ts'
import type { TechOrderRecord, VisitNotice } from '../../domain/schemas/appointments.ts'
import type { Deps } from './deps.ts'
import { noticeToMembers } from './member-notice.ts'
import { sendMail } from './outbox.ts'
import { clientCulture } from './order-store.ts'

type Mail = {
  subject: (company: string) => string
  body: (client: string, tech: string, company: string, at: string, address: string) => string
}

// The e-mail's words in the client's language (their quote's, else the company's).
const MAIL: Record<Culture, Mail> = {
  en: {
    subject: (company) => `${company}: your technician is on the way`,
    body: (client, tech, company, at, address) =>
      `Hello ${client},\n\n${tech} from ${company} is on the way to ${address} and expects to arrive at about ${at}.\n\nThank you.\n${company}\n`,
  },
  es: {
    subject: (company) => `${company}: su técnico está en camino`,
    body: (client, tech, company, at, address) =>
      `Hola ${client}:\n\n${tech}, de ${company}, está en camino a ${address} y espera llegar alrededor de las ${at}.\n\nGracias.\n${company}\n`,
  },
  pt: {
    subject: (company) => `${company}: seu técnico está a caminho`,
    body: (client, tech, company, at, address) =>
      `Olá, ${client}.\n\n${tech}, da ${company}, está a caminho de ${address} e deve chegar por volta das ${at}.\n\nObrigado.\n${company}\n`,
  },
}

// What the office reads when the client could not be told, in each reader's language.
const UNSENT: Record<
  Culture,
  Record<Exclude<VisitNotice, 'sent'>, (tech: string, order: string) => [string, string]>
> = {
  en: {
    not_sent: (t, o) => [
      'Client not told',
      `${t} is on the way (${o}), but the e-mail could not be sent: call the client.`,
    ],
    no_email: (t, o) => ['Client not told', `${t} is on the way (${o}), but the client has no e-mail: call them.`],
  },
  es: {
    not_sent: (t, o) => [
      'Cliente sin aviso',
      `${t} está en camino (${o}), pero el correo no se pudo enviar: llame al cliente.`,
    ],
    no_email: (t, o) => ['Cliente sin aviso', `${t} está en camino (${o}), pero el cliente no tiene correo: llámelo.`],
  },
  pt: {
    not_sent: (t, o) => [
      'Cliente sem aviso',
      `${t} está a caminho (${o}), mas o e-mail não pôde ser enviado: ligue para o cliente.`,
    ],
    no_email: (t, o) => [
      'Cliente sem aviso',
      `${t} está a caminho (${o}), mas o cliente não tem e-mail: ligue para ele.`,
    ],
  },
}

/**
 * "On my way" (docs/domain.md cd_techorders): the client is told by e-mail, in their language, who is
 * coming and about when (the branch's time); when no e-mail goes out (no mail server, it refused,
 * no address) the office is told instead, on the panel of who may open the board.
 */
export async function noticeOnTheWay(
  deps: Deps,
  empresa: number,
  visit: TechOrderRecord,
  order: StoredOrder | null,
  eta: string,
): Promise<VisitNotice> {
  const client = order ? (await deps.repos.collection<ClientRecord>(empresa, CLIENTS).get(order.clientId))?.value : null
  const to = client?.contacts.find((c) => c.kind === 'email')?.value ?? ''
  let notice: VisitNotice = 'no_email'
  const company = to && order ? await deps.repos.companies.find(empresa) : null
  if (to && order && company) {
    const culture = await clientCulture(deps, company, order)
    const name = company.NOME_EMPRESA
    const at = new Intl.DateTimeFormat(CULTURES[culture], { timeStyle: 'short', timeZone: order.timeZone }).format(
      new Date(eta),
    )
    const words = MAIL[culture]
    const sent = await sendMail(deps, `On my way (${order.number})`, {
      to,
      subject: words.subject(name),
      text: words.body(client?.name ?? '', visit.technicianName, name, at, visit.serviceAddress),
    })
    notice = sent ? 'sent' : 'not_sent'
  }
  if (notice !== 'sent') {
    const unsent = notice
    await noticeToMembers(
      deps,
      { empresa, filial: visit.filial, page: 'cd_ordemagendamento', level: 'edit' },
      (culture) => {
        const [title, description] = UNSENT[culture][unsent](visit.technicianName, visit.orderNumber)
        return {
          icon: 'heroicons_mini:exclamation-triangle',
          title,
          description,
          link: `/view/cd_ordem/${visit.orderId}`,
        }
      },
    )
  }
  return notice
}
