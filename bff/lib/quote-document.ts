import type { Context } from 'hono'
import type { CompanyRecord } from '../../domain/tenancy.ts'
import { dateIn } from '../../domain/dates.ts'
import { quoteRowOf, type PublicQuote, type StoredQuote as Stored } from '../../domain/schemas/quotes.ts'
import type { Deps } from './deps.ts'
import { apiError } from './errors.ts'
import { pixCharge } from './pix-charge.ts'
import { printedPdf } from './printing.ts'

const LOGO_TYPES = ['image/png', 'image/jpeg']

/** What a quote shows outside the office (its client's page, its print): no notes, no ids. */
export function publicQuote(deps: Deps, quote: Stored, company: CompanyRecord): PublicQuote {
  const row = quoteRowOf(quote, deps.now())
  // the deposit is paid once the client approved (its order may be under way), until its invoice is made
  const open = Math.max(0, row.depositAsked - row.depositPaid)
  const payable = open > 0 && (row.status === 'approved' || row.status === 'converted') && !row.creditedTo
  return {
    company: { ...printedCompany(company), hasLogo: Boolean(company.ID_ARQUIVO) },
    number: row.number,
    clientName: row.clientName,
    clientTaxId: row.clientTaxId,
    serviceAddress: row.serviceAddress,
    lines: row.lines.map(
      ({ description, quantity, unitPrice, discountPercent, taxPercent, optional, chosen, total }) => ({
        description,
        quantity,
        unitPrice,
        discountPercent,
        taxPercent,
        optional,
        chosen,
        total,
      }),
    ),
    totals: row.totals,
    currency: row.currency,
    validUntil: row.validUntil,
    culture: row.culture,
    terms: row.terms,
    state: row.state,
    decision: row.decision
      ? {
          name: row.decision.name,
          at: row.decision.at,
          day: dateIn(quote.timeZone, Date.parse(row.decision.at)),
          ...(row.decision.reason ? { reason: row.decision.reason } : {}),
        }
      : null,
    deposit: row.depositAsked
      ? {
          asked: row.depositAsked,
          paid: row.depositPaid,
          open,
          pix: payable ? pixCharge(company, row, open) : null,
          card: payable && Boolean(deps.config.cardProvider),
          credited: Boolean(row.creditedTo),
        }
      : null,
  }
}

/** The company as its documents print it (a quote, a work order). */
export const printedCompany = (company: CompanyRecord) => ({
  name: company.NOME_EMPRESA,
  legalName: company.RAZAO_SOCIAL,
  taxId: company.CNPJ,
  address: company.ENDERECO ?? '',
  phone: company.TELEFONE ?? '',
  email: company.EMAIL ?? '',
})

/** The company's logo as an image a document may show (PNG or JPEG), or null. */
export async function companyLogo(
  deps: Deps,
  company: CompanyRecord,
): Promise<{ type: string; bytes: Uint8Array } | null> {
  const files = deps.repos.company(company.COD_EMPRESA).files()
  const meta = company.ID_ARQUIVO ? await files.find(company.ID_ARQUIVO) : null
  if (!meta || !LOGO_TYPES.includes(meta.type)) return null
  return { type: meta.type, bytes: await files.bytes(meta) }
}

/** The quote's PDF as an answer: printed once per content (bff/lib/printing.ts), the renderer loaded on the first print. */
export async function quotePdfResponse(
  c: Context,
  deps: Deps,
  quote: Stored,
  company: CompanyRecord,
): Promise<Response> {
  const shown = { ...publicQuote(deps, quote, company), issued: quote.createdAt }
  const printable = { kind: 'quote', number: quote.number, content: { ...shown, logo: company.ID_ARQUIVO ?? null } }
  const bytes = await printedPdf(deps, printable, async (signal) => {
    const [{ renderQuotePdf }, logo] = await Promise.all([import('./pdf/quote-pdf.ts'), companyLogo(deps, company)])
    return renderQuotePdf({ ...shown, logo: logo?.bytes ?? null }, signal)
  })
  return pdfAnswer(c, bytes, quote.number)
}

/** A document's PDF as an answer: shown in the browser, saved under its number, never kept by the browser or a proxy. */
export const pdfAnswer = (c: Context, bytes: Uint8Array<ArrayBuffer>, number: string) =>
  c.body(bytes, 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="${number}.pdf"`,
    'Cache-Control': 'private, no-store',
  })

/** The company's logo as a client's link serves it (a quote's, an invoice's): as stored, sandboxed; 404 without one. */
export async function logoAnswer(c: Context, deps: Deps, company: CompanyRecord): Promise<Response> {
  const logo = await companyLogo(deps, company)
  if (!logo) throw apiError(404, 'No logo', undefined, { code: 'not_found' })
  return c.body(logo.bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': logo.type,
    'Cache-Control': 'private, max-age=3600',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  })
}
