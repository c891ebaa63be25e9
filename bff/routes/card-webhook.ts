import { paymentAccount } from '../lib/accounts.ts'
import { Hono } from 'hono'
import { z } from 'zod'
import { dateIn } from '../../domain/dates.ts'
import {
  paidOf,
  paidStatus,
  type InvoicePayment,
  type ProviderReversal,
  type StoredInvoice,
} from '../../domain/schemas/invoices.ts'
import { ConflictError } from '../../storage/errors.ts'
import { sha256Hex, uuidFromHex } from '../lib/base64.ts'
import { cardEvent, readCardReference, verifiedSignature, type CardEvent } from '../lib/card-provider.ts'
import type { Versioned } from '../../storage/store.ts'
import type { AppEnv, Deps } from '../lib/deps.ts'
import { apiError } from '../lib/errors.ts'
import { invoiceStore } from '../lib/invoice-store.ts'
import { invoicing } from '../lib/invoicing.ts'
import { logMoneyOnce } from '../lib/resource.ts'
import { apiErrorSchema, doc } from '../lib/openapi.ts'
import { HTTPException } from 'hono/http-exception'

/** The provider's events that take a card payment back: a refund, a chargeback. */
const REVERSALS = { 'payment.refunded': 'refund', 'payment.chargeback': 'chargeback' } as const

/** Who a card payment's record names. */
const PROVIDER = { id: 'card-provider', name: 'Card' }

/**
 * The card provider's webhook (docs/domain.md, "Card payments"): a signed event that a payment
 * succeeded records it on its invoice once — the same event delivered twice, or two events of one
 * payment, record one payment (its id follows from the provider's payment id). A payment the
 * invoice cannot take (paid meanwhile, voided) is kept on its timeline for the office to refund.
 */
export function cardWebhookRoutes(deps: Deps) {
  const making = invoicing(deps)
  /**
   * A refund or chargeback of a card payment: the payment is reversed, naming the provider's
   * reference and what it took back (a part taken back leaves the rest as a payment of its own), the
   * invoice open again by that much; once per event. One of a payment the invoice never took (the
   * office refunded it) is a timeline line naming the amount.
   */
  async function takeBack(
    found: Versioned<StoredInvoice>,
    kind: ProviderReversal['kind'],
    data: CardEvent['data'] & { id: string },
  ) {
    const timeline = { empresa: readCardReference(data.reference)!.empresa, module: 'cd_invoice', id: found.value.id }
    const rest = uuidFromHex(await sha256Hex(`card ${kind}\n${data.id}`))
    const done = (i: StoredInvoice) =>
      i.payments.some((p) => p.id === rest || p.reversed?.provider?.reference === data.id)
    const live = (i: StoredInvoice) =>
      i.payments.find((p) => p.providerPaymentId === data.payment && p.method === 'card' && !p.reversed)
    if (done(found.value)) return
    if (!live(found.value) || data.currency !== found.value.currency) {
      await logMoneyOnce(deps, timeline, PROVIDER, `card_${kind}_unmatched`, {
        amount: data.amount,
        currency: data.currency,
        reference: data.id,
        event: data.id,
      })
      return
    }
    const at = new Date(deps.now()).toISOString()
    await making.write(
      timeline.empresa,
      PROVIDER,
      found.value.id,
      `card_${kind}`,
      { version: found.version, retry: true },
      (i) => {
        const paid = live(i)
        if (done(i) || !paid) return i
        const back = Math.min(data.amount, paid.amount)
        const reversed = {
          reason: data.id,
          by: PROVIDER.name,
          at,
          provider: { kind, reference: data.id, amount: back },
        }
        const kept: InvoicePayment[] =
          back < paid.amount ? [{ ...paid, id: rest, amount: paid.amount - back, at, reversed: null }] : []
        const payments = [...i.payments.map((p) => (p.id === paid.id ? { ...p, reversed } : p)), ...kept]
        const total = paidOf(payments)
        return { ...i, payments, paid: total, status: paidStatus(i.totals.total, total) }
      },
    )
  }
  return new Hono<AppEnv>().post(
    '/card',
    doc({
      operationId: 'receiveCardWebhook',
      summary: 'The card provider confirms a payment',
      description:
        'Called by the card provider, not by people: the body is its event, signed in the `Card-Signature` header (`t=<seconds>,v1=<hex HMAC-SHA256 of "t.body">` with CARD_PROVIDER_WEBHOOK_SECRET, at most 5 minutes old); 400 for a body not so signed, and nothing is recorded. A `payment.succeeded` event records the payment on the invoice its reference names, once however often it is delivered (one the invoice cannot take is a timeline line naming the amount and the provider’s payment id); `payment.refunded` and `payment.chargeback` reverse the card payment `payment` names by `amount`, once per event id, the rest of a part taken back staying a payment; other events are acknowledged and ignored. 404 when no card provider is configured.',
      tags: ['webhooks'],
      auth: false,
      responses: { 200: z.object({ received: z.boolean() }), 400: apiErrorSchema, 404: apiErrorSchema },
      example: {
        id: 'evt_1',
        type: 'payment.succeeded',
        data: { payment: 'pay_1', amount: 15000, currency: 'BRL', reference: '1.0b7e6a52-3c1d-4f5e-9a8b-2c4d6e8f0a1b' },
      },
    }),
    async (c) => {
      const provider = deps.config.cardProvider
      if (!provider) throw apiError(404, 'Not found', undefined, { code: 'not_found' })
      const body = await c.req.text()
      if (!(await verifiedSignature(provider.webhookSecret, c.req.header('card-signature'), body, deps.now())))
        throw apiError(400, 'The signature of this event is not valid', undefined, { code: 'invalid_signature' })
      let parsed: unknown
      try {
        parsed = JSON.parse(body)
      } catch {
        throw apiError(400, 'The event is not JSON', undefined, { code: 'invalid_value' })
      }
      const event = cardEvent.safeParse(parsed)
      if (!event.success)
        throw apiError(400, 'The event is not one this app reads', undefined, { code: 'invalid_value' })
      const reversal = REVERSALS[event.data.type as keyof typeof REVERSALS]
      if (event.data.type !== 'payment.succeeded' && !reversal) return c.json({ received: true })
      const { payment: providerPayment, amount, currency, reference } = event.data.data
      const target = readCardReference(reference)
      const found = target ? await invoiceStore(deps, target.empresa).get(target.invoiceId) : null
      if (!target || !found) {
        deps.log.error(`card ${event.data.type} ${providerPayment}: no invoice for reference ${reference}`)
        return c.json({ received: true })
      }
      const timeline = { empresa: target.empresa, module: 'cd_invoice', id: target.invoiceId }
      if (reversal) {
        await takeBack(found, reversal, { ...event.data.data, id: event.data.id })
        return c.json({ received: true })
      }
      const id = uuidFromHex(await sha256Hex(`card payment\n${providerPayment}`))
      if (found.value.payments.some((p) => p.id === id)) return c.json({ received: true })
      const payment: InvoicePayment = {
        id,
        date: dateIn(found.value.timeZone, deps.now()),
        amount,
        method: 'card',
        reference: providerPayment,
        note: '',
        by: PROVIDER.name,
        at: new Date(deps.now()).toISOString(),
        reversed: null,
        providerPaymentId: providerPayment,
        // the account that takes card payments by default (the provider's payout account)
        accountId: await paymentAccount(deps, target.empresa, 'card'),
      }
      try {
        if (currency !== found.value.currency)
          throw apiError(409, 'Another currency', undefined, { code: 'invalid_value' })
        await making.write(
          target.empresa,
          PROVIDER,
          target.invoiceId,
          'card_payment',
          { version: found.version, retry: true },
          (i) => making.withPayment(i, payment),
        )
      } catch (error) {
        if (!(error instanceof HTTPException) && !(error instanceof ConflictError)) throw error
        // the money was taken but the invoice cannot take it: the office refunds it (its timeline says
        // what and which payment, once however often the provider tells it)
        deps.log.error(
          `card payment ${providerPayment} of ${amount} could not be applied to invoice ${found.value.number}`,
        )
        await logMoneyOnce(deps, timeline, PROVIDER, 'card_payment_unapplied', {
          amount,
          currency,
          reference: providerPayment,
          event: providerPayment,
        })
      }
      return c.json({ received: true })
    },
  )
}
