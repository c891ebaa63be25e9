import { afterAll, describe, expect, it } from 'vitest'
import { DEMO_ADMIN, DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { callAs, signInMember, testBff, type TestBff } from '../shared/bff.ts'
import { cardProvider } from '../shared/card-provider.ts'
import { MAIN, TECH_ID, wednesdayAhead } from '../shared/booking.ts'
import { bankStatement } from '../shared/ofx.ts'
import { readPdf } from '../shared/pdf.ts'

type Payment = {
  id: string
  amount: number
  method: string
  reversed: { reason: string } | null
  deposit: string | null
}
type Quote = {
  id: string
  number: string
  status: string
  totals: { total: number }
  depositPercent: number | null
  depositAmount: number | null
  depositAsked: number
  depositPaid: number
  deposits: Payment[]
  orderId: string | null
  creditedTo: string | null
}
type PublicQuote = {
  state: string
  deposit: {
    asked: number
    paid: number
    open: number
    pix: { key: string; code: string } | null
    card: boolean
  } | null
}
type Invoice = {
  id: string
  status: string
  paid: number
  open: number
  totals: { total: number }
  payments: Payment[]
}
type Month = { month: string; collected: number }
type List<T> = { items: T[] }

const PIX_KEY = '11222333000181'
const { at } = wednesdayAhead(75)

let webhookTarget: TestBff | null = null
const provider = await cardProvider(async (body, signature) => {
  if (!webhookTarget) throw new Error('no app to deliver to')
  const res = await webhookTarget.call('/webhooks/card', {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'card-signature': signature },
  })
  return { status: res.status }
})
afterAll(() => provider.close())

/** The demo company taking Pix and cards; a quote with a deposit, sent, and its client's link. */
async function setUp(deposit: { depositPercent?: number; depositAmount?: number } = { depositPercent: 40 }) {
  let clock = Date.parse(at('08:00'))
  const bff = await testBff({ now: () => clock, env: { ...provider.env, PUBLIC_URL: 'https://app.example' } })
  webhookTarget = bff
  provider.setClock(() => clock)
  const admin = await callAs(bff, DEMO_ADMIN, MAIN)
  const tech = await callAs(bff, DEMO_TECHNICIAN, MAIN)
  await admin('/ac_empresas/1', { method: 'PATCH', json: { PIX_KEY, CIDADE: 'São Paulo' } })
  const client = (await admin<List<{ id: string }>>('/cd_cliente?size=1&sort=name')).body.Dados.items[0]
  /** A quote of 1,250.00 asking `asked`, sent: its link's page, the client's approval, its order completed. */
  const sentQuote = async (asked: typeof deposit) => {
    const made = await admin<Quote>('/cd_cotacao', {
      method: 'POST',
      json: {
        clientId: client.id,
        lines: [{ description: 'Split 12,000 BTU installation', quantity: 1, unitPrice: 125000 }],
        ...asked,
      },
    })
    expect(made.status).toBe(200)
    const quote = made.body.Dados
    expect((await admin(`/cd_cotacao/${quote.id}/send`, { method: 'POST' })).status).toBe(200)
    const token = (await admin<{ url: string }>(`/cd_cotacao/${quote.id}/link`)).body.Dados.url.split('/q/')[1]
    const page = async () =>
      ((await (await bff.call(`/public/quotes/${token}`)).json()) as { Dados: PublicQuote }).Dados
    const approve = () => bff.call(`/public/quotes/${token}/approve`, { method: 'POST', json: { name: 'Ana Souza' } })
    /** The converted quote's order, its visit done by the demo technician: completed. */
    const completedOrder = async () => {
      const converted = await admin<Quote>(`/cd_cotacao/${quote.id}/convert`, { method: 'POST' })
      expect(converted.status).toBe(200)
      const orderId = converted.body.Dados.orderId!
      const booked = await admin<{ visits: Array<{ id: string }> }>('/cd_ordemagendamento', {
        method: 'POST',
        json: { orderId, technicianIds: [TECH_ID], start: at('09:00'), end: at('12:00'), force: true },
      })
      const visit = booked.body.Dados.visits[0].id
      for (const [step, json] of [['depart', { etaMinutes: 15 }], ['arrive'], ['finish']] as const) {
        expect(
          (await tech(`/cd_techorders/${visit}/${step}`, { method: 'POST', ...(json ? { json } : {}) })).status,
        ).toBe(200)
        clock += 45 * 60_000
      }
      return orderId
    }
    return { quote, token, page, approve, completedOrder }
  }
  const collected = async () => {
    const month = at('08:00').slice(0, 7)
    const res = await admin<{ months: Month[] }>(`/cd_reports/revenue?from=${month}&to=${month}`)
    return res.body.Dados.months[0].collected
  }
  return { bff, admin, tech, sentQuote, collected, ...(await sentQuote(deposit)) }
}

// docs/domain.md "Deposits": asked on the quote, paid once approved, credited on the order's invoice
describe('a deposit', () => {
  it('is asked on the quote, paid by Pix once approved, and credited on the invoice as a payment already made', async () => {
    const { bff, admin, quote, token, page, approve, completedOrder, collected } = await setUp()
    expect(quote).toMatchObject({ depositPercent: 40, depositAmount: null, depositAsked: 50000, depositPaid: 0 })
    // before the client approves, the page names the deposit but no code to pay it
    expect((await page()).deposit).toEqual({
      asked: 50000,
      paid: 0,
      open: 50000,
      pix: null,
      card: false,
      credited: false,
    })
    const early = await admin(`/cd_cotacao/${quote.id}/deposits`, {
      method: 'POST',
      json: { amount: 50000, method: 'pix' },
    })
    expect([early.status, early.body.code]).toEqual([409, 'quote_not_approved'])
    expect((await approve()).status).toBe(200)
    const approved = await page()
    expect(approved.state).toBe('approved')
    // the Pix code of the deposit: the company's key, the amount, the quote's number
    expect(approved.deposit?.pix?.key).toBe(PIX_KEY)
    expect(approved.deposit?.pix?.code).toContain('5406500.00')
    expect(approved.deposit?.pix?.code).toContain(quote.number.replace(/[^A-Za-z0-9]/g, ''))
    const before = await collected()
    // the office records it; the same request again records it once
    const pay = () =>
      admin<Quote>(`/cd_cotacao/${quote.id}/deposits`, {
        method: 'POST',
        json: { amount: 50000, method: 'pix', reference: 'E123' },
        headers: { 'idempotency-key': 'deposit-1' },
      })
    const paid = await pay()
    expect(paid.status).toBe(200)
    expect((await pay()).body.Dados.deposits).toHaveLength(1)
    expect(paid.body.Dados).toMatchObject({ depositPaid: 50000, deposits: [{ amount: 50000, method: 'pix' }] })
    expect((await page()).deposit).toMatchObject({ paid: 50000, open: 0, pix: null, card: false })
    // the client's PDF names the deposit and what of it is paid, in the quote's language
    const pdf = await bff.call(`/public/quotes/${token}/pdf`)
    const text = readPdf(new Uint8Array(await pdf.arrayBuffer()))
    expect(text).toMatch(
      /(Deposit on approval|Sinal na aprovação|Anticipo al aprobar): R\$\s?500[.,]00 · (paid|pago) R\$\s?500[.,]00/,
    )
    // money received: the month's collected counts it once
    expect(await collected()).toBe(before + 50000)
    const tooMuch = await admin(`/cd_cotacao/${quote.id}/deposits`, {
      method: 'POST',
      json: { amount: 75001, method: 'cash' },
    })
    expect([tooMuch.status, tooMuch.body.code]).toEqual([409, 'deposit_above_total'])

    const orderId = await completedOrder()
    const shown = await admin<Array<{ amount: number; quoteNumber: string }>>(`/cd_ordem/${orderId}/deposits`)
    expect(shown.body.Dados).toMatchObject([{ amount: 50000, quoteNumber: quote.number }])
    const invoiceId = (await admin<{ invoiceId: string }>(`/cd_ordem/${orderId}/invoice`, { method: 'POST' })).body
      .Dados.invoiceId
    const draft = (await admin<Invoice>(`/cd_invoice/${invoiceId}`)).body.Dados
    expect(draft).toMatchObject({
      status: 'draft',
      paid: 50000,
      open: 75000,
      payments: [{ id: paid.body.Dados.deposits[0].id, amount: 50000, deposit: quote.number }],
    })
    // once the invoice is made, the deposit is its: no more on the quote, and not reversed there
    expect((await admin<Quote>(`/cd_cotacao/${quote.id}`)).body.Dados.creditedTo).toBe(invoiceId)
    expect((await page()).deposit).toMatchObject({ credited: true, pix: null, card: false })
    const late = await admin(`/cd_cotacao/${quote.id}/deposits`, {
      method: 'POST',
      json: { amount: 100, method: 'cash' },
    })
    expect([late.status, late.body.code]).toEqual([409, 'deposit_billed'])
    const depositId = draft.payments[0].id
    const undo = await admin(`/cd_cotacao/${quote.id}/deposits/${depositId}/reverse`, {
      method: 'POST',
      json: { reason: 'Bounced' },
    })
    expect([undo.status, undo.body.code]).toEqual([409, 'deposit_billed'])
    // issued, it is partly paid at once; the deposit is not counted again
    const issued = await admin<Invoice>(`/cd_invoice/${invoiceId}/issue`, { method: 'POST' })
    expect(issued.body.Dados).toMatchObject({ status: 'partially_paid', open: 75000 })
    expect(await collected()).toBe(before + 50000)
    const onInvoice = await admin(`/cd_invoice/${invoiceId}/payments/${depositId}/reverse`, {
      method: 'POST',
      json: { reason: 'Bounced' },
    })
    expect([onInvoice.status, onInvoice.body.code]).toEqual([409, 'payment_is_deposit'])
    // a void is judged on its own payments: the deposit goes back to the quote, which may reverse it then
    const voided = await admin<Invoice>(`/cd_invoice/${invoiceId}/void`, { method: 'POST', json: { reason: 'Wrong' } })
    expect(voided.body.Dados.status).toBe('void')
    expect((await admin<Quote>(`/cd_cotacao/${quote.id}`)).body.Dados.creditedTo).toBeNull()
    const anew = (await admin<{ invoiceId: string }>(`/cd_ordem/${orderId}/invoice`, { method: 'POST' })).body.Dados
      .invoiceId
    expect((await admin<Invoice>(`/cd_invoice/${anew}`)).body.Dados.paid).toBe(50000)
    const rest = await admin<Invoice>(`/cd_invoice/${anew}/issue`, { method: 'POST' })
    expect(rest.body.Dados.status).toBe('partially_paid')
    const last = await admin<Invoice>(`/cd_invoice/${anew}/payments`, {
      method: 'POST',
      json: { amount: 75000, method: 'pix' },
    })
    expect(last.body.Dados).toMatchObject({ status: 'paid', open: 0 })
    expect(await collected()).toBe(before + 125000)
  })

  it('is paid by card on the client’s page once, and a refund reverses it', async () => {
    const { admin, bff, quote, token, approve, page, collected } = await setUp({ depositAmount: 30000 })
    expect(quote.depositAsked).toBe(30000)
    const refused = await bff.call(`/public/quotes/${token}/card`, { method: 'POST' })
    expect(refused.status).toBe(409)
    expect((await approve()).status).toBe(200)
    const before = await collected()
    const checkout = (await (await bff.call(`/public/quotes/${token}/card`, { method: 'POST' })).json()) as {
      Dados: { url: string }
    }
    const id = checkout.Dados.url.split('/checkout/')[1]
    expect(provider.checkouts.get(id)).toMatchObject({ amount: 30000, currency: 'BRL' })
    const { body } = await provider.pay(id)
    // the provider delivers the same event again: one payment
    await provider.send(body)
    const paid = (await admin<Quote>(`/cd_cotacao/${quote.id}`)).body.Dados
    expect(paid.deposits).toMatchObject([{ amount: 30000, method: 'card', by: 'Card' }])
    expect((await page()).deposit).toMatchObject({ paid: 30000, open: 0 })
    expect(await collected()).toBe(before + 30000)
    await provider.takeBack('refund', id, 30000)
    const back = (await admin<Quote>(`/cd_cotacao/${quote.id}`)).body.Dados
    expect(back.depositPaid).toBe(0)
    expect(back.deposits[0].reversed).toMatchObject({ reason: expect.stringMatching(/^re_/) })
    expect(await collected()).toBe(before)
  })

  it('is asked as a percentage or an amount, never both, and recorded only by who takes payments', async () => {
    const { admin, tech, quote } = await setUp({ depositAmount: 20000 })
    const draft = await admin<Quote>('/cd_cotacao', {
      method: 'POST',
      json: {
        clientId: (await admin<Quote & { clientId: string }>(`/cd_cotacao/${quote.id}`)).body.Dados.clientId,
        lines: [{ description: 'Cleaning', quantity: 1, unitPrice: 10000 }],
        depositPercent: 50,
        depositAmount: 5000,
      },
    })
    expect(draft.status).toBe(400)
    expect(draft.body).toMatchObject({ codes: { depositAmount: 'deposit_twice' } })
    const bad = await admin('/cd_cotacao', { method: 'POST', json: { depositPercent: 101 } })
    expect(bad.body).toMatchObject({ codes: { depositPercent: 'invalid_percent' } })
    const byTech = await tech(`/cd_cotacao/${quote.id}/deposits`, {
      method: 'POST',
      json: { amount: 100, method: 'cash' },
    })
    expect(byTech.status).toBe(403)
    // the amount asked never exceeds the total, and is kept on a duplicate
    const copy = await admin<Quote>(`/cd_cotacao/${quote.id}/duplicate`, { method: 'POST' })
    expect(copy.body.Dados).toMatchObject({ depositAmount: 20000, depositAsked: 20000, deposits: [] })
    const cleared = await admin<Quote>(`/cd_cotacao/${copy.body.Dados.id}`, {
      method: 'PATCH',
      json: { depositAmount: null },
    })
    expect(cleared.body.Dados).toMatchObject({ depositAmount: null, depositAsked: 0 })
  })

  it('once the order is invoiced, a card payment opened before goes to the invoice, and a refund of the deposit reverses it there too', async () => {
    const { admin, bff, quote, token, approve, completedOrder, collected } = await setUp({ depositAmount: 30000 })
    expect((await approve()).status).toBe(200)
    const before = await collected()
    const checkout = async () =>
      (
        (await (await bff.call(`/public/quotes/${token}/card`, { method: 'POST' })).json()) as {
          Dados: { url: string }
        }
      ).Dados.url.split('/checkout/')[1]
    // 100.00 paid by card before the work, and a second checkout left open
    await admin(`/cd_cotacao/${quote.id}`, { method: 'GET' })
    const first = await checkout()
    provider.checkouts.get(first)!.amount = 10000
    await provider.pay(first)
    const second = await checkout()
    expect(provider.checkouts.get(second)).toMatchObject({ amount: 20000 })
    const orderId = await completedOrder()
    const invoiceId = (await admin<{ invoiceId: string }>(`/cd_ordem/${orderId}/invoice`, { method: 'POST' })).body
      .Dados.invoiceId
    await admin(`/cd_invoice/${invoiceId}/issue`, { method: 'POST' })
    // the client pays the checkout opened before: the money lands on the invoice, not on the quote
    await provider.pay(second)
    const invoice = async () => (await admin<Invoice>(`/cd_invoice/${invoiceId}`)).body.Dados
    expect(await invoice()).toMatchObject({ paid: 30000, open: 95000 })
    expect((await admin<Quote>(`/cd_cotacao/${quote.id}`)).body.Dados.depositPaid).toBe(10000)
    expect(await collected()).toBe(before + 30000)
    // the deposit's refund: taken back on the quote and on the invoice's copy, once however often told
    const refund = await provider.takeBack('refund', first, 10000)
    await provider.send(refund.body)
    expect(await invoice()).toMatchObject({ status: 'partially_paid', paid: 20000, open: 105000 })
    expect((await admin<Quote>(`/cd_cotacao/${quote.id}`)).body.Dados.depositPaid).toBe(0)
    expect(await collected()).toBe(before + 20000)
    // the later payment's refund: the invoice's own
    await provider.takeBack('refund', second, 20000)
    expect(await invoice()).toMatchObject({ status: 'issued', paid: 0, open: 125000 })
    expect(await collected()).toBe(before)
  })

  it('recorded or reversed while its order is invoiced: the invoice holds exactly what the quote counts', async () => {
    const { admin, sentQuote } = await setUp({ depositAmount: 40000 })
    const credited = (i: Invoice) =>
      i.payments.filter((p) => p.deposit && !p.reversed).reduce((n, p) => n + p.amount, 0)
    for (let round = 0; round < 4; round++) {
      const { quote, approve, completedOrder } = await sentQuote({ depositAmount: 40000 })
      expect((await approve()).status).toBe(200)
      const paid = await admin<Quote>(`/cd_cotacao/${quote.id}/deposits`, {
        method: 'POST',
        json: { amount: 20000, method: 'pix' },
      })
      const orderId = await completedOrder()
      const first = paid.body.Dados.deposits[0].id
      // at once: a second payment, the first reversed, and the invoice made
      const [more, undone, invoiced] = await Promise.all([
        admin(`/cd_cotacao/${quote.id}/deposits`, { method: 'POST', json: { amount: 5000, method: 'cash' } }),
        admin(`/cd_cotacao/${quote.id}/deposits/${first}/reverse`, { method: 'POST', json: { reason: 'Bounced' } }),
        admin<{ invoiceId: string }>(`/cd_ordem/${orderId}/invoice`, { method: 'POST' }),
      ])
      for (const res of [more, undone]) expect([200, 409]).toContain(res.status)
      for (const res of [more, undone]) if (res.status === 409) expect(res.body.code).toBe('deposit_billed')
      const invoice = (await admin<Invoice>(`/cd_invoice/${invoiced.body.Dados.invoiceId}`)).body.Dados
      const now = (await admin<Quote>(`/cd_cotacao/${quote.id}`)).body.Dados
      expect(credited(invoice)).toBe(now.depositPaid)
      expect(invoice.paid).toBe(now.depositPaid)
    }
  })

  it('paid by Pix into the bank is found on the bank’s statement by who reads quotes, its copy by who reads the invoice only, once', async () => {
    const { bff, admin, quote, approve, completedOrder } = await setUp()
    expect((await approve()).status).toBe(200)
    type Line = { status: string; match: { kind: string; id: string; quoteId: string | null; label: string } | null }
    type Statement = { id: string; lines: Line[] }
    const bank = (
      await admin<{ id: string }>('/cd_contas', { method: 'POST', json: { name: 'Banco Azul', kind: 'bank' } })
    ).body.Dados
    const paid = await admin<Quote>(`/cd_cotacao/${quote.id}/deposits`, {
      method: 'POST',
      json: { amount: 50000, method: 'pix', accountId: bank.id },
    })
    const deposit = paid.body.Dados.deposits[0] as Payment & { date: string }
    const form = (fitId: string) => {
      const body = new FormData()
      const file = bankStatement([{ date: deposit.date, amount: '500.00', fitId, memo: 'PIX RECEBIDO ANA SOUZA' }])
      body.set('file', new File([file], `${fitId}.ofx`, { type: 'application/x-ofx' }))
      return body
    }
    const upload = async (fitId: string) =>
      (await admin<Statement>(`/cd_contas/${bank.id}/statements`, { method: 'POST', body: form(fitId) })).body.Dados
    /** A finance member of the main branch importing on the same account; `levels` its own page levels. */
    const memberUpload = async (name: string, levels: Record<string, 'none'> = {}) => {
      const token = await signInMember(bff, { empresa: 1, filial: 2, role: 'finance' }, name)
      const me = (await bff.deps.repos.users.members(1)).find((u) => u.value.name === name)!.value
      if (Object.keys(levels).length) await bff.deps.repos.pageAccess.saveOverrides(1, me.id, levels)
      return async (fitId: string) => {
        const res = await bff.call(`/cd_contas/${bank.id}/statements`, {
          method: 'POST',
          body: form(fitId),
          token,
          headers: { 'x-empresa': '1', 'x-filial': '2' },
        })
        return ((await res.json()) as { Dados: Statement }).Dados
      }
    }
    // finance (who reads quotes but does not change them) finds it too, in an import of its own
    const finance = await memberUpload('Fabi Finanças')
    expect((await finance('F1')).lines[0]).toMatchObject({ status: 'suggested', match: { kind: 'deposit' } })
    // who reads invoices but not quotes is offered nothing yet: the deposit is the quote's
    const noQuotes = await memberUpload('Iris Faturas', { cd_cotacao: 'none' })
    expect((await noQuotes('I1')).lines[0]).toMatchObject({ status: 'unmatched', match: null })
    // its order invoiced: the invoice holds a copy of the deposit, offered to her as the invoice's payment
    const orderId = await completedOrder()
    const invoiceId = (await admin<{ invoiceId: string }>(`/cd_ordem/${orderId}/invoice`, { method: 'POST' })).body
      .Dados.invoiceId
    expect((await admin(`/cd_invoice/${invoiceId}/issue`, { method: 'POST' })).status).toBe(200)
    expect((await noQuotes('I2')).lines[0]).toMatchObject({
      status: 'suggested',
      match: { kind: 'payment', id: deposit.id, invoiceId },
    })
    // the office is offered the deposit itself (not its copy too), and confirms it
    const first = await upload('D1')
    expect(first.lines[0]).toMatchObject({
      status: 'suggested',
      match: { kind: 'deposit', id: deposit.id, quoteId: quote.id, label: expect.stringContaining(quote.number) },
    })
    const confirmed = await admin<Statement>(`/cd_contas/${bank.id}/statements/${first.id}/lines/1/confirm`, {
      method: 'POST',
    })
    expect([confirmed.status, confirmed.body.Dados.lines[0].status]).toEqual([200, 'matched'])
    // one movement: neither the deposit nor its copy is offered again, to either
    expect((await upload('D2')).lines[0]).toMatchObject({ status: 'unmatched', match: null })
    expect((await noQuotes('I3')).lines[0]).toMatchObject({ status: 'unmatched', match: null })
  })
})
