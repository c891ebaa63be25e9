import { Hono } from 'hono'
import { z } from 'zod'
import { publicQuoteSchema, QUOTES, type QuoteRecord } from '../../domain/schemas/quotes.ts'
import { wrapper } from '../../domain/schemas/common.ts'
import { text } from '../../domain/schemas/fields.ts'
import type { AppEnv, Deps } from '../lib/deps.ts'
import { apiError, ruleError } from '../lib/errors.ts'
import { apiErrorSchema, doc } from '../lib/openapi.ts'
import { readQuoteLink } from '../lib/quote-link.ts'
import { valid } from '../lib/validate.ts'
import { quoteRowOf } from './cd-cotacao.ts'

type Stored = QuoteRecord & { timeZone: string }
const tags = ['public quotes']
const tokenParam = z.object({ token: z.string().min(20).max(2000) })
const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp']


/**
 * The client's side of a sent quote (`/q/<token>`): no sign-in, the signed link is the key. It
 * opens the quote of the send it was made for, and approves (the client types their name) or
 * rejects (with a reason) while the quote waits for an answer and has not expired.
 */
export function quotePublicRoutes(deps: Deps) {
  /** The quote a link opens, with its company; 404 for a bad, expired or replaced link. */
  async function open(token: string) {
    const claims = await readQuoteLink(deps, token)
    const found = claims ? await deps.repos.collection<Stored>(claims.empresa, QUOTES).get(claims.id) : null
    if (!claims || !found || found.value.sendCount !== claims.send) throw apiError(404, 'This link is not valid (any more)', undefined, { code: 'not_found' })
    const company = await deps.repos.companies.find(claims.empresa)
    if (!company) throw apiError(404, 'This link is not valid (any more)', undefined, { code: 'not_found' })
    return { empresa: claims.empresa, quote: found.value, company }
  }
  const view = ({ quote, company }: Awaited<ReturnType<typeof open>>): z.output<typeof publicQuoteSchema> => {
    const row = quoteRowOf(quote, deps.now())
    return {
      company: { name: company.NOME_EMPRESA, legalName: company.RAZAO_SOCIAL, taxId: company.CNPJ, address: company.ENDERECO ?? '', phone: company.TELEFONE ?? '', email: company.EMAIL ?? '', hasLogo: Boolean(company.ID_ARQUIVO) },
      number: row.number,
      clientName: row.clientName,
      clientTaxId: row.clientTaxId,
      serviceAddress: row.serviceAddress,
      lines: row.lines.map(({ jobId, ...line }) => (void jobId, line)),
      totals: row.totals,
      currency: row.currency,
      validUntil: row.validUntil,
      culture: row.culture,
      terms: row.terms,
      state: row.state,
      decision: row.decision ? { name: row.decision.name, at: row.decision.at, ...(row.decision.reason ? { reason: row.decision.reason } : {}) } : null,
    }
  }
  /** The client's answer: only to a sent quote that has not expired; one activity line names them. */
  async function decide(token: string, to: 'approved' | 'rejected', decision: { name: string; reason?: string }, address: string) {
    const opened = await open(token)
    const { empresa, quote } = opened
    if (quote.status !== 'sent') throw apiError(409, 'This quote was already answered', undefined, { code: 'transition_not_allowed' })
    if (view(opened).state === 'expired') throw ruleError(409, 'quote_expired')
    const at = new Date(deps.now()).toISOString()
    const saved = await deps.repos.collection<Stored>(empresa, QUOTES).update(quote.id, (q) => {
      if (q.status !== 'sent' || q.sendCount !== quote.sendCount) throw apiError(409, 'This quote was already answered', undefined, { code: 'transition_not_allowed' })
      return { ...q, status: to, decision: { ...decision, at, address } }
    })
    if (!saved) throw apiError(404, 'This link is not valid (any more)', undefined, { code: 'not_found' })
    await deps.repos.activity(empresa, 'cd_cotacao', quote.id).add({ id: crypto.randomUUID(), at, userId: 'client', userName: decision.name, action: to === 'approved' ? 'client_approved' : 'client_rejected' })
    return view({ ...opened, quote: saved.value })
  }
  const answer = wrapper(publicQuoteSchema)
  const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema }
  const addressOf = (c: Parameters<Deps['clientAddress']>[0]) => deps.clientAddress(c) ?? 'unknown'

  return new Hono<AppEnv>()
    .get('/:token', doc({ summary: 'The quote a client link opens', tags, auth: false, responses: { 200: answer, 404: apiErrorSchema } }), valid('param', tokenParam), async (c) => c.json({ IsSuccess: true as const, Dados: view(await open(c.req.valid('param').token)), Msg: '' }))
    .get('/:token/logo', doc({ summary: "The quoting company's logo", tags, auth: false, responses: { 200: { description: 'The image', content: 'image/png' }, 404: apiErrorSchema } }), valid('param', tokenParam), async (c) => {
      const { empresa, company } = await open(c.req.valid('param').token)
      const files = deps.repos.company(empresa).files()
      const meta = company.ID_ARQUIVO ? await files.find(company.ID_ARQUIVO) : null
      if (!meta || !LOGO_TYPES.includes(meta.type)) throw apiError(404, 'No logo', undefined, { code: 'not_found' })
      const bytes = await files.bytes(meta)
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': meta.type, 'Cache-Control': 'private, max-age=3600', 'Content-Security-Policy': "default-src 'none'; sandbox" })
    })
    .post('/:token/approve', doc({ summary: 'The client approves, typing their name', tags, auth: false, responses: { 200: answer, ...errors } }), valid('param', tokenParam), valid('json', z.object({ name: text(120) })), async (c) =>
      c.json({ IsSuccess: true as const, Dados: await decide(c.req.valid('param').token, 'approved', { name: c.req.valid('json').name }, addressOf(c)), Msg: 'Quote approved' }),
    )
    .post('/:token/reject', doc({ summary: 'The client rejects, with a reason', tags, auth: false, responses: { 200: answer, ...errors } }), valid('param', tokenParam), valid('json', z.object({ name: text(120), reason: text(1000) })), async (c) => {
      const { name, reason } = c.req.valid('json')
      return c.json({ IsSuccess: true as const, Dados: await decide(c.req.valid('param').token, 'rejected', { name, reason }, addressOf(c)), Msg: 'Quote rejected' })
    })
}
