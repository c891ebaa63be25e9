import { CULTURES, type Culture } from '../../domain/cultures.ts'
import { formatDay } from '../../domain/dates.ts'
import { formatMoney } from '../../domain/money.ts'
import type { StoredQuote } from '../../domain/schemas/quotes.ts'
import type { MailMessage } from './deps.ts'

type Words = {
  subject: (number: string, company: string) => string
  body: (client: string, company: string, number: string, total: string, until: string, link: string) => string
}

// The e-mail's words in the client's language (the quote's), as its page and PDF are.
const WORDS: Record<Culture, Words> = {
  en: {
    subject: (number, company) => `Quote ${number} from ${company}`,
    body: (client, company, number, total, until, link) =>
      `Hello ${client},\n\n${company} sent you quote ${number}, total ${total}, valid until ${until}.\n\nSee it, approve it or reject it here:\n${link}\n\nThank you.\n${company}\n`,
  },
  es: {
    subject: (number, company) => `Cotización ${number} de ${company}`,
    body: (client, company, number, total, until, link) =>
      `Hola ${client}:\n\n${company} le envió la cotización ${number}, total ${total}, válida hasta ${until}.\n\nVéala, apruébela o recházela aquí:\n${link}\n\nGracias.\n${company}\n`,
  },
  pt: {
    subject: (number, company) => `Orçamento ${number} de ${company}`,
    body: (client, company, number, total, until, link) =>
      `Olá, ${client}.\n\n${company} enviou o orçamento ${number}, total ${total}, válido até ${until}.\n\nVeja, aprove ou recuse aqui:\n${link}\n\nObrigado.\n${company}\n`,
  },
}

/** The e-mail that carries a quote's link to its client. */
export function quoteMail(quote: StoredQuote, company: string, link: string): Omit<MailMessage, 'to'> {
  const words = WORDS[quote.culture]
  const until = formatDay(quote.validUntil, CULTURES[quote.culture], 'long')
  return {
    subject: words.subject(quote.number, company),
    text: words.body(
      quote.clientName,
      company,
      quote.number,
      formatMoney(quote.totals.total, quote.currency, quote.culture),
      until,
      link,
    ),
  }
}
