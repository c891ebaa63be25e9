// The card provider the browser tests' server is configured with (playwright.config.ts): the real
// local server of tests/shared/card-provider.ts, delivering its signed webhook to the app over HTTP.
import { cardProvider } from '../shared/card-provider.ts'

const app = process.env.APP_URL ?? 'http://127.0.0.1:3111'
const port = Number(process.env.CARD_PROVIDER_PORT ?? 2727)

await cardProvider(async (body, signature) => {
  const res = await fetch(`${app}/api/webhooks/card`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'card-signature': signature },
  })
  return { status: res.status }
}, port)
console.log(`card provider on http://127.0.0.1:${port}, delivering to ${app}`)
