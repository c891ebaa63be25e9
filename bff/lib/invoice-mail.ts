import { CULTURES, type Culture } from '../../domain/cultures.ts'
import { formatDay } from '../../domain/dates.ts'
import { formatMoney } from '../../domain/money.ts'
import type { StoredInvoice } from '../../domain/schemas/invoices.ts'
import type { MailMessage } from './deps.ts'

type Words = {
  subject: (number: string, company: string) => string
  reminderSubject: (number: string, company: string) => string
  body: (client: string, company: string, number: string, open: string, due: string, link: string) => string
  reminder: (client: string, company: string, number: string, open: string, due: string, link: string) => string
}

// The e-mail's words in the client's language (the invoice's), as its page and PDF are.
const WORDS: Record<Culture, Words> = {
  en: {
    subject: (number, company) => `Invoice ${number} from ${company}`,
    reminderSubject: (number, company) => `Reminder: invoice ${number} from ${company} is overdue`,
    body: (client, company, number, open, due, link) =>
      `Hello ${client},\n\n${company} sent you invoice ${number}: ${open} due on ${due}.\n\nSee it and pay it (Pix, card) here:\n${link}\n\nThank you.\n${company}\n`,
    reminder: (client, company, number, open, due, link) =>
      `Hello ${client},\n\nInvoice ${number} from ${company} was due on ${due} and ${open} is still open.\n\nSee it and pay it here:\n${link}\n\nIf you have paid it already, please ignore this message.\n${company}\n`,
  },
  es: {
    subject: (number, company) => `Factura ${number} de ${company}`,
    reminderSubject: (number, company) => `Recordatorio: la factura ${number} de ${company} está vencida`,
    body: (client, company, number, open, due, link) =>
      `Hola ${client}:\n\n${company} le envió la factura ${number}: ${open} con vencimiento el ${due}.\n\nVéala y páguela (Pix, tarjeta) aquí:\n${link}\n\nGracias.\n${company}\n`,
    reminder: (client, company, number, open, due, link) =>
      `Hola ${client}:\n\nLa factura ${number} de ${company} venció el ${due} y quedan ${open} por pagar.\n\nVéala y páguela aquí:\n${link}\n\nSi ya la pagó, ignore este mensaje.\n${company}\n`,
  },
  pt: {
    subject: (number, company) => `Fatura ${number} de ${company}`,
    reminderSubject: (number, company) => `Lembrete: a fatura ${number} de ${company} está vencida`,
    body: (client, company, number, open, due, link) =>
      `Olá, ${client}.\n\n${company} enviou a fatura ${number}: ${open} com vencimento em ${due}.\n\nVeja e pague (Pix, cartão) aqui:\n${link}\n\nObrigado.\n${company}\n`,
    reminder: (client, company, number, open, due, link) =>
      `Olá, ${client}.\n\nA fatura ${number} de ${company} venceu em ${due} e ainda há ${open} em aberto.\n\nVeja e pague aqui:\n${link}\n\nSe já pagou, desconsidere esta mensagem.\n${company}\n`,
  },
}

/** The e-mail that carries an invoice's link to its client: the invoice, or a reminder of it overdue. */
export function invoiceMail(
  invoice: StoredInvoice,
  company: string,
  link: string,
  kind: 'invoice' | 'reminder' = 'invoice',
): Omit<MailMessage, 'to'> {
  const words = WORDS[invoice.culture]
  const due = formatDay(invoice.dueDate, CULTURES[invoice.culture], 'long')
  const open = formatMoney(Math.max(0, invoice.totals.total - invoice.paid), invoice.currency, invoice.culture)
  const args = [invoice.clientName, company, invoice.number, open, due, link] as const
  return kind === 'invoice'
    ? { subject: words.subject(invoice.number, company), text: words.body(...args) }
    : { subject: words.reminderSubject(invoice.number, company), text: words.reminder(...args) }
}
