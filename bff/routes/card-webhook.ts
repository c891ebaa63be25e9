import { paymentAccount } from '../lib/accounts.ts'
import { Hono } from 'hono'
import { z } from 'zod'
import { dateIn } from '../../domain/dates.ts'
import { paidStatus, type StoredInvoice } from '../../domain/schemas/invoices.ts'
import { paidOf, type PaymentRecord, type ProviderReversal } from '../../domain/schemas/payments.ts'
import { ConflictError } from '../../storage/errors.ts'
import { sha256Hex, uuidFromHex } from '../lib/base64.ts'
import {
  cardEvent,
  readCardReference,
  verifiedSignature,
  type CardEvent,
  type CardTarget,
} from '../lib/card-provider.ts'
import type { Versioned } from '../../storage/store.ts'
import type { AppEnv, Deps } from '../lib/deps.ts'
import { apiError } from '../lib/errors.ts'
import { invoiceStore } from '../lib/invoice-store.ts'
import { invoicing } from '../lib/invoicing.ts'
import { deposits } from '../lib/deposits.ts'
import { quoteStore } from '../lib/quote-store.ts'
import type { StoredQuote } from '../../domain/schemas/quotes.ts'
import { logMoneyOnce } from '../lib/resource.ts'
import { apiErrorSchema, doc } from '../lib/openapi.ts'
import { HTTPException } from 'hono/http-exception'

/** The provider's events that take a card payment back: a refund, a chargeback. */
const REVERSALS = { 'payment.refunded': 'refund', 'payment.chargeback': 'chargeback' } as const

/** Who a card payment's record names. */
const PROVIDER = { id: 'card-provider', name: 'Card' }

/** What a card pays, as stored. */
type Paid = { id: string; number: string; currency: string; timeZone: string }

/** What a card pays, as the webhook works with it: its record, its payments, and how one is taken or taken back. */
type Ledger<T extends Paid> = {
  module: 'cd_invoice' | 'cd_cotacao'
  hit: Versioned<T>
  payments: (record: T) => PaymentRecord[]
  /** The record with the payment, refused (an HTTP error) when it cannot take it. */
  take: (record: T, payment: PaymentRecord) => T
  /** The record with its payments changed (one reversed, the rest of a part kept). */
  withPayments: (record: T, payments: PaymentRecord[]) => T
  write: (action: string, expected: { version: number; retry: boolean }, change: (record: T) => T) => Promise<unknown>
}

/**
 * The card provider's webhook (docs/domain.md, "Card payments"): a signed event that a payment
 * succeeded records it once on what it paid — an invoice, or a quote's deposit — the same event
 * delivered twice, or two events of one payment, record one payment (its id follows from the
 * provider's payment id). A payment that cannot be taken (paid meanwhile, voided) is kept on the
 * record's timeline for the office to refund.
 */
export function cardWebhookRoutes(deps: Deps) {
  const making = invoicing(deps)
  const deposit = deposits(deps)

  /** What `target` names, as a ledger; null when it is not there. */
  async function invoiceLedger(target: CardTarget): Promise<Ledger<StoredInvoice> | null> {
    const hit = await invoiceStore(deps, target.empresa).get(target.id)
    return hit
      ? {
          module: 'cd_invoice',
          hit,
          payments: (i) => i.payments,
          take: making.withPayment,
          withPayments: (i, payments) => {
            const total = paidOf(payments)
            return { ...i, payments, paid: total, status: paidStatus(i.totals.total, total) }
          },
          write: (action, expected, change) =>
            making.write(target.empresa, PROVIDER, target.id, action, expected, change),
        }
      : null
  }
  async function quoteLedger(target: CardTarget): Promise<Ledger<StoredQuote> | null> {
    const hit = await quoteStore(deps, target.empresa).get(target.id)
    return hit
      ? {
          module: 'cd_cotacao',
          hit,
          payments: (q) => q.deposits ?? [],
          take: deposit.withDeposit,
          withPayments: (q, payments) => ({ ...q, deposits: payments }),
          write: (action, expected, change) =>
            deposit.write(target.empresa, PROVIDER, target.id, action, expected, change),
        }
      : null
  }

  /**
   * A refund or chargeback of a card payment: the payment is reversed, naming the provider's
   * reference and what it took back (a part taken back leaves the rest as a payment of its own), what
   * it paid open again by that much; once per event. One of a payment the record never took (the
   * office refunded it) is a timeline line naming the amount, unless told not to (`logUnmatched`).
   * True when the event is (now) applied to it.
   */
  async function takeBack<T extends Paid>(
    empresa: number,
    ledger: Ledger<T>,
    kind: ProviderReversal['kind'],
    data: CardEvent['data'] & { id: string },
    logUnmatched = true,
  ): Promise<boolean> {
    const found = ledger.hit
    const timeline = { empresa, module: ledger.module, id: found.value.id }
    const rest = uuidFromHex(await sha256Hex(`card ${kind}\n${data.id}`))
    const done = (r: T) => ledger.payments(r).some((p) => p.id === rest || p.reversed?.provider?.reference === data.id)
    const live = (r: T) =>
      ledger.payments(r).find((p) => p.providerPaymentId === data.payment && p.method === 'card' && !p.reversed)
    if (done(found.value)) return true
    if (!live(found.value) || data.currency !== found.value.currency) {
      if (logUnmatched)
        await logMoneyOnce(deps, timeline, PROVIDER, `card_${kind}_unmatched`, {
          amount: data.amount,
          currency: data.currency,
          reference: data.id,
          event: data.id,
        })
      return false
    }
    const at = new Date(deps.now()).toISOString()
    await ledger.write(`card_${kind}`, { version: found.version, retry: true }, (r) => {
      const paid = live(r)
      if (done(r) || !paid) return r
      const back = Math.min(data.amount, paid.amount)
      const reversed = { reason: data.id, by: PROVIDER.name, at, provider: { kind, reference: data.id, amount: back } }
      const kept: PaymentRecord[] =
        back < paid.amount ? [{ ...paid, id: rest, amount: paid.amount - back, at, reversed: null }] : []
      return ledger.withPayments(r, [
        ...ledger.payments(r).map((p) => (p.id === paid.id ? { ...p, reversed } : p)),
        ...kept,
      ])
    })
    return true
  }

  /** A payment that succeeded, recorded once on what it paid; one it cannot take is a timeline line for the office. */
  async function record<T extends Paid>(empresa: number, ledger: Ledger<T>, data: CardEvent['data']) {
    const found = ledger.hit
    const { payment: providerPayment, amount, currency } = data
    const id = uuidFromHex(await sha256Hex(`card payment\n${providerPayment}`))
    if (ledger.payments(found.value).some((p) => p.id === id)) return
    const payment: PaymentRecord = {
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
      accountId: await paymentAccount(deps, empresa, 'card'),
    }
    try {
      if (currency !== found.value.currency)
        throw apiError(409, 'Another currency', undefined, { code: 'invalid_value' })
      await ledger.write('card_payment', { version: found.version, retry: true }, (r) => ledger.take(r, payment))
    } catch (error) {
      if (!(error instanceof HTTPException) && !(error instanceof ConflictError)) throw error
      // the money was taken but the record cannot take it: the office refunds it (its timeline says
      // what and which payment, once however often the provider tells it)
      deps.log.error(`card payment ${providerPayment} of ${amount} could not be applied to ${found.value.number}`)
      await logMoneyOnce(
        deps,
        { empresa, module: ledger.module, id: found.value.id },
        PROVIDER,
        'card_payment_unapplied',
        {
          amount,
          currency,
          reference: providerPayment,
          event: providerPayment,
        },
      )
    }
  }

  return new Hono<AppEnv>().post(
    '/card',
    doc({
      operationId: 'receiveCardWebhook',
      summary: 'The card provider confirms a payment',
      description:
        'Called by the card provider, not by people: the body is its event, signed in the `Card-Signature` header (`t=<seconds>,v1=<hex HMAC-SHA256 of "t.body">` with CARD_PROVIDER_WEBHOOK_SECRET, at most 5 minutes old); 400 for a body not so signed, and nothing is recorded. A `payment.succeeded` event records the payment on what its reference names — an invoice (`<company>.<invoice id>`) or a quote’s deposit (`<company>.q.<quote id>`) — once however often it is delivered (a deposit whose order’s invoice is made is recorded on that invoice; one it cannot take is a timeline line naming the amount and the provider’s payment id); `payment.refunded` and `payment.chargeback` reverse the card payment `payment` names by `amount`, once per event id (a deposit’s on the quote and on the invoice credited with it), the rest of a part taken back staying a payment; other events are acknowledged and ignored. 404 when no card provider is configured.',
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
      const target = readCardReference(event.data.data.reference)
      const data = { ...event.data.data, id: event.data.id }
      /** The event worked on what it pays, of either kind, by the same steps. */
      const apply = async <T extends Paid>(ledger: Ledger<T> | null) => {
        if (!target || !ledger) {
          deps.log.error(`card ${event.data.type} ${data.payment}: nothing to pay for reference ${data.reference}`)
          return
        }
        await (reversal ? takeBack(target.empresa, ledger, reversal, data) : record(target.empresa, ledger, data))
      }
      if (target?.kind !== 'quote') await apply(target && (await invoiceLedger(target)))
      else {
        // a deposit once its order's invoice is made is the invoice's (bff/lib/deposits.ts)
        const quote = await quoteLedger(target)
        const invoiceId = quote?.hit.value.creditedTo
        const credited = invoiceId ? await invoiceLedger({ ...target, kind: 'invoice', id: invoiceId }) : null
        if (!reversal || !quote) await (credited ? apply(credited) : apply(quote))
        else {
          // taken back: the invoice's copy (or the payment it took itself) and the quote's own, each once per event
          const onInvoice = credited ? await takeBack(target.empresa, credited, reversal, data, false) : false
          await takeBack(target.empresa, quote, reversal, data, !onInvoice)
        }
      }
      return c.json({ received: true })
    },
  )
}
