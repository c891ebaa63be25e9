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
    // what the office reads, in each reader's language: the client could not be told
    await noticeToMembers(
      deps,
      { empresa, filial: visit.filial, page: 'cd_ordemagendamento', level: 'edit' },
      {
        icon: 'heroicons_mini:exclamation-triangle',
        text: { key: `notice_visit_${notice}`, values: { tech: visit.technicianName, order: visit.orderNumber } },
        link: `/view/cd_ordem/${visit.orderId}`,
      },
    )
  }
  return notice
}
