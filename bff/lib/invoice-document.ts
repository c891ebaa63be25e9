import type { Context } from 'hono'
import { brCode } from '../../domain/pix.ts'
import { invoiceRowOf, type PublicInvoice, type StoredInvoice } from '../../domain/schemas/invoices.ts'
import type { CompanyRecord } from '../../domain/tenancy.ts'
import type { Deps } from './deps.ts'
import { printedPdf } from './printing.ts'
import { companyLogo, pdfAnswer, printedCompany } from './quote-document.ts'

/**
 * The Pix charge of what is open on an invoice (docs/domain.md cd_invoice): the company's key and
 * the BR Code of the open amount, its reference the invoice's number; none without a key, outside
 * reais, or with nothing open.
 */
export function pixOf(invoice: StoredInvoice, company: CompanyRecord, open: number) {
  const key = company.PIX_KEY?.trim()
  if (!key || invoice.currency !== 'BRL' || open <= 0) return null
  return {
    key,
    // the city a bank app shows with the receiver; the country when the company has not said
    code: brCode({
      key,
      name: company.NOME_EMPRESA,
      city: company.CIDADE?.trim() || 'BRASIL',
      amount: open,
      txid: invoice.number,
    }),
  }
}

/** What an invoice shows outside the office (its client's page, its print): no notes, no ids. */
export function publicInvoice(deps: Deps, invoice: StoredInvoice, company: CompanyRecord): PublicInvoice {
  const row = invoiceRowOf(invoice, deps.now())
  const payable = row.status === 'issued' || row.status === 'partially_paid'
  return {
    company: { ...printedCompany(company), hasLogo: Boolean(company.ID_ARQUIVO) },
    number: row.number,
    clientName: row.clientName,
    clientTaxId: row.clientTaxId,
    serviceAddress: row.serviceAddress,
    orderNumbers: row.orderNumbers,
    lines: row.lines.map(({ description, quantity, unitPrice, discountPercent, taxPercent, total }) => ({
      description,
      quantity,
      unitPrice,
      discountPercent,
      taxPercent,
      total,
    })),
    totals: row.totals,
    paid: row.paid,
    open: row.open,
    currency: row.currency,
    culture: row.culture,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    terms: row.terms,
    state: row.state,
    pix: payable ? pixOf(invoice, company, row.open) : null,
    card: payable && row.open > 0 && Boolean(deps.config.cardProvider),
  }
}

/** The invoice's PDF as an answer: printed once per content (bff/lib/printing.ts), the renderer loaded on the first print. */
export async function invoicePdfResponse(
  c: Context,
  deps: Deps,
  invoice: StoredInvoice,
  company: CompanyRecord,
): Promise<Response> {
  const shown = { ...publicInvoice(deps, invoice, company), visits: invoice.visits }
  const printable = { kind: 'invoice', number: invoice.number, content: { ...shown, logo: company.ID_ARQUIVO ?? null } }
  const bytes = await printedPdf(deps, printable, async (signal) => {
    const [{ renderInvoicePdf }, logo] = await Promise.all([import('./pdf/invoice-pdf.ts'), companyLogo(deps, company)])
    return renderInvoicePdf({ ...shown, logo: logo?.bytes ?? null }, signal)
  })
  return pdfAnswer(c, bytes, invoice.number)
}
