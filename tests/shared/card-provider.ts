import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { signatureHeader } from '../../bff/lib/card-provider.ts'

/** The keys the tests configure the app and this provider with. */
export const CARD_KEYS = {
  CARD_PROVIDER_PUBLIC_KEY: 'pk_test_fieldwise',
  CARD_PROVIDER_SECRET_KEY: 'sk_test_0123456789abcdef',
  CARD_PROVIDER_WEBHOOK_SECRET: 'whsec_test_0123456789abcdef',
}

type Checkout = {
  id: string
  amount: number
  currency: string
  reference: string
  description: string
  success_url: string
  cancel_url: string
  paid: boolean
}

/** Where the provider delivers its webhook: the app's URL, or (unit tests) the app called in process. */
type Deliver = (body: string, signature: string) => Promise<{ status: number }>

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (body += chunk))
    req.on('end', () => resolve(body))
    req.on('error', reject)
  })

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * A real HTTP server that plays the card provider (docs/domain.md, "Card payments"): it opens
 * checkouts for the app's secret key (one per Idempotency-Key), shows a hosted page where a card is
 * typed, and on "Pay" signs a `payment.succeeded` event with the webhook secret, delivers it to the
 * app and sends the browser back to the app. Card 4000 0000 0000 0002 is declined.
 */
export async function cardProvider(deliver: Deliver, port = 0) {
  const checkouts = new Map<string, Checkout>()
  const byKey = new Map<string, string>()
  const events: string[] = []
  let next = 1
  // the provider's clock: the tests set it to the app's
  let now = () => Date.now()
  /** Signs and delivers an event (a new one, or one sent before: a provider retries), signed at `at` (seconds). */
  const send = async (body: string, at = Math.floor(now() / 1000)) => {
    events.push(body)
    return deliver(body, await signatureHeader(CARD_KEYS.CARD_PROVIDER_WEBHOOK_SECRET, at, body))
  }
  const pay = async (id: string) => {
    const checkout = checkouts.get(id)
    if (!checkout) throw new Error(`no checkout ${id}`)
    checkout.paid = true
    const body = JSON.stringify({
      id: `evt_${next++}`,
      type: 'payment.succeeded',
      data: {
        payment: `pay_${id}`,
        amount: checkout.amount,
        currency: checkout.currency,
        reference: checkout.reference,
      },
    })
    return { body, answer: await send(body) }
  }
  /** Takes back `amount` of a paid checkout's payment: a refund, or the client's bank's chargeback. */
  const takeBack = async (kind: 'refund' | 'chargeback', checkoutId: string, amount: number) => {
    const checkout = checkouts.get(checkoutId)
    if (!checkout?.paid) throw new Error(`no paid checkout ${checkoutId}`)
    const body = JSON.stringify({
      id: `${kind === 'refund' ? 're' : 'dp'}_${next++}`,
      type: kind === 'refund' ? 'payment.refunded' : 'payment.chargeback',
      data: { payment: `pay_${checkoutId}`, amount, currency: checkout.currency, reference: checkout.reference },
    })
    return { body, answer: await send(body) }
  }
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://provider')
      if (req.method === 'POST' && url.pathname === '/v1/checkouts') {
        if (req.headers.authorization !== `Bearer ${CARD_KEYS.CARD_PROVIDER_SECRET_KEY}`) {
          res.writeHead(401).end('{"error":"bad key"}')
          return
        }
        const input = JSON.parse(await read(req)) as Omit<Checkout, 'id' | 'paid'>
        const key = String(req.headers['idempotency-key'] ?? '')
        const id = (key && byKey.get(key)) || `chk_${next++}`
        if (key) byKey.set(key, id)
        if (!checkouts.has(id)) checkouts.set(id, { ...input, id, paid: false })
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ id, url: `${base}/checkout/${id}` }))
        return
      }
      const match = /^\/checkout\/([\w-]+)$/.exec(url.pathname)
      const checkout = match ? checkouts.get(match[1]) : undefined
      if (!checkout) {
        res.writeHead(404).end('not found')
        return
      }
      if (req.method === 'GET') {
        const amount = (checkout.amount / 100).toFixed(2)
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        res.end(
          `<!doctype html><html lang="en"><head><title>Test card provider</title></head><body><main>` +
            `<h1>Pay ${escape(checkout.currency)} ${amount}</h1><p>${escape(checkout.description)}</p>` +
            `<form method="post"><label>Card number <input name="card" autocomplete="cc-number"></label>` +
            `<button type="submit">Pay ${amount}</button></form></main></body></html>`,
        )
        return
      }
      const card = new URLSearchParams(await read(req)).get('card')?.replace(/\s/g, '') ?? ''
      if (card === '4000000000000002') {
        res.writeHead(402, { 'content-type': 'text/html' }).end('<p>Card declined</p>')
        return
      }
      await pay(checkout.id)
      res.writeHead(303, { location: checkout.success_url }).end()
    })().catch((error: unknown) => res.writeHead(500).end(String(error)))
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: base,
    /** The app's environment for this provider. */
    env: { ...CARD_KEYS, CARD_PROVIDER_URL: base },
    checkouts,
    events,
    /** The clock the provider signs by (the app's, in a test that moves it). */
    setClock: (clock: () => number) => (now = clock),
    pay,
    takeBack,
    send,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
