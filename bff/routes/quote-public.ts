import { Hono } from 'hono'
import { z } from 'zod'
import { publicQuoteSchema } from '../../domain/schemas/quotes.ts'
import { quoteStore } from '../lib/quote-store.ts'
import { wrapper } from '../../domain/schemas/common.ts'
import { text } from '../../domain/schemas/fields.ts'
import type { AppEnv, Deps } from '../lib/deps.ts'
import { apiError, fieldError, ruleError } from '../lib/errors.ts'
import { documentTotals } from '../../domain/document-lines.ts'
import { apiErrorSchema, doc } from '../lib/openapi.ts'
import { PDF_ANSWERS } from '../lib/printing.ts'
import { throttled } from '../lib/public-throttle.ts'
import { readQuoteLink } from '../lib/document-link.ts'
import { ok, withActivityLine } from '../lib/resource.ts'
import { noticeOfAnswer } from '../lib/quote-notice.ts'
import { ConflictError } from '../../storage/errors.ts'
import { valid } from '../lib/validate.ts'
import { openCheckout } from '../lib/card-provider.ts'
import { logoAnswer, publicQuote, quotePdfResponse } from '../lib/quote-document.ts'

const tags = ['public quotes']
const tokenParam = z.object({ token: z.string().min(20).max(2000) })

/**
 * The client's side of a sent quote (`/q/<token>`): no sign-in, the signed link is the key. It
 * opens the quote of the send it was made for, and approves (the client types their name) or
 * rejects (with a reason) while the quote waits for an answer and has not expired.
 */
export function quotePublicRoutes(deps: Deps) {
  /** The quote a link opens, with its company; 404 for a bad, expired or replaced link. */
  async function open(token: string) {
    const claims = await readQuoteLink(deps, token)
    const found = claims ? await quoteStore(deps, claims.empresa).get(claims.id) : null
    if (!claims || !found || found.value.sendCount !== claims.send)
      throw apiError(404, 'This link is not valid (any more)', undefined, { code: 'not_found' })
    const company = await deps.repos.companies.find(claims.empresa)
    if (!company) throw apiError(404, 'This link is not valid (any more)', undefined, { code: 'not_found' })
    return { empresa: claims.empresa, quote: found.value, version: found.version, company }
  }
  const view = ({ quote, company }: Awaited<ReturnType<typeof open>>) => publicQuote(deps, quote, company)
  /** The client's answer: only to a sent quote that has not expired; one activity line names them. */
  async function decide(
    token: string,
    to: 'approved' | 'rejected',
    decision: { name: string; reason?: string },
    address: string,
    /** On approval: the optional lines the client chose (their indexes among the lines); the others are left out. */
    options?: number[],
  ) {
    const opened = await open(token)
    const { empresa, quote } = opened
    if (options?.some((i) => !quote.lines[i]?.optional)) throw fieldError('options', 'not_an_option')
    const lines = options
      ? quote.lines.map((l, i) => (l.optional ? { ...l, chosen: options.includes(i) } : l))
      : quote.lines
    // the same answer sent again (its first reply was lost, a second tap): what is now true, not a refusal
    const sameChoice = !options || quote.lines.every((l, i) => !l.optional || Boolean(l.chosen) === options.includes(i))
    if (
      quote.status === to &&
      quote.decision?.name === decision.name &&
      quote.decision.reason === decision.reason &&
      sameChoice
    )
      return view(opened)
    if (quote.status !== 'sent')
      throw apiError(409, 'This quote was already answered', undefined, { code: 'transition_not_allowed' })
    if (view(opened).state === 'expired') throw ruleError(409, 'quote_expired')
    const at = new Date(deps.now()).toISOString()
    const answered = () =>
      apiError(409, 'This quote was already answered', undefined, { code: 'transition_not_allowed' })
    // the answer and its timeline line as one unit, on the version the client saw: of two answers at once, one is taken
    const saved = await withActivityLine(
      deps,
      { empresa, module: 'cd_cotacao', id: quote.id },
      {
        by: { id: 'client', name: decision.name },
        action: to === 'approved' ? 'client_approved' : 'client_rejected',
        made: opened.version + 1,
      },
      () =>
        quoteStore(deps, empresa)
          .update(
            quote.id,
            (q) => {
              if (q.status !== 'sent' || q.sendCount !== quote.sendCount) throw answered()
              return {
                ...q,
                status: to,
                decision: { ...decision, at, address },
                ...(options ? { lines, totals: documentTotals(lines) } : {}),
              }
            },
            { expectVersion: opened.version },
          )
          .catch((error: unknown) => {
            throw error instanceof ConflictError ? answered() : error
          }),
    )
    if (!saved) throw apiError(404, 'This link is not valid (any more)', undefined, { code: 'not_found' })
    // the office hears of it; a notice that fails is logged, the answer stands
    await noticeOfAnswer(deps, empresa, saved.value, to, decision.name).catch((error: unknown) =>
      deps.log.error(`quote ${quote.number}: the office's notice failed`, error),
    )
    return view({ ...opened, quote: saved.value })
  }
  const answer = wrapper(publicQuoteSchema)
  const errors = { 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema }
  const addressOf = (c: Parameters<Deps['clientAddress']>[0]) => deps.clientAddress(c) ?? 'unknown'

  return new Hono<AppEnv>()
    .get(
      '/:token',
      doc({
        operationId: 'getPublicQuote',
        summary: 'The quote a client’s link opens',
        description:
          'What the client sees of a sent quote: the company, the lines, the totals, the validity and its state (waiting, approved, rejected, expired), and the deposit it asks (paid, open, and once approved the Pix code of what is open and whether a card may pay it). No token: the signed link is the key. 404 for a link that is bad, expired or replaced by a later send. 429 with Retry-After past 120 of the link pages’ reads and answers from one address in 10 minutes.',
        tags,
        auth: false,
        responses: { 200: answer, 404: apiErrorSchema, 429: apiErrorSchema },
      }),
      throttled(deps, 'page'),
      valid('param', tokenParam),
      async (c) => c.json(ok(view(await open(c.req.valid('param').token)))),
    )
    .get(
      '/:token/logo',
      doc({
        operationId: 'getPublicQuoteLogo',
        summary: 'The quoting company’s logo',
        description:
          'The logo of the company that sent the quote, as stored (PNG, JPEG, WebP or SVG). 404 for a bad link or a company without a logo. Counts with the page’s reads (429).',
        tags,
        auth: false,
        responses: {
          200: { description: 'The image', content: 'image/*' },
          404: apiErrorSchema,
          429: apiErrorSchema,
        },
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
        operationId: 'getPublicQuotePdf',
        summary: 'The quote as a PDF',
        description:
          'The quote the link opens as a PDF, in the quote’s language. 404 for a bad, expired or replaced link. 429 with Retry-After past 20 PDFs from one address in 10 minutes; 503 when the PDF cannot be made in time.',
        tags,
        auth: false,
        responses: PDF_ANSWERS,
      }),
      throttled(deps, 'pdf'),
      valid('param', tokenParam),
      async (c) => {
        const { quote, company } = await open(c.req.valid('param').token)
        return quotePdfResponse(c, deps, quote, company)
      },
    )
    .post(
      '/:token/approve',
      doc({
        operationId: 'approvePublicQuote',
        summary: 'The client approves the quote',
        description:
          'The client approves, typing their name, and chooses among its optional lines (`options`: their indexes among the lines; those left out do not count, and the totals follow); their address and the time are kept with the decision. An index that is not an optional line is 400. 409 when the quote was already answered otherwise or has expired (the same answer sent again, its reply lost — the same name, reason and options — is answered with the quote as it is); 404 for a bad or replaced link. Counts with the page’s reads (429).',
        tags,
        auth: false,
        responses: { 200: answer, ...errors },
        example: { name: 'Ana Souza', options: [] },
      }),
      throttled(deps, 'page'),
      valid('param', tokenParam),
      valid(
        'json',
        z.object({ name: text(120), options: z.array(z.number().int().min(0).max(99)).max(100).optional() }),
      ),
      async (c) =>
        c.json(
          ok(
            await decide(
              c.req.valid('param').token,
              'approved',
              { name: c.req.valid('json').name },
              addressOf(c),
              c.req.valid('json').options,
            ),
            'Quote approved',
          ),
        ),
    )
    .post(
      '/:token/card',
      doc({
        operationId: 'payPublicQuoteDepositByCard',
        summary: 'The client pays the quote’s deposit by card: a checkout at the provider',
        description:
          'Once the client approved, opens a checkout at the card provider for what is open of the deposit and answers its address, where the client types their card; the provider confirms the payment to the app by its signed webhook (POST /api/webhooks/card), which records it on the quote. 409 when no deposit is open, the quote is not approved or no card provider is configured; 502 when the provider does not answer; 404 for a bad or replaced link; 429 with Retry-After past 10 checkouts from one address in 10 minutes.',
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
        const opened = await open(token)
        const { empresa, quote, version, company } = opened
        const deposit = view(opened).deposit
        if (!deposit?.card)
          throw apiError(409, 'This deposit cannot be paid by card now', undefined, { code: 'quote_not_approved' })
        const url = await openCheckout(
          deps,
          { empresa, kind: 'quote', id: quote.id },
          { number: quote.number, currency: quote.currency, version, company: company.NOME_EMPRESA },
          deposit.open,
          `/q/${token}`,
        )
        return c.json(ok({ url }))
      },
    )
    .post(
      '/:token/reject',
      doc({
        operationId: 'rejectPublicQuote',
        summary: 'The client rejects the quote',
        description:
          'The client rejects, typing their name and a reason. 409 when the quote was already answered otherwise or has expired (the same answer sent again, its reply lost, is answered with the quote as it is); 404 for a bad or replaced link. Counts with the page’s reads (429).',
        tags,
        auth: false,
        responses: { 200: answer, ...errors },
        example: { name: 'Ana Souza', reason: 'We chose another date' },
      }),
      throttled(deps, 'page'),
      valid('param', tokenParam),
      valid('json', z.object({ name: text(120), reason: text(1000) })),
      async (c) => {
        const { name, reason } = c.req.valid('json')
        return c.json(
          ok(await decide(c.req.valid('param').token, 'rejected', { name, reason }, addressOf(c)), 'Quote rejected'),
        )
      },
    )
}
