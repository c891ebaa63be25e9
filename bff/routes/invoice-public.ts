import { Hono } from 'hono'
import { z } from 'zod'
import { dateIn } from '../../domain/dates.ts'
import { publicInvoiceSchema } from '../../domain/schemas/invoices.ts'
import { PLANS, type PlanRecord } from '../../domain/schemas/plans.ts'
import { planPdfResponse } from '../lib/plan-document.ts'
import { wrapper } from '../../domain/schemas/common.ts'
import type { AppEnv, Deps } from '../lib/deps.ts'
import { readInvoiceLink } from '../lib/document-link.ts'
import { apiError } from '../lib/errors.ts'
import { openCheckout } from '../lib/card-provider.ts'
import { invoicePdfResponse, publicInvoice } from '../lib/invoice-document.ts'
import { invoiceStore } from '../lib/invoice-store.ts'
import { apiErrorSchema, doc } from '../lib/openapi.ts'
import { PDF_ANSWERS } from '../lib/printing.ts'
import { throttled } from '../lib/public-throttle.ts'
import { ok } from '../lib/resource.ts'
import { logoAnswer } from '../lib/quote-document.ts'
import { valid } from '../lib/validate.ts'

const tags = ['public invoices']
const tokenParam = z.object({ token: z.string().min(20).max(2000) })
const gone = () => apiError(404, 'This link is not valid (any more)', undefined, { code: 'not_found' })

/**
 * The client's side of a sent invoice (`/i/<token>`): no sign-in, the signed link is the key. It
 * opens the invoice of the send it was made for: to read, to print, to pay by Pix (the code of what
 * is open) or by card (a checkout at the provider, when one is configured).
 */
export function invoicePublicRoutes(deps: Deps) {
  /** The invoice a link opens, with its company; 404 for a bad, expired or replaced link, or a voided invoice. */
  async function open(token: string) {
    const claims = await readInvoiceLink(deps, token)
    const found = claims ? await invoiceStore(deps, claims.empresa).get(claims.id) : null
    if (!claims || !found || found.value.sendCount !== claims.send || found.value.status === 'void') throw gone()
    const company = await deps.repos.companies.find(claims.empresa)
    if (!company) throw gone()
    return { empresa: claims.empresa, invoice: found.value, version: found.version, company }
  }

  return new Hono<AppEnv>()
    .get(
      '/:token',
      doc({
        operationId: 'getPublicInvoice',
        summary: 'The invoice a client’s link opens',
        description:
          'What the client sees of a sent invoice: the company, the lines, the totals, what is paid and open, the due date and its state, the Pix key and BR Code of the open amount when the company takes Pix, and whether a card may pay it. No token: the signed link is the key. 404 for a link that is bad, expired or replaced by a later send, or whose invoice was voided. 429 with Retry-After past 120 of the link pages’ reads from one address in 10 minutes.',
        tags,
        auth: false,
        responses: { 200: wrapper(publicInvoiceSchema), 404: apiErrorSchema, 429: apiErrorSchema },
      }),
      throttled(deps, 'page'),
      valid('param', tokenParam),
      async (c) => {
        const { invoice, company } = await open(c.req.valid('param').token)
        return c.json(ok(publicInvoice(deps, invoice, company)))
      },
    )
    .get(
      '/:token/logo',
      doc({
        operationId: 'getPublicInvoiceLogo',
        summary: 'The invoicing company’s logo',
        description:
          'The logo of the company that sent the invoice, as stored. 404 for a bad link (a voided invoice’s too) or a company without a logo. Counts with the page’s reads (429).',
        tags,
        auth: false,
        responses: { 200: { description: 'The image', content: 'image/*' }, 404: apiErrorSchema, 429: apiErrorSchema },
      }),
      throttled(deps, 'page'),
      valid('param', tokenParam),
      async (c) => {
        return logoAnswer(c, deps, (await open(c.req.valid('param').token)).company)
      },
    )
    .get(
      '/:token/pdf',
      doc({
        operationId: 'getPublicInvoicePdf',
        summary: 'The invoice as a PDF',
        description:
          'The invoice the link opens as a PDF, in the invoice’s language, with the Pix QR code of the open amount when the company takes Pix. 404 for a bad, expired or replaced link, or a voided invoice. 429 with Retry-After past 20 PDFs from one address in 10 minutes; 503 when the PDF cannot be made in time.',
        tags,
        auth: false,
        responses: PDF_ANSWERS,
      }),
      throttled(deps, 'pdf'),
      valid('param', tokenParam),
      async (c) => {
        const { invoice, company } = await open(c.req.valid('param').token)
        return invoicePdfResponse(c, deps, invoice, company)
      },
    )
    .get(
      '/:token/plan',
      doc({
        operationId: 'getPublicInvoicePlanPdf',
        summary: 'The maintenance plan the invoice bills, as a PDF',
        description:
          'For an invoice of a maintenance plan’s monthly fee (`plan` true): the plan as its company prints it — the PMOC in Brazil, the maintenance plan and log elsewhere — with this year’s execution record (GET /api/cd_plano/{id}/pdf). 404 for a bad, expired or replaced link, a voided invoice, or one that bills no plan. Counts with the PDFs (429).',
        tags,
        auth: false,
        responses: PDF_ANSWERS,
      }),
      throttled(deps, 'pdf'),
      valid('param', tokenParam),
      async (c) => {
        const { empresa, invoice, company } = await open(c.req.valid('param').token)
        const plan = invoice.planId ? await deps.repos.collection<PlanRecord>(empresa, PLANS).get(invoice.planId) : null
        if (!plan || plan.value.clientId !== invoice.clientId) throw gone()
        const year = dateIn(plan.value.timeZone, deps.now()).slice(0, 4)
        return planPdfResponse(c, deps, company, plan.value, year)
      },
    )
    .post(
      '/:token/card',
      doc({
        operationId: 'payPublicInvoiceByCard',
        summary: 'The client pays the invoice by card: a checkout at the provider',
        description:
          'Opens a checkout at the card provider for what is open on the invoice and answers its address, where the client types their card; the provider confirms the payment to the app by its signed webhook (POST /api/webhooks/card), which records it. 409 when nothing is open or no card provider is configured; 502 when the provider does not answer; 404 for a bad or replaced link, or a voided invoice; 429 with Retry-After past 10 checkouts from one address in 10 minutes.',
        tags,
        auth: false,
        responses: {
          200: wrapper(z.object({ url: z.url() })),
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
          502: apiErrorSchema,
        },
      }),
      throttled(deps, 'card'),
      valid('param', tokenParam),
      async (c) => {
        const { token } = c.req.valid('param')
        const { empresa, invoice, version, company } = await open(token)
        const shown = publicInvoice(deps, invoice, company)
        if (!shown.card)
          throw apiError(409, 'This invoice cannot be paid by card now', undefined, { code: 'invoice_not_payable' })
        const url = await openCheckout(
          deps,
          { empresa, kind: 'invoice', id: invoice.id },
          { number: invoice.number, currency: invoice.currency, version, company: company.NOME_EMPRESA },
          shown.open,
          `/i/${token}`,
        )
        return c.json(ok({ url }))
      },
    )
}
