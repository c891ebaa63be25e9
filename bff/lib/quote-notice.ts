import type { StoredQuote } from '../../domain/schemas/quotes.ts'
import type { Deps } from './deps.ts'
import { noticeToMembers } from './member-notice.ts'

type Answer = 'approved' | 'rejected'

/**
 * The office hears of a client's answer on the link (issue 28 §4): a notification, read in each one's
 * language, to every member of the company who may open the quote (its branch, and the quotes page
 * at view or above), opening it.
 */
export async function noticeOfAnswer(deps: Deps, empresa: number, quote: StoredQuote, answer: Answer, by: string) {
  await noticeToMembers(
    deps,
    { empresa, filial: quote.filial, page: 'cd_cotacao' },
    {
      icon: answer === 'approved' ? 'heroicons_mini:check-circle' : 'heroicons_mini:x-circle',
      text: { key: `notice_quote_${answer}`, values: { number: quote.number, client: by } },
      link: `/view/cd_cotacao/${encodeURIComponent(quote.id)}`,
    },
  )
}
