import type { Context } from 'hono'
import { invoiceRowOf, type PublicInvoice, type StoredInvoice } from '../../domain/schemas/invoices.ts'
import type { CompanyRecord } from '../../domain/tenancy.ts'
import type { Deps } from './deps.ts'
import { pixCharge } from './pix-charge.ts'
import { printedPdf } from './printing.ts'
import { companyLogo, pdfAnswer, printedCompany } from './quote-document.ts'

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
    pix: payable ? pixCharge(company, invoice, row.open) : null,
    card: payable && row.open > 0 && Boolean(deps.config.cardProvider),
    plan: Boolean(invoice.planId),
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
