import type { Culture } from '../../domain/cultures.ts'
import { atLeast } from '../../domain/access.ts'
import { activeGrants, type UserRecord } from '../../domain/tenancy.ts'
import type { StoredQuote } from '../../domain/schemas/quotes.ts'
import type { Deps } from './deps.ts'
import { levelsFor } from './page-access.ts'

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
  const members = await deps.repos.users.members(empresa)
  // each member's notice on its own: one that fails is logged, the others go
  const sent = await Promise.allSettled(members.map((member) => notice(member.value)))
  for (const failed of sent)
    if (failed.status === 'rejected') deps.log.error(`quote ${quote.number}: a notice failed`, failed.reason)

  async function notice(user: UserRecord) {
    if (!user.active) return
    const grant = activeGrants(user).find(
      (g) => g.empresa === empresa && (g.filial === 'all' || g.filial === quote.filial),
    )
    if (!grant) return
    const levels = await levelsFor(deps, { empresa, filial: quote.filial, grant }, user.id, undefined)
    if (!atLeast(levels.cd_cotacao ?? 'none', 'view')) return
    const [title, description] = WORDS[user.culture][answer](quote.number, by)
    await deps.repos.panels(user.id).notifications.add({
      id: crypto.randomUUID(),
      icon: answer === 'approved' ? 'heroicons_mini:check-circle' : 'heroicons_mini:x-circle',
      title,
      description,
      time: new Date(deps.now()).toISOString(),
      read: false,
      seen: false,
      link: `/view/cd_cotacao/${encodeURIComponent(quote.id)}`,
      useRouter: true,
    })
  }
}
