import { z } from 'zod'
import { invoices } from '../../domain/modules/cd-invoice.ts'
import { clientLinkSchema, wrapper } from '../../domain/schemas/common.ts'
import { invoiceRow, invoiceRowOf, paidStatus, type StoredInvoice as Stored } from '../../domain/schemas/invoices.ts'
import { paidOf, paymentInput, reverseInput } from '../../domain/schemas/payments.ts'
import { clientWhatsapp, deliverToClient } from '../lib/client-delivery.ts'
import type { Deps } from '../lib/deps.ts'
import { invoiceLinkUrl } from '../lib/document-link.ts'
import { ifMatchVersion } from '../lib/etag.ts'
import { notFound, ruleError } from '../lib/errors.ts'
import { invoiceMail } from '../lib/invoice-mail.ts'
import { invoicePdfResponse } from '../lib/invoice-document.ts'
import { invoiceStore } from '../lib/invoice-store.ts'
import { clientDocuments, documentsWhere } from '../lib/document-store.ts'
import { invoicing } from '../lib/invoicing.ts'
import { apiErrorSchema, doc } from '../lib/openapi.ts'
import { PDF_ANSWERS } from '../lib/printing.ts'
import { printThrottled } from '../lib/public-throttle.ts'
import { callerOf, ok, resourceRoutes, type Caller, type ResourceServer } from '../lib/resource.ts'
import { requireTenant } from '../lib/tenancy.ts'
import { valid } from '../lib/validate.ts'

const tags = ['cd_invoice']
const idParam = z.object({ id: z.string().uuid() })
const paymentParam = z.object({ id: z.string().uuid(), paymentId: z.string().uuid() })
const answer = wrapper(invoiceRow)

/**
 * cd_invoice (docs/domain.md): invoices of the current branch, from completed orders of a client or
 * by hand, numbered per branch and year with no gap, priced by the rules every document uses;
 * issued, sent to the client's link (`/i/<token>`), paid by payments never above what is open,
 * voided with a reason while nothing is paid.
 */
export function cdInvoiceRoutes(deps: Deps) {
  const making = invoicing(deps)
  const { source } = making

  /** Sends the invoice's link to the client by e-mail when it can; says how it went (never 'sent' when nothing went out). */
  async function deliver(who: Caller, i: Stored) {
    const link = await invoiceLinkUrl(deps, who.tenant.empresa, i)
    const company = await deps.repos.companies.find(who.tenant.empresa)
    const message = invoiceMail(i, company?.NOME_EMPRESA ?? '', link)
    return deliverToClient(deps, who.tenant.empresa, i.clientId, `invoice ${i.number}`, link, message)
  }

  const server = {
    toRow: (i) => invoiceRowOf(i, deps.now()),
    idOf: (i) => i.id,
    source,
    create: {
      make: (who, input) => making.make(who, input),
      after: (who, saved) => making.written(who, saved.value.id),
      // the write was refused: its orders are free again
      undo: (who, made) => making.unmade(who, made.id, made.orderIds),
    },
    edit: { apply: (who, current, input) => making.fill(who, input, current) },
    lifecycle: {
      status: (i) => i.status,
      // issued with its quote's deposit credited: partly paid, or paid, at once
      set: (i, status) => ({
        ...i,
        status: status === 'issued' ? paidStatus(i.totals.total, i.paid) : (status as Stored['status']),
      }),
      effects: {
        issue: { effect: (who, i) => making.issued(who, i) },
        void: {
          effect: (who, i, input) => {
            // judged on its own payments: a deposit credited goes back to its quote with the void
            if (paidOf(i.payments.filter((p) => !p.deposit)) > 0) throw ruleError(409, 'invoice_paid_void')
            return {
              ...i,
              voided: { reason: String(input.reason), by: who.user.name, at: new Date(deps.now()).toISOString() },
            }
          },
          // its orders can be billed again: what follows from the void write (bff/lib/derived.ts "invoice")
        },
      },
    },
  } satisfies ResourceServer<typeof invoices, Stored>

  const versionOf = (header: string | undefined) => ifMatchVersion(header)

  return resourceRoutes(deps, invoices, server, (app) =>
    app
      .post(
        '/:id/send',
        doc({
          operationId: 'sendInvoice',
          summary: 'Send an issued invoice to its client',
          description:
            'Makes the client’s link of the invoice (an earlier send’s link stops opening) and e-mails it to the client’s first e-mail in the invoice’s language when a mail server is set; `delivery` says how it went — never `email` when nothing went out, and then the office passes the link on (GET /:id/link). Only an issued invoice with money open (409 otherwise). If-Match names the version seen (412 when it changed since). Needs the cd_invoice page at edit.',
          tags,
          versioned: true,
          responses: { 200: answer, 404: apiErrorSchema, 409: apiErrorSchema },
        }),
        requireTenant(deps),
        valid('param', idParam),
        async (c) => {
          const who = callerOf(deps, c)
          const { id } = c.req.valid('param')
          const { hit, expected } = await making.changeable(who, id, versionOf(c.req.header('if-match')))
          if (hit.value.status !== 'issued' && hit.value.status !== 'partially_paid')
            throw ruleError(409, 'invoice_not_payable')
          const at = new Date(deps.now()).toISOString()
          const sent = await making.write(who.tenant.empresa, who.user, id, 'sent', expected, (i) => {
            if (i.status !== 'issued' && i.status !== 'partially_paid') throw ruleError(409, 'invoice_not_payable')
            return { ...i, sendCount: i.sendCount + 1, sentAt: at, delivery: null }
          })
          // the link of this send goes out once the send is stored; how it went is kept with it
          const delivery = await deliver(who, sent.value)
          const saved = await invoiceStore(deps, who.tenant.empresa).update(id, (i) =>
            i.sendCount === sent.value.sendCount ? { ...i, delivery } : i,
          )
          const stored = saved ?? sent
          c.header('ETag', `"${stored.version}"`)
          return c.json(
            ok(
              invoiceRowOf(stored.value, deps.now()),
              `Invoice ${delivery.by === 'email' ? 'sent' : 'ready to share'}`,
            ),
          )
        },
      )
      .get(
        '/:id/link',
        doc({
          operationId: 'getInvoiceLink',
          summary: 'The client’s link of a sent invoice',
          description:
            'The signed link through which the client reads and pays the invoice, and the message that carries it in the invoice’s language (to copy or share when no e-mail went out). 409 while the invoice was never sent; 404 when the caller’s company does not hold it. Needs the cd_invoice page at edit.',
          tags,
          responses: {
            200: wrapper(clientLinkSchema),
            404: apiErrorSchema,
            409: apiErrorSchema,
          },
        }),
        requireTenant(deps),
        valid('param', idParam),
        async (c) => {
          const who = callerOf(deps, c)
          const invoice = await source.find(who, c.req.valid('param').id)
          if (!invoice) throw notFound('Invoice')
          if (!invoice.value.sentAt) throw ruleError(409, 'invoice_not_sent')
          const url = await invoiceLinkUrl(deps, who.tenant.empresa, invoice.value)
          const company = await deps.repos.companies.find(who.tenant.empresa)
          const whatsapp = await clientWhatsapp(deps, company, invoice.value.clientId)
          return c.json(
            ok({ url, message: invoiceMail(invoice.value, company?.NOME_EMPRESA ?? '', url).text, whatsapp }),
          )
        },
      )
      .post(
        '/:id/payments',
        doc({
          operationId: 'addPaymentRecord',
          summary: 'Record a payment of an invoice',
          description:
            'A payment received (cash, card, Pix, transfer, boleto) on a day (`date`, today when none) neither after today (400 `payment_in_future`) nor before the invoice’s issue date (400 `payment_before_issue`), never above what is open: of two payments at once for the last open amount one is recorded and the other answered 409 `payment_above_open` with what is open. The invoice becomes partially paid or paid. Sent again with the same Idempotency-Key it is recorded once. If-Match names the version seen (412 when it changed since); without it the payment is checked against the invoice as it is. 409 `invoice_not_payable` for a draft, paid or void invoice. Needs the cd_invoice page at edit.',
          tags,
          versioned: true,
          responses: { 200: answer, 404: apiErrorSchema, 409: apiErrorSchema },
          example: { amount: 15000, method: 'pix', reference: 'E1234567820261125' },
        }),
        requireTenant(deps),
        valid('param', idParam),
        valid('json', paymentInput),
        async (c) => {
          const who = callerOf(deps, c)
          const saved = await making.pay(
            who,
            c.req.valid('param').id,
            c.req.valid('json'),
            versionOf(c.req.header('if-match')),
          )
          c.header('ETag', `"${saved.version}"`)
          return c.json(ok(invoiceRowOf(saved.value, deps.now()), 'Payment recorded'))
        },
      )
      .post(
        '/:id/payments/:paymentId/reverse',
        doc({
          operationId: 'reversePaymentRecord',
          summary: 'Reverse a payment of an invoice',
          description:
            'A payment that did not happen (a bounced transfer, a card charged back) is reversed with a reason: it stays on the invoice, marked, and no longer counts; the invoice goes back to partially paid or issued. 409 when it was reversed already; 404 for a payment the invoice does not hold. Needs the cd_invoice page at delete.',
          tags,
          versioned: true,
          responses: { 200: answer, 404: apiErrorSchema, 409: apiErrorSchema },
          example: { reason: 'The transfer was returned by the bank' },
        }),
        requireTenant(deps),
        valid('param', paymentParam),
        valid('json', reverseInput),
        async (c) => {
          const who = callerOf(deps, c)
          const { id, paymentId } = c.req.valid('param')
          const saved = await making.reverse(
            who,
            id,
            paymentId,
            c.req.valid('json').reason,
            versionOf(c.req.header('if-match')),
          )
          c.header('ETag', `"${saved.version}"`)
          return c.json(ok(invoiceRowOf(saved.value, deps.now()), 'Payment reversed'))
        },
      )
      .get(
        '/of-client',
        doc({
          operationId: 'listClientInvoices',
          summary: 'A client’s invoices',
          description:
            'The invoices of one client in the branches the caller works in, newest first, at most 100, each with what is paid and open and its state (overdue ...): what the client owes is the sum of the open amounts of those issued or partially paid. Needs the cd_invoice page at view.',
          tags,
          responses: { 200: wrapper(z.array(invoiceRow)) },
        }),
        requireTenant(deps),
        valid('query', z.object({ clientId: z.uuid().describe('The client’s id') }).strict()),
        async (c) => {
          const { grant, empresa } = c.get('tenant')
          const mine = await clientDocuments(invoiceStore(deps, empresa), grant, c.req.valid('query').clientId)
          return c.json(ok(mine.map((i) => invoiceRowOf(i, deps.now()))))
        },
      )
      .get(
        '/of-plan',
        doc({
          operationId: 'listPlanInvoices',
          summary: 'The invoices of a maintenance plan’s monthly fee',
          description:
            'The invoices a maintenance plan (cd_plano) charged with a monthly fee made, one on each of its invoice days, in the branches the caller works in, newest first, at most 100 (a plan unknown to the company has none). Needs the cd_invoice page at view.',
          tags,
          responses: { 200: wrapper(z.array(invoiceRow)) },
        }),
        requireTenant(deps),
        valid('query', z.object({ planId: z.uuid().describe('The plan’s id') }).strict()),
        async (c) => {
          const { grant, empresa } = c.get('tenant')
          const { planId } = c.req.valid('query')
          const made = await documentsWhere(invoiceStore(deps, empresa), grant, (r) => r.planId === planId)
          return c.json(ok(made.map((i) => invoiceRowOf(i, deps.now()))))
        },
      )
      .get(
        '/:id/pdf',
        doc({
          operationId: 'getInvoicePdf',
          summary: 'The invoice as a PDF',
          description:
            'The invoice as the client receives it: a PDF with the company’s logo and details, its lines and totals, what is paid and open, the Pix code of the open amount when the company has a Pix key, in the invoice’s language. 404 when the caller’s company does not hold the invoice. Needs the cd_invoice page at view. 429 with Retry-After past 60 PDFs from one person in 10 minutes.',
          tags,
          responses: PDF_ANSWERS,
        }),
        requireTenant(deps),
        printThrottled(deps),
        valid('param', idParam),
        async (c) => {
          const who = callerOf(deps, c)
          const [invoice, company] = await Promise.all([
            source.find(who, c.req.valid('param').id),
            deps.repos.companies.find(who.tenant.empresa),
          ])
          if (!invoice || !company) throw notFound('Invoice')
          return invoicePdfResponse(c, deps, invoice.value, company)
        },
      ),
  )
}
