import { z } from 'zod'
import { hmacSha256 } from './base64.ts'
import type { Deps } from './deps.ts'
import { apiError } from './errors.ts'
import { appLink } from './outbox.ts'

/** How old a webhook's signature may be (its timestamp): a replayed old delivery is refused. */
const SIGNATURE_TOLERANCE_S = 300
/** How long the provider has to open a checkout. */
const CHECKOUT_TIMEOUT_MS = 10_000

/** The provider's answer to a checkout: where the client pays. */
const checkoutAnswer = z.object({ id: z.string().min(1).max(200), url: z.url() })

/** A webhook event the app acts on: a payment that succeeded (docs/domain.md, "Card payments"). */
export const cardEvent = z.object({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(100),
  data: z.object({
    payment: z.string().min(1).max(200),
    amount: z.number().int().positive(),
    currency: z.string().length(3),
    reference: z.string().min(1).max(200),
  }),
})
export type CardEvent = z.output<typeof cardEvent>

/** What a card pays: an invoice's open amount, or a quote's deposit. */
export type CardTarget = { empresa: number; kind: 'invoice' | 'quote'; id: string }

/** What a checkout names of what it pays: the company and the invoice (`1.<id>`) or the quote's deposit (`1.q.<id>`). */
export const cardReference = ({ empresa, kind, id }: CardTarget) =>
  kind === 'quote' ? `${empresa}.q.${id}` : `${empresa}.${id}`
export function readCardReference(reference: string): CardTarget | null {
  const match = /^(\d{1,9})\.(q\.)?([0-9a-f-]{36})$/.exec(reference)
  return match ? { empresa: Number(match[1]), kind: match[2] ? 'quote' : 'invoice', id: match[3]! } : null
}

/** HMAC-SHA256 of `text` with `secret`, as hex. */
export async function hmacHex(secret: string, text: string): Promise<string> {
  return Array.from(await hmacSha256(secret, text), (b) => b.toString(16).padStart(2, '0')).join('')
}

/** The signature header of a body at `t` (seconds): how the provider signs, and how the tests play it. */
export const signatureHeader = async (secret: string, t: number, body: string) =>
  `t=${t},v1=${await hmacHex(secret, `${t}.${body}`)}`

/** Two texts compared in a time that does not tell where they differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return diff === 0
}

/**
 * Whether a webhook's body is the provider's (docs/domain.md, "Card payments"): the `Card-Signature`
 * header `t=<seconds>,v1=<hex HMAC-SHA256 of "t.body">` with the webhook secret, made within
 * SIGNATURE_TOLERANCE_S of now. Any other body is not trusted, whatever it says.
 */
export async function verifiedSignature(secret: string, header: string | undefined, body: string, now: number) {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.trim().split('=', 2) as [string, string]))
  const t = Number(parts.t)
  if (!Number.isInteger(t) || !parts.v1) return false
  if (Math.abs(now / 1000 - t) > SIGNATURE_TOLERANCE_S) return false
  return sameText(await hmacHex(secret, `${t}.${body}`), parts.v1.toLowerCase())
}

/**
 * Opens a checkout at the provider for `amount` of a document (what is open on an invoice, a
 * quote's deposit): the provider's page where the client types their card, and back to the
 * document's client page (`returnPath`) after. One checkout per document version and amount (its
 * Idempotency-Key): asking again for the same answers the same checkout. A provider that does not
 * answer is 502 `card_unavailable`.
 */
export async function openCheckout(
  deps: Deps,
  target: CardTarget,
  document: { number: string; currency: string; version: number; company: string },
  amount: number,
  returnPath: string,
): Promise<string> {
  return requestCheckout(deps, {
    amount,
    currency: document.currency,
    reference: cardReference(target),
    description: `${document.company} · ${document.number}`,
    returnUrl: appLink(deps, returnPath),
    key: `${target.id}.${document.version}.${amount}`,
  }).catch((error: unknown) => {
    deps.log.error(`${target.kind} ${document.number}: the card provider could not open a checkout`, error)
    throw apiError(502, 'The card payment is not available right now: try again or pay by Pix', undefined, {
      code: 'card_unavailable',
    })
  })
}

/** The provider's `POST /v1/checkouts`: the checkout's address. */
async function requestCheckout(
  deps: Deps,
  checkout: {
    amount: number
    currency: string
    reference: string
    description: string
    returnUrl: string
    key: string
  },
): Promise<string> {
  const provider = deps.config.cardProvider
  if (!provider) throw new Error('No card provider is configured')
  const res = await fetch(`${provider.url}/v1/checkouts`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${provider.secretKey}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': checkout.key,
    },
    body: JSON.stringify({
      amount: checkout.amount,
      currency: checkout.currency,
      reference: checkout.reference,
      description: checkout.description,
      success_url: `${checkout.returnUrl}?paid=card`,
      cancel_url: checkout.returnUrl,
    }),
    signal: AbortSignal.timeout(CHECKOUT_TIMEOUT_MS),
  })
  if (!res.ok) throw new Error(`The card provider answered ${res.status}`)
  const { url } = checkoutAnswer.parse(await res.json())
  return url
}
