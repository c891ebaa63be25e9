import { z } from 'zod'
import { addDays, dateIn } from '../../domain/dates.ts'
import { documentTotals } from '../../domain/document-lines.ts'
import { addressLine } from '../../domain/schemas/clients.ts'
import { quotes } from '../../domain/modules/cd-cotacao.ts'
import {
  quoteRow,
  quoteRowOf,
  quoteState,
  type QuoteDelivery,
  type QuoteInput,
  type StoredQuote as Stored,
} from '../../domain/schemas/quotes.ts'
import { clientLinkSchema, wrapper } from '../../domain/schemas/common.ts'
import { quoteSource, quoteStore } from '../lib/quote-store.ts'
import { deposits } from '../lib/deposits.ts'
import { ifMatchVersion } from '../lib/etag.ts'
import { paymentInput, reverseInput } from '../../domain/schemas/payments.ts'
import { blankDocument, clientDocuments } from '../lib/document-store.ts'
import { documentPricing } from '../lib/document-pricing.ts'
import type { Deps } from '../lib/deps.ts'
import { apiError, fieldError, notFound, ruleError } from '../lib/errors.ts'
import { orderMaking } from '../lib/orders.ts'
import { FORBIDDEN_PAGE, levelsFor } from '../lib/page-access.ts'
import { atLeast } from '../../domain/access.ts'
import { apiErrorSchema, doc } from '../lib/openapi.ts'
import { PDF_ANSWERS } from '../lib/printing.ts'
import { printThrottled } from '../lib/public-throttle.ts'
import { clientWhatsapp, deliverToClient } from '../lib/client-delivery.ts'
import { quoteLinkUrl } from '../lib/document-link.ts'
import { quotePdfResponse } from '../lib/quote-document.ts'
import { quoteMail } from '../lib/quote-mail.ts'
import {
  callerOf,
  logActivity,
  ok,
  resourceRoutes,
  withActivityLine,
  type Caller,
  type ResourceServer,
} from '../lib/resource.ts'
import { requireTenant } from '../lib/tenancy.ts'
import { valid } from '../lib/validate.ts'

const tags = ['cd_cotacao']
const idParam = z.object({ id: z.string().uuid() })

/** How long a new or duplicated quote is valid when the office does not say. */
export const QUOTE_DAYS_VALID = 30

/**
 * cd_cotacao (docs/domain.md): quotes of the current branch, numbered per branch and year with no
 * gap, priced on the server from their lines, `draft → sent → approved | rejected`, `approved →
 * converted`, *expired* from the date; sending makes the client's link (`/q/<token>`).
 */
export function cdCotacaoRoutes(deps: Deps) {
  const source = quoteSource(deps)
  const deposit = deposits(deps)
  const today = (q: Stored) => dateIn(q.timeZone, deps.now())

  const { clientOf, priced } = documentPricing(deps)

  /** A quote's fields from what the office typed (the client's name and address copied as they are now). */
  async function fill(who: Caller, input: Partial<QuoteInput>, current: Stored): Promise<Stored> {
    const client = input.clientId ? await clientOf(who, input.clientId) : null
    const lines = input.lines ? await priced(who, input.lines) : current.lines
    const defaultAddress = client?.addresses.find((a) => a.isDefault)
    const deposit = {
      depositPercent: Object.hasOwn(input, 'depositPercent')
        ? input.depositPercent || null
        : (current.depositPercent ?? null),
      depositAmount: Object.hasOwn(input, 'depositAmount')
        ? input.depositAmount || null
        : (current.depositAmount ?? null),
    }
    if (deposit.depositPercent && deposit.depositAmount) throw fieldError('depositAmount', 'deposit_twice')
    return {
      ...current,
      ...deposit,
      ...(input.validUntil ? { validUntil: input.validUntil } : {}),
      ...(input.culture ? { culture: input.culture } : {}),
      ...(input.terms !== undefined ? { terms: input.terms } : {}),
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
      ...(client ? { clientId: client.id, clientName: client.name, clientTaxId: client.taxId } : {}),
      serviceAddress:
        input.serviceAddress || (client ? (defaultAddress ? addressLine(defaultAddress) : '') : current.serviceAddress),
      lines,
      totals: documentTotals(lines),
    }
  }

  /** A new draft of the caller's branch (not numbered yet: the number comes with the write). */
  async function blank(who: Caller): Promise<Stored> {
    const { document, company } = await blankDocument(deps, who, who.newId())
    return {
      ...document,
      validUntil: addDays(dateIn(document.timeZone, deps.now()), QUOTE_DAYS_VALID),
      culture: company?.CULTURE ?? 'en',
      terms: '',
      notes: '',
      status: 'draft',
      sendCount: 0,
      sentAt: null,
      decision: null,
      duplicateOf: null,
      orderId: null,
      orderNumber: null,
      depositPercent: null,
      depositAmount: null,
      deposits: [],
    }
  }

  /** Sends a quote's link to the client by e-mail when it can; says how it went (never 'sent' when nothing went out). */
  async function deliver(who: Caller, q: Stored): Promise<QuoteDelivery> {
    const link = await quoteLinkUrl(deps, who.tenant.empresa, q)
    const company = await deps.repos.companies.find(who.tenant.empresa)
    const message = quoteMail(q, company?.NOME_EMPRESA ?? '', link)
    return deliverToClient(deps, who.tenant.empresa, q.clientId, `quote ${q.number}`, link, message)
  }

  const notExpired = (q: Stored) => {
    if (quoteState(q, today(q)) === 'expired') throw ruleError(409, 'quote_expired')
    return q
  }
  const decidedBy = (who: Caller) => ({
    name: who.user.name,
    at: new Date(deps.now()).toISOString(),
    address: 'office',
  })

  const server = {
    toRow: (q) => quoteRowOf(q, deps.now()),
    idOf: (q) => q.id,
    source,
    create: { make: async (who, input) => fill(who, input, await blank(who)) },
    edit: {
      async apply(who, current, input) {
        if (current.status !== 'draft') throw ruleError(409, 'quote_not_draft')
        return fill(who, input, current)
      },
    },
    lifecycle: {
      status: (q) => q.status,
      set: (q, status) => ({ ...q, status: status as Stored['status'] }),
      effects: {
        // the link goes out with the send, and the quote says whether an e-mail carried it
        send: {
          effect: async (who, q) => {
            const sent = { ...notExpired(q), sendCount: q.sendCount + 1, sentAt: new Date(deps.now()).toISOString() }
            return { ...sent, delivery: await deliver(who, sent) }
          },
        },
        withdraw: { effect: (_who, q) => ({ ...q, sendCount: q.sendCount + 1, sentAt: null, delivery: null }) },
        approve: { effect: (who, q) => ({ ...notExpired(q), decision: decidedBy(who) }) },
        reject: { effect: (who, q) => ({ ...q, decision: decidedBy(who) }) },
        // the order is made with its lines, once (bff/lib/orders.ts fromQuote), and both link to each other
        convert: {
          effect: async (who, q) => {
            const levels = await levelsFor(deps, who.tenant, who.user.id, who.env)
            if (!atLeast(levels.cd_ordem ?? 'none', 'edit')) throw apiError(403, FORBIDDEN_PAGE)
            const order = await orderMaking(deps).fromQuote(who, q)
            return { ...q, orderId: order.id, orderNumber: order.number }
          },
        },
      },
    },
  } satisfies ResourceServer<typeof quotes, Stored>

  return resourceRoutes(deps, quotes, server, (app) =>
    app
      .post(
        '/:id/duplicate',
        doc({
          operationId: 'duplicateQuote',
          summary: 'Duplicate a quote as a new draft',
          description:
            'A new draft with the same client, address, lines, terms and notes, a new number and a new validity, answered with its version as ETag; the original is untouched. 404 when the caller’s company does not hold the quote. Needs the cd_cotacao page at edit.',
          tags,
          versioned: true,
          responses: { 200: wrapper(quoteRow), 404: apiErrorSchema },
        }),
        requireTenant(deps),
        valid('param', idParam),
        async (c) => {
          const who = callerOf(deps, c)
          const original = await source.find(who, c.req.valid('param').id)
          if (!original) throw notFound('Quote')
          const draft = await blank(who)
          // run again after a crash lost its answer: the copy it made has the same id (bff/lib/idempotency.ts recordIds)
          const earlier = c.get('idempotency') ? await source.find(who, draft.id) : null
          if (earlier) {
            c.header('ETag', `"${earlier.version}"`)
            return c.json(ok(quoteRowOf(earlier.value, deps.now()), `Quote ${earlier.value.number} created`))
          }
          const { clientId, clientName, clientTaxId, serviceAddress, lines, totals, culture, terms, notes } =
            original.value
          const { depositPercent = null, depositAmount = null } = original.value
          const copy = {
            ...draft,
            clientId,
            clientName,
            clientTaxId,
            serviceAddress,
            lines,
            totals,
            culture,
            terms,
            notes,
            depositPercent,
            depositAmount,
            duplicateOf: original.value.id,
          }
          const saved = await withActivityLine(
            deps,
            { empresa: who.tenant.empresa, module: 'cd_cotacao', id: copy.id },
            { by: who.user, action: 'created', made: 1 },
            () => source.insert!(who, copy),
          )
          await logActivity(deps, who.tenant.empresa, 'cd_cotacao', original.value.id, who.user, 'duplicated')
          c.header('ETag', `"${saved.version}"`)
          return c.json(ok(quoteRowOf(saved.value, deps.now()), `Quote ${saved.value.number} created`))
        },
      )
      .post(
        '/:id/deposits',
        doc({
          operationId: 'addQuoteDeposit',
          summary: 'Record a payment of a quote’s deposit',
          description:
            'Money the client paid on an approved (or converted) quote before the work (cash, card, Pix, transfer, boleto) on a day (`date`, today when none) not after today (400 `payment_in_future`), never above what is left of the total (409 `deposit_above_total`). The invoice of the quote’s order is credited with it as a payment already made. 409 `quote_not_approved` before the client approved; 409 `deposit_billed` once the order’s invoice is made (payments go there). Sent again with the same Idempotency-Key it is recorded once. If-Match names the version seen (412 when it changed since). Needs the cd_cotacao page at edit.',
          tags,
          versioned: true,
          responses: { 200: wrapper(quoteRow), 404: apiErrorSchema, 409: apiErrorSchema },
          example: { amount: 50000, method: 'pix', reference: 'E1234567820261125' },
        }),
        requireTenant(deps),
        valid('param', idParam),
        valid('json', paymentInput),
        async (c) => {
          const who = callerOf(deps, c)
          const saved = await deposit.pay(
            who,
            c.req.valid('param').id,
            c.req.valid('json'),
            ifMatchVersion(c.req.header('if-match')),
          )
          c.header('ETag', `"${saved.version}"`)
          return c.json(ok(quoteRowOf(saved.value, deps.now()), 'Deposit recorded'))
        },
      )
      .post(
        '/:id/deposits/:paymentId/reverse',
        doc({
          operationId: 'reverseQuoteDeposit',
          summary: 'Reverse a payment of a quote’s deposit',
          description:
            'A deposit payment that did not happen (a bounced transfer) or was given back is reversed with a reason: it stays on the quote, marked, and no longer counts. 409 `deposit_billed` while an invoice that stands is credited with it (void the invoice first); 409 when it was reversed already; 404 for a payment the quote does not hold. Needs the cd_cotacao page at delete.',
          tags,
          versioned: true,
          responses: { 200: wrapper(quoteRow), 404: apiErrorSchema, 409: apiErrorSchema },
          example: { reason: 'The transfer was returned by the bank' },
        }),
        requireTenant(deps),
        valid('param', z.object({ id: z.string().uuid(), paymentId: z.string().uuid() })),
        valid('json', reverseInput),
        async (c) => {
          const who = callerOf(deps, c)
          const { id, paymentId } = c.req.valid('param')
          const saved = await deposit.reverse(
            who,
            id,
            paymentId,
            c.req.valid('json').reason,
            ifMatchVersion(c.req.header('if-match')),
          )
          c.header('ETag', `"${saved.version}"`)
          return c.json(ok(quoteRowOf(saved.value, deps.now()), 'Deposit reversed'))
        },
      )
      .get(
        '/of-client',
        doc({
          operationId: 'listClientQuotes',
          summary: 'A client’s quotes',
          description:
            'The quotes of one client in the branches the caller works in, newest first, at most 100 (a client unknown to the company has none). Needs the cd_cotacao page at view.',
          tags,
          responses: { 200: wrapper(z.array(quoteRow)) },
        }),
        requireTenant(deps),
        valid('query', z.object({ clientId: z.uuid().describe('The client’s id') }).strict()),
        async (c) => {
          const { grant, empresa } = c.get('tenant')
          const mine = await clientDocuments(quoteStore(deps, empresa), grant, c.req.valid('query').clientId)
          return c.json(ok(mine.map((q) => quoteRowOf(q, deps.now()))))
        },
      )
      .get(
        '/:id/pdf',
        doc({
          operationId: 'getQuotePdf',
          summary: 'The quote as a PDF',
          description:
            'The quote as the client receives it: a PDF with the company’s logo and details, in the quote’s language. 404 when the caller’s company does not hold the quote. Needs the cd_cotacao page at view. 429 with Retry-After past 60 PDFs from one person in 10 minutes.',
          tags,
          responses: PDF_ANSWERS,
        }),
        requireTenant(deps),
        printThrottled(deps),
        valid('param', idParam),
        async (c) => {
          const who = callerOf(deps, c)
          const [quote, company] = await Promise.all([
            source.find(who, c.req.valid('param').id),
            deps.repos.companies.find(who.tenant.empresa),
          ])
          if (!quote || !company) throw notFound('Quote')
          return quotePdfResponse(c, deps, quote.value, company)
        },
      )
      .get(
        '/:id/link',
        doc({
          operationId: 'getQuoteLink',
          summary: 'The client’s link of a sent quote',
          description:
            'The signed link through which the client reads, approves or rejects the quote, and the message that carries it in the client’s language (to copy or share when no e-mail went out). 409 while the quote is not sent (a draft, or withdrawn); 404 when the caller’s company does not hold it. Needs the cd_cotacao page at edit.',
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
          const quote = await source.find(who, c.req.valid('param').id)
          if (!quote) throw notFound('Quote')
          if (quote.value.status === 'draft' || !quote.value.sentAt) throw ruleError(409, 'quote_not_sent')
          const url = await quoteLinkUrl(deps, who.tenant.empresa, quote.value)
          const company = await deps.repos.companies.find(who.tenant.empresa)
          // the e-mail's words, to pass on by another way (WhatsApp ...)
          const whatsapp = await clientWhatsapp(deps, company, quote.value.clientId)
          return c.json(ok({ url, message: quoteMail(quote.value, company?.NOME_EMPRESA ?? '', url).text, whatsapp }))
        },
      ),
  )
}
