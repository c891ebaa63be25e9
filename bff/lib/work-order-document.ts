import type { Context } from 'hono'
import type { Culture } from '../../domain/cultures.ts'
import type { TechOrderRow } from '../../domain/schemas/appointments.ts'
import type { StoredOrder } from '../../domain/schemas/orders.ts'
import type { CompanyRecord } from '../../domain/tenancy.ts'
import type { Deps } from './deps.ts'
import { printedPdf } from './printing.ts'
import { companyLogo, pdfAnswer, printedCompany } from './quote-document.ts'

/**
 * The order's work order as a PDF answer: printed once per content (bff/lib/printing.ts), which
 * names its images by their files (a file's bytes never change), read only when it is rendered.
 */
export async function workOrderPdfResponse(
  c: Context,
  deps: Deps,
  shown: { order: StoredOrder; culture: Culture; company: CompanyRecord; visits: TechOrderRow[] },
): Promise<Response> {
  const { order, company } = shown
  const printed = { ...shown, company: printedCompany(company) }
  const content = { ...printed, logo: company.ID_ARQUIVO ?? null }
  const bytes = await printedPdf(deps, { kind: 'work order', number: order.number, content }, async (signal) => {
    const files = deps.repos.company(company.COD_EMPRESA).files()
    const imageOf = async (url: string | undefined) => {
      const meta = url ? await files.find(url.split('/')[4] ?? '') : null
      return meta ? files.bytes(meta) : null
    }
    const [{ renderWorkOrderPdf }, logo, signatures, photos] = await Promise.all([
      import('./pdf/work-order-pdf.ts'),
      companyLogo(deps, company),
      Promise.all(printed.visits.map((v) => imageOf(v.signature?.url))),
      // the photos print as their thumbnails (at most 512 px a side, 20 a visit): small, and read at once
      Promise.all(printed.visits.map((v) => Promise.all(v.photos.map((p) => imageOf(p.thumbnailUrl))))),
    ])
    const visits = printed.visits.map((v, i) => ({ ...v, signatureBytes: signatures[i], photoBytes: photos[i] }))
    return renderWorkOrderPdf({ ...printed, logo: logo?.bytes ?? null, visits }, signal)
  })
  return pdfAnswer(c, bytes, order.number)
}
