import { SignJWT } from 'jose'
import { describe, expect, it, vi } from 'vitest'
import { formatMoney } from '../../domain/money.ts'
import { PUBLIC_LIMITS } from '../../bff/lib/public-throttle.ts'
import { createPrinting } from '../../bff/lib/printing.ts'
import { signInMember, testBff } from '../shared/bff.ts'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'
import { readPdf } from '../shared/pdf.ts'
import { officeOf, sentInvoice, sentQuote } from '../shared/sent-documents.ts'

// The client's side of sent documents (docs/api.md §3): throttled per address, printed once per
// content, and never for longer than the server gives a render.

/** The demo data with a sent invoice; each request names its address in `x-test-address`. */
async function setUp(env: Record<string, string> = {}) {
  const bff = await testBff({ clientAddress: (c) => c.req.header('x-test-address'), env })
  const office = await officeOf((path, init) => bff.api.request(path, init))
  const invoice = await sentInvoice(office, 30)
  const from = (address: string, path: string, init: RequestInit = {}) =>
    bff.api.request(path, { ...init, headers: { 'x-test-address': address } })
  return { bff, office, invoice, from }
}

/** A PDF's words with its layout's runs of spaces as one. */
const words = (bytes: ArrayBuffer) => readPdf(new Uint8Array(bytes)).replace(/\s+/g, ' ')

describe("the client's links", () => {
  it('refuses the PDF one address asks for once too often with 429 and Retry-After, while another address still gets it', async () => {
    const { invoice, from } = await setUp()
    const pdf = `/public/invoices/${invoice.token}/pdf`
    for (let i = 0; i < PUBLIC_LIMITS.pdf; i++) expect((await from('198.51.100.7', pdf)).status).toBe(200)
    const refused = await from('198.51.100.7', pdf)
    expect(refused.status).toBe(429)
    // one more is allowed when one request's share of the ten minutes has passed
    expect(Number(refused.headers.get('retry-after'))).toBe(600 / PUBLIC_LIMITS.pdf)
    expect(await refused.json()).toEqual({
      error: 'Too many requests from your address: try again in a few minutes',
      code: 'too_many_requests',
    })
    // the page's reads count apart, and another address is not held back
    expect((await from('198.51.100.7', `/public/invoices/${invoice.token}`)).status).toBe(200)
    const other = await from('203.0.113.9', pdf)
    expect([other.status, other.headers.get('content-type')]).toEqual([200, 'application/pdf'])
  })

  it("throttles a quote's page and answers in its link's wrapper, and the card checkouts apart", async () => {
    const { office, invoice, from } = await setUp()
    const quote = await sentQuote(office)
    const page = `/public/quotes/${quote.token}`
    for (let i = 0; i < PUBLIC_LIMITS.page; i++) expect((await from('198.51.100.7', page)).status).toBe(200)
    const refused = await from('198.51.100.7', page)
    expect([refused.status, refused.headers.get('retry-after')]).toEqual([429, String(600 / PUBLIC_LIMITS.page)])
    expect(await refused.json()).toMatchObject({ IsSuccess: false, Dados: null, code: 'too_many_requests' })
    // no card provider here: each checkout is refused (409) until there are too many
    const card = `/public/invoices/${invoice.token}/card`
    for (let i = 0; i < PUBLIC_LIMITS.card; i++)
      expect((await from('198.51.100.7', card, { method: 'POST' })).status).toBe(409)
    expect((await from('198.51.100.7', card, { method: 'POST' })).status).toBe(429)
    expect((await from('203.0.113.9', card, { method: 'POST' })).status).toBe(409)
  })

  it('opens nothing for an altered invoice link: its signature, its claims, another secret, no algorithm, a quote’s link', async () => {
    const { bff, office, invoice } = await setUp()
    const quote = await sentQuote(office)
    const opens = async (token: string) => (await bff.api.request(`/public/invoices/${token}`)).status
    expect(await opens(invoice.token)).toBe(200)
    const [header, payload, signature] = invoice.token.split('.')
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>
    const withClaims = (changed: Record<string, unknown>) =>
      `${header}.${Buffer.from(JSON.stringify({ ...claims, ...changed })).toString('base64url')}.${signature}`
    const otherSecret = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-0123456789'))
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`
    for (const token of [
      `${invoice.token.slice(0, -4)}${invoice.token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`,
      withClaims({ e: 2 }),
      withClaims({ n: (claims.n as number) + 1 }),
      withClaims({ exp: (claims.exp as number) + 86_400 * 365 }),
      withClaims({ aud: 'quote-link' }),
      otherSecret,
      unsigned,
      quote.token,
    ]) {
      expect(await opens(token), token).toBe(404)
      expect((await bff.api.request(`/public/invoices/${token}/pdf`)).status, token).toBe(404)
    }
    // an invoice's link is no quote link either
    expect((await bff.api.request(`/public/quotes/${invoice.token}`)).status).toBe(404)
    // a new send makes the link sent before stop opening
    await office(`/cd_invoice/${invoice.id}/send`, { method: 'POST' })
    expect(await opens(invoice.token)).toBe(404)
  })

  it("counts a signed-in person's PDFs: past the limit 429 with Retry-After, while a colleague still prints", async () => {
    const { bff, invoice } = await setUp()
    const MAIN = { 'x-empresa': '1', 'x-filial': '2' }
    const pdf = (token: string) => bff.call(`/cd_invoice/${invoice.id}/pdf`, { token, headers: MAIN })
    const admin = await bff.signIn(DEMO_ADMIN)
    for (let i = 0; i < PUBLIC_LIMITS.print; i++) expect((await pdf(admin)).status).toBe(200)
    const refused = await pdf(admin)
    expect([refused.status, refused.headers.get('retry-after')]).toEqual([429, String(600 / PUBLIC_LIMITS.print)])
    expect(await refused.json()).toMatchObject({ IsSuccess: false, code: 'too_many_requests' })
    const colleague = await signInMember(bff, { empresa: 1, filial: 'all', role: 'finance' }, 'Rui Finanças')
    expect((await pdf(colleague)).headers.get('content-type')).toBe('application/pdf')
  })

  it('prints a document once while nothing it shows changes, and anew once a payment changes what is open', async () => {
    const { bff, office, invoice, from } = await setUp()
    const renders = vi.spyOn(bff.deps.printing, 'inTurn')
    const pdf = `/public/invoices/${invoice.token}/pdf`
    // asked for at once: one render for all
    const first = await Promise.all(Array.from({ length: 5 }, (_, i) => from(`198.51.100.${i}`, pdf)))
    expect(first.map((res) => res.status)).toEqual([200, 200, 200, 200, 200])
    const bytes = await Promise.all(first.map((res) => res.arrayBuffer()))
    expect(renders).toHaveBeenCalledTimes(1)
    const money = (cents: number) => formatMoney(cents, 'BRL', 'pt').replace(/\s/g, ' ')
    expect(words(bytes[0])).toContain(`Em aberto: ${money(invoice.total)}`)
    // asked again: the kept one
    const again = await from('198.51.100.9', pdf)
    expect(Buffer.from(await again.arrayBuffer()).equals(Buffer.from(bytes[0]))).toBe(true)
    expect(renders).toHaveBeenCalledTimes(1)
    // a payment changes what the PDF shows: printed anew, never the kept one
    await office(`/cd_invoice/${invoice.id}/payments`, { method: 'POST', json: { amount: 10_000, method: 'pix' } })
    const paid = words(await (await from('198.51.100.9', pdf)).arrayBuffer())
    expect(paid).toContain(`Pago: ${money(10_000)}`)
    expect(paid).toContain(`Em aberto: ${money(invoice.total - 10_000)}`)
    expect(renders).toHaveBeenCalledTimes(2)
    // the office prints the same document: the kept one
    const token = await bff.signIn()
    const printed = await bff.call(`/cd_invoice/${invoice.id}/pdf`, { token, headers: { 'x-filial': '2' } })
    expect([printed.status, words(await printed.arrayBuffer())]).toEqual([200, paid])
    expect(renders).toHaveBeenCalledTimes(2)
  })

  it('gives a render up past PDF_TIME_LIMIT_MS with 503 and Retry-After, logged, and tries again on the next request', async () => {
    const { bff, invoice, from } = await setUp({ PDF_TIME_LIMIT_MS: '1' })
    const pdf = `/public/invoices/${invoice.token}/pdf`
    const slow = await from('198.51.100.7', pdf)
    expect([slow.status, slow.headers.get('retry-after')]).toEqual([503, '5'])
    expect(await slow.json()).toEqual({
      error: 'The document is taking too long to print: try again in a moment',
      code: 'pdf_too_slow',
    })
    expect(bff.logs).toContainEqual(
      expect.stringContaining(`invoice ${invoice.number}: its PDF was not done in 1 ms and was given up`),
    )
    // nothing was kept: the next request renders again (and is given up again)
    expect((await from('198.51.100.7', pdf)).status).toBe(503)
    expect(bff.logs.filter((line) => line.includes('was given up'))).toHaveLength(2)
  })

  it('hands the turn on at its deadline when a render never ends (a request cancelled on Workers stops its timers)', async () => {
    const { inTurn } = createPrinting()
    void inTurn(AbortSignal.timeout(50), () => new Promise<never>(() => {}))
    const next = inTurn(AbortSignal.timeout(5_000), async () => 'printed')
    await expect(next).resolves.toBe('printed')
  })
})
