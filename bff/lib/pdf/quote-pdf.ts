import { CULTURES, type Culture } from '../../../domain/cultures.ts'
import { formatDay } from '../../../domain/dates.ts'
import type { PublicQuote } from '../../../domain/schemas/quotes.ts'
import { renderDocumentPdf } from './document-pdf.ts'

/** A quote as printed: what its client sees on the link, with the day it was made and the logo's bytes. */
export type QuoteDocument = PublicQuote & { issued: string; logo: Uint8Array | null }

// The document's words in the client's language (a printed page has its own short labels).
const LABELS: Record<
  Culture,
  Record<
    | 'title'
    | 'issued'
    | 'validUntil'
    | 'client'
    | 'description'
    | 'qty'
    | 'unitPrice'
    | 'discount'
    | 'tax'
    | 'total'
    | 'subtotal'
    | 'discounts'
    | 'taxes'
    | 'terms'
    | 'approvedBy'
    | 'optional',
    string
  > & { page: (i: number, n: number) => string }
> = {
  en: {
    title: 'QUOTE',
    issued: 'Issued',
    validUntil: 'Valid until',
    client: 'Client',
    description: 'Description',
    optional: 'optional, not chosen',
    qty: 'Qty',
    unitPrice: 'Unit price',
    discount: 'Disc. %',
    tax: 'Tax %',
    total: 'Total',
    subtotal: 'Subtotal',
    discounts: 'Discounts',
    taxes: 'Taxes',
    terms: 'Terms',
    approvedBy: 'Approved by',
    page: (i, n) => `Page ${i} of ${n}`,
  },
  es: {
    title: 'COTIZACIÓN',
    issued: 'Emitida',
    validUntil: 'Válida hasta',
    client: 'Cliente',
    description: 'Descripción',
    optional: 'opcional, no elegido',
    qty: 'Cant.',
    unitPrice: 'Precio unit.',
    discount: 'Dto. %',
    tax: 'Imp. %',
    total: 'Total',
    subtotal: 'Subtotal',
    discounts: 'Descuentos',
    taxes: 'Impuestos',
    terms: 'Condiciones',
    approvedBy: 'Aprobada por',
    page: (i, n) => `Página ${i} de ${n}`,
  },
  pt: {
    title: 'ORÇAMENTO',
    issued: 'Emissão',
    validUntil: 'Válido até',
    client: 'Cliente',
    description: 'Descrição',
    optional: 'opcional, não escolhido',
    qty: 'Qtd.',
    unitPrice: 'Preço unit.',
    discount: 'Desc. %',
    tax: 'Imp. %',
    total: 'Total',
    subtotal: 'Subtotal',
    discounts: 'Descontos',
    taxes: 'Impostos',
    terms: 'Condições',
    approvedBy: 'Aprovado por',
    page: (i, n) => `Página ${i} de ${n}`,
  },
}

/**
 * A quote as an A4 PDF (docs/domain.md: print with the company's logo, in the client's culture):
 * an optional line not chosen is marked offered, not counted (domain/document-lines.ts); the
 * client's approval and the terms follow the totals.
 */
export function renderQuotePdf(quote: QuoteDocument): Promise<Uint8Array<ArrayBuffer>> {
  const L = LABELS[quote.culture]
  const locale = CULTURES[quote.culture]
  const date = (iso: string) => formatDay(iso, locale, 'numeric')
  const approved = quote.decision && (quote.state === 'approved' || quote.state === 'converted')
  return renderDocumentPdf({
    culture: quote.culture,
    company: quote.company,
    logo: quote.logo,
    title: L.title,
    number: quote.number,
    dates: [`${L.issued}: ${date(quote.issued)}`, `${L.validUntil}: ${date(quote.validUntil)}`],
    client: { label: L.client, name: quote.clientName, details: [quote.clientTaxId, quote.serviceAddress] },
    headings: [L.description, L.qty, L.unitPrice, L.discount, L.tax, L.total],
    lines: quote.lines.map((line) => ({
      ...line,
      description: line.optional && !line.chosen ? `${line.description} (${L.optional})` : line.description,
    })),
    currency: quote.currency,
    totals: [
      [L.subtotal, quote.totals.subtotal, false],
      ...(quote.totals.discount ? [[L.discounts, -quote.totals.discount, false] as [string, number, boolean]] : []),
      [L.taxes, quote.totals.tax, false],
      [L.total, quote.totals.total, true],
    ],
    sections: [
      ...(approved && quote.decision
        ? [{ lines: [`${L.approvedBy}: ${quote.decision.name} · ${date(quote.decision.at)}`], strong: true }]
        : []),
      ...(quote.terms.trim() ? [{ heading: L.terms, lines: [quote.terms] }] : []),
    ],
    footer: L.page,
  })
}
