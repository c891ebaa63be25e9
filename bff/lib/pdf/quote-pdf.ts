import { CULTURES, type Culture } from '../../../domain/cultures.ts'
import { formatDay } from '../../../domain/dates.ts'
import { formatMoney } from '../../../domain/money.ts'
import type { PublicQuote } from '../../../domain/schemas/quotes.ts'
import { renderDocumentPdf } from './document-pdf.ts'

/** A quote as printed: what its client sees on the link, with the day it was made and the logo's bytes. */
export type QuoteDocument = PublicQuote & { issued: string; logo: Uint8Array | null }

// The document's words in the client's language (a printed page has its own short labels).
const LABELS: Record<
  Culture,
  Record<'title' | 'issued' | 'validUntil' | 'terms' | 'approvedBy' | 'optional' | 'deposit' | 'depositPaid', string>
> = {
  en: {
    title: 'QUOTE',
    issued: 'Issued',
    validUntil: 'Valid until',
    optional: 'optional, not chosen',
    terms: 'Terms',
    approvedBy: 'Approved by',
    deposit: 'Deposit on approval',
    depositPaid: 'paid',
  },
  es: {
    title: 'COTIZACIÓN',
    issued: 'Emitida',
    validUntil: 'Válida hasta',
    optional: 'opcional, no elegido',
    terms: 'Condiciones',
    approvedBy: 'Aprobada por',
    deposit: 'Anticipo al aprobar',
    depositPaid: 'pagado',
  },
  pt: {
    title: 'ORÇAMENTO',
    issued: 'Emissão',
    validUntil: 'Válido até',
    optional: 'opcional, não escolhido',
    terms: 'Condições',
    approvedBy: 'Aprovado por',
    deposit: 'Sinal na aprovação',
    depositPaid: 'pago',
  },
}

/**
 * A quote as an A4 PDF (docs/domain.md: print with the company's logo, in the client's culture):
 * an optional line not chosen is marked offered, not counted (domain/document-lines.ts); the
 * client's approval, the deposit asked and the terms follow the totals.
 */
export function renderQuotePdf(quote: QuoteDocument, signal: AbortSignal): Promise<Uint8Array<ArrayBuffer>> {
  const L = LABELS[quote.culture]
  const locale = CULTURES[quote.culture]
  const date = (iso: string) => formatDay(iso, locale, 'numeric')
  const money = (cents: number) => formatMoney(cents, quote.currency, quote.culture)
  const approved = quote.decision && (quote.state === 'approved' || quote.state === 'converted')
  return renderDocumentPdf(signal, {
    culture: quote.culture,
    company: quote.company,
    logo: quote.logo,
    title: L.title,
    number: quote.number,
    dates: [`${L.issued}: ${date(quote.issued)}`, `${L.validUntil}: ${date(quote.validUntil)}`],
    client: { name: quote.clientName, details: [quote.clientTaxId, quote.serviceAddress] },
    lines: quote.lines.map((line) => ({
      ...line,
      description: line.optional && !line.chosen ? `${line.description} (${L.optional})` : line.description,
    })),
    currency: quote.currency,
    totals: quote.totals,
    sections: [
      ...(approved && quote.decision
        ? [{ lines: [`${L.approvedBy}: ${quote.decision.name} · ${date(quote.decision.day)}`], strong: true }]
        : []),
      // the deposit asked on approval, and what of it is paid
      ...(quote.deposit
        ? [
            {
              lines: [
                `${L.deposit}: ${money(quote.deposit.asked)}${quote.deposit.paid ? ` · ${L.depositPaid} ${money(quote.deposit.paid)}` : ''}`,
              ],
              strong: true,
            },
          ]
        : []),
      ...(quote.terms.trim() ? [{ heading: L.terms, lines: [quote.terms] }] : []),
    ],
  })
}
