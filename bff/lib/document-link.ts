import { jwtVerify, SignJWT } from 'jose'
import { TOKEN_ISSUER } from './tokens.ts'
import { appLink } from './outbox.ts'
import type { Deps } from './deps.ts'
import type { QuoteRecord } from '../../domain/schemas/quotes.ts'
import type { InvoiceRecord } from '../../domain/schemas/invoices.ts'

/** A link opens until a day after its end (a quote's valid-until date: then it is expired anyway). */
const GRACE_SECONDS = 24 * 60 * 60
/** An invoice's link opens this long after its send: until it is paid, and to read it afterwards. */
const INVOICE_LINK_DAYS = 400

export type DocumentLinkClaims = { empresa: number; id: string; send: number }
/** What a link names of its document: its id, its send, when it was sent and until when it opens (a day, ISO). */
type Linked = { id: string; sendCount: number; sentAt: string | null; createdAt: string }

/**
 * The client's link to a sent document (`/q/<token>` a quote, `/i/<token>` an invoice; no sign-in):
 * signed with the app's secret for this use only (never an access token), naming the company, the
 * document and the send it belongs to — a new send makes the older links stop opening — and
 * expiring with the document.
 */
function documentLink(audience: string, idClaim: string, path: string) {
  async function token(deps: Deps, empresa: number, doc: Linked, until: string): Promise<string> {
    const issuedAt = Math.floor(Date.parse(doc.sentAt ?? doc.createdAt) / 1000)
    const expires = Math.floor(Date.parse(`${until}T23:59:59Z`) / 1000) + GRACE_SECONDS
    return new SignJWT({ e: empresa, [idClaim]: doc.id, n: doc.sendCount })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(TOKEN_ISSUER)
      .setAudience(audience)
      .setIssuedAt(issuedAt)
      .setExpirationTime(Math.max(expires, issuedAt + 60))
      .sign(deps.secret)
  }
  return {
    token,
    url: async (deps: Deps, empresa: number, doc: Linked, until: string) =>
      appLink(deps, `/${path}/${await token(deps, empresa, doc, until)}`),
    /** The claims of a genuine, unexpired link; null for anything else. */
    async read(deps: Deps, token: string): Promise<DocumentLinkClaims | null> {
      try {
        const { payload } = await jwtVerify(token, deps.secret, {
          algorithms: ['HS256'],
          issuer: TOKEN_ISSUER,
          audience,
          currentDate: new Date(deps.now()),
        })
        const { e, n } = payload as { e?: unknown; n?: unknown }
        const id = payload[idClaim]
        if (typeof e !== 'number' || typeof id !== 'string' || typeof n !== 'number') return null
        return { empresa: e, id, send: n }
      } catch {
        return null
      }
    },
  }
}

const quoteLink = documentLink('quote-link', 'q', 'q')
const invoiceLink = documentLink('invoice-link', 'i', 'i')

/** A sent quote's link: it opens until its valid-until date. */
export const quoteLinkUrl = (deps: Deps, empresa: number, quote: QuoteRecord) =>
  quoteLink.url(deps, empresa, quote, quote.validUntil)
export const readQuoteLink = quoteLink.read

/** A sent invoice's link: it opens INVOICE_LINK_DAYS after the send. */
const invoiceUntil = (invoice: InvoiceRecord) =>
  new Date(Date.parse(invoice.sentAt ?? invoice.createdAt) + INVOICE_LINK_DAYS * 86_400_000).toISOString().slice(0, 10)
export const invoiceLinkUrl = (deps: Deps, empresa: number, invoice: InvoiceRecord) =>
  invoiceLink.url(deps, empresa, invoice, invoiceUntil(invoice))
export const readInvoiceLink = invoiceLink.read
