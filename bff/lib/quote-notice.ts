import type { Culture } from '../../domain/cultures.ts'
import type { StoredQuote } from '../../domain/schemas/quotes.ts'
import type { Deps } from './deps.ts'
import { noticeToMembers } from './member-notice.ts'

type Answer = 'approved' | 'rejected'

// The notice's words in each reader's language (their own, as the panel shows it).
const WORDS: Record<Culture, Record<Answer, (number: string, client: string) => [string, string]>> = {
  en: {
    approved: (n, c) => ['Quote approved', `${c} approved quote ${n}: it can become a service order.`],
    rejected: (n, c) => ['Quote rejected', `${c} rejected quote ${n}.`],
  },
  es: {
    approved: (n, c) => [
      'Cotización aprobada',
      `${c} aprobó la cotización ${n}: puede convertirse en orden de servicio.`,
    ],
    rejected: (n, c) => ['Cotización rechazada', `${c} rechazó la cotización ${n}.`],
  },
  pt: {
    approved: (n, c) => ['Orçamento aprovado', `${c} aprovou o orçamento ${n}: ele pode virar uma ordem de serviço.`],
    rejected: (n, c) => ['Orçamento recusado', `${c} recusou o orçamento ${n}.`],
  },
}

/**
 * The office hears of a client's answer on the link (issue 28 §4): a notification, in each one's
 * language, to every member of the company who may open the quote (its branch, and the quotes page
 * at view or above), opening it.
 */
export async function noticeOfAnswer(deps: Deps, empresa: number, quote: StoredQuote, answer: Answer, by: string) {
  await noticeToMembers(deps, { empresa, filial: quote.filial, page: 'cd_cotacao' }, (culture) => {
    const [title, description] = WORDS[culture][answer](quote.number, by)
    return {
      icon: answer === 'approved' ? 'heroicons_mini:check-circle' : 'heroicons_mini:x-circle',
      title,
      description,
      link: `/view/cd_cotacao/${encodeURIComponent(quote.id)}`,
    }
  })
}
