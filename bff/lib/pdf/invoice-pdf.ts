import { CULTURES, type Culture } from '../../../domain/cultures.ts'
import { formatDay } from '../../../domain/dates.ts'
import { formatMoney } from '../../../domain/money.ts'
import { qrModules } from '../../../domain/qr.ts'
import type { BilledVisit, PublicInvoice } from '../../../domain/schemas/invoices.ts'
import { renderDocumentPdf } from './document-pdf.ts'

/** An invoice as printed: what its client sees on the link, with the visits it bills and the logo's bytes. */
export type InvoiceDocument = PublicInvoice & {
  visits: Array<BilledVisit & { orderNumber: string }>
  logo: Uint8Array | null
}

type Label =
  | 'title'
  | 'draft'
  | 'issued'
  | 'due'
  | 'orders'
  | 'visits'
  | 'paid'
  | 'open'
  | 'terms'
  | 'pix'
  | 'pixKey'
  | 'void'
  | 'settled'

// The document's words in the client's language (a printed page has its own short labels).
const LABELS: Record<Culture, Record<Label, string>> = {
  en: {
    title: 'INVOICE',
    draft: 'DRAFT',
    issued: 'Issued',
    due: 'Due',
    orders: 'Service orders',
    visits: 'Work done',
    paid: 'Paid',
    open: 'Open',
    terms: 'Terms',
    pix: 'Pay with Pix: scan the code or paste it in your bank app',
    pixKey: 'Pix key',
    void: 'VOID',
    settled: 'Paid in full. Thank you.',
  },
  es: {
    title: 'FACTURA',
    draft: 'BORRADOR',
    issued: 'Emitida',
    due: 'Vence',
    orders: 'Órdenes de servicio',
    visits: 'Trabajo realizado',
    paid: 'Pagado',
    open: 'Pendiente',
    terms: 'Condiciones',
    pix: 'Pague con Pix: escanee el código o péguelo en la app de su banco',
    pixKey: 'Clave Pix',
    void: 'ANULADA',
    settled: 'Pagada por completo. Gracias.',
  },
  pt: {
    title: 'FATURA',
    draft: 'RASCUNHO',
    issued: 'Emissão',
    due: 'Vencimento',
    orders: 'Ordens de serviço',
    visits: 'Serviço realizado',
    paid: 'Pago',
    open: 'Em aberto',
    terms: 'Condições',
    pix: 'Pague com Pix: leia o código ou cole-o no app do seu banco',
    pixKey: 'Chave Pix',
    void: 'CANCELADA',
    settled: 'Paga integralmente. Obrigado.',
  },
}

/**
 * An invoice as an A4 PDF (docs/domain.md: print with the company's logo, in the client's culture):
 * the orders it bills and their visits' work, what is paid and open, and the Pix QR code of the
 * open amount when the company takes Pix.
 */
export function renderInvoicePdf(invoice: InvoiceDocument, signal: AbortSignal): Promise<Uint8Array<ArrayBuffer>> {
  const L = LABELS[invoice.culture]
  const locale = CULTURES[invoice.culture]
  const date = (iso: string) => formatDay(iso, locale, 'numeric')
  const money = (cents: number) => formatMoney(cents, invoice.currency, invoice.culture)
  const hours = (minutes: number) => `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`
  const title =
    invoice.state === 'void'
      ? `${L.title} · ${L.void}`
      : invoice.state === 'draft'
        ? `${L.title} · ${L.draft}`
        : L.title
  return renderDocumentPdf(signal, {
    culture: invoice.culture,
    company: invoice.company,
    logo: invoice.logo,
    title,
    number: invoice.number,
    dates: [
      ...(invoice.issueDate ? [`${L.issued}: ${date(invoice.issueDate)}`] : []),
      ...(invoice.dueDate ? [`${L.due}: ${date(invoice.dueDate)}`] : []),
    ],
    client: { name: invoice.clientName, details: [invoice.clientTaxId, invoice.serviceAddress] },
    lines: invoice.lines,
    currency: invoice.currency,
    totals: invoice.totals,
    sections: [
      ...(invoice.paid > 0 || invoice.state !== 'draft'
        ? [{ lines: [`${L.paid}: ${money(invoice.paid)} · ${L.open}: ${money(invoice.open)}`], strong: true }]
        : []),
      ...(invoice.state === 'paid' ? [{ lines: [L.settled] }] : []),
      ...(invoice.orderNumbers.length ? [{ heading: L.orders, lines: [invoice.orderNumbers.join(', ')] }] : []),
      ...(invoice.visits.length
        ? [
            {
              heading: L.visits,
              lines: invoice.visits.map(
                (v) => `${v.orderNumber} · ${date(v.date)} · ${v.technician} · ${hours(v.minutes)}`,
              ),
            },
          ]
        : []),
      ...(invoice.terms.trim() ? [{ heading: L.terms, lines: [invoice.terms] }] : []),
      ...(invoice.pix
        ? [
            {
              heading: L.pix,
              lines: [`${L.pixKey}: ${invoice.pix.key}`, invoice.pix.code],
              qr: qrModules(invoice.pix.code),
            },
          ]
        : []),
    ],
  })
}
