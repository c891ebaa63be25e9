import { afterAll, describe, expect, inject, it } from 'vitest'
import { faultyStore } from '../shared/faulty-store.ts'
import { DEMO_ADMIN, DEMO_TECHNICIAN, DEMO_TIME_ZONE } from '../../seeds/tenancy.ts'
import { addDays, dateIn } from '../../domain/dates.ts'
import { crc16 } from '../../domain/pix.ts'
import { orderStore } from '../../bff/lib/order-store.ts'
import { callAs, TEST_STORAGE, testBff, type TestBff } from '../shared/bff.ts'
import { cardProvider } from '../shared/card-provider.ts'
import { readPdf } from '../shared/pdf.ts'
import { mailServer } from '../shared/smtp.ts'
import { moneyRaces } from '../shared/money-races.ts'
import { openStore } from '../../storage/open.ts'
import { remindOverdue } from '../../bff/lib/invoice-reminders.ts'
import { smtpMailer } from '../../bff/lib/smtp-mailer.ts'
import { MAIN, TECH_ID, wednesdayAhead } from '../shared/booking.ts'

type Payment = { id: string; amount: number; method: string; date: string; reversed: { reason: string } | null }
type Invoice = {
  id: string
  number: string
  status: string
  state: string
  clientId: string
  orderIds: string[]
  orderNumbers: string[]
  visits: Array<{ orderNumber: string; technician: string; technicianId: string | null; minutes: number }>
  lines: Array<{ description: string; total: number }>
  totals: { total: number }
  total: number
  paid: number
  open: number
  issueDate: string | null
  dueDate: string
  payments: Payment[]
  voided: { reason: string } | null
  delivery: { by: string; reason?: string } | null
  sentAt: string | null
}
type Order = { id: string; number: string; status: string; invoiceId: string | null; totals: { total: number } }
type List<T> = { items: T[]; pagination: { length: number } }
type PublicInvoice = {
  number: string
  open: number
  state: string
  pix: { key: string; code: string } | null
  card: boolean
}

const PIX_KEY = '11222333000181'
const { day, at } = wednesdayAhead(70)

// the card provider's webhook goes to the app under test (set per test by setUp)
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
const smtp = await mailServer()
afterAll(() => Promise.all([provider.close(), smtp.close()]))

/**
 * The demo company (its Pix key and city set) with a clock the test moves and the card provider
 * configured; a completed order of the demo technician's visit, ready to invoice.
 */
async function setUp(options: Parameters<typeof testBff>[0] = {}) {
  let clock = Date.parse(at('08:00'))
  const bff = await testBff({
    now: () => clock,
    env: { ...provider.env, PUBLIC_URL: 'https://app.example' },
    ...options,
  })
  webhookTarget = bff
  provider.setClock(() => clock)
  const admin = await callAs(bff, DEMO_ADMIN, MAIN)
  const tech = await callAs(bff, DEMO_TECHNICIAN, MAIN)
  await admin('/ac_empresas/1', { method: 'PATCH', json: { PIX_KEY, CIDADE: 'São Paulo', INVOICE_DUE_DAYS: 15 } })
  const client = (await admin<List<{ id: string }>>('/cd_cliente?size=1&sort=name')).body.Dados.items[0]
  const jobs = (await admin<List<{ id: string; code: string }>>('/cd_job?size=100')).body.Dados.items
  const job = (code: string) => jobs.find((j) => j.code === code)!.id
  /** An order of the client, done by the demo technician in 1 h 30 on site: completed. */
  const completedOrder = async () => {
    const order = (
      await admin<Order>('/cd_ordem', {
        method: 'POST',
        json: { clientId: client.id, lines: [{ jobId: job('AC-INST'), quantity: 1 }] },
      })
    ).body.Dados
    const booked = await admin<{ visits: Array<{ id: string }> }>('/cd_ordemagendamento', {
      method: 'POST',
      json: { orderId: order.id, technicianIds: [TECH_ID], start: at('09:00'), end: at('12:00'), force: true },
    })
    const visit = booked.body.Dados.visits[0].id
    for (const [step, json] of [['depart', { etaMinutes: 15 }], ['arrive'], ['finish']] as const) {
      const res = await tech(`/cd_techorders/${visit}/${step}`, { method: 'POST', ...(json ? { json } : {}) })
      expect(res.status).toBe(200)
      clock += 45 * 60_000
    }
    return (await admin<Order>(`/cd_ordem/${order.id}`)).body.Dados
  }
  /** An issued invoice of a completed order. */
  const issuedInvoice = async () => {
    const order = await completedOrder()
    const invoiceId = (await admin<Order>(`/cd_ordem/${order.id}/invoice`, { method: 'POST' })).body.Dados.invoiceId!
    const issued = await admin<Invoice>(`/cd_invoice/${invoiceId}/issue`, { method: 'POST' })
    expect(issued.status).toBe(200)
    return issued.body.Dados
  }
  /** The issued invoice sent, and a card checkout opened on its link: the checkout's id at the provider. */
  const cardCheckout = async (invoiceId: string) => {
    await admin(`/cd_invoice/${invoiceId}/send`, { method: 'POST' })
    const token = (await admin<{ url: string }>(`/cd_invoice/${invoiceId}/link`)).body.Dados.url.split('/i/')[1]
    const checkout = (await (await bff.call(`/public/invoices/${token}/card`, { method: 'POST' })).json()) as {
      Dados: { url: string }
    }
    return checkout.Dados.url.split('/checkout/')[1]
  }
  return {
    bff,
    admin,
    tech,
    cardCheckout,
    client,
    job,
    completedOrder,
    issuedInvoice,
    tick: (minutes: number) => (clock += minutes * 60_000),
    now: () => clock,
  }
}

// cd_invoice (docs/domain.md): invoices from completed orders, their payments and the client's link
describe('cd_invoice', () => {
  it('invoices a completed order once: its lines and visits come along, the order becomes invoiced; voiding frees it', async () => {
    const { admin, completedOrder } = await setUp()
    const order = await completedOrder()
    expect(order.status).toBe('completed')
    const first = await admin<Order>(`/cd_ordem/${order.id}/invoice`, { method: 'POST' })
    expect(first.status).toBe(200)
    expect(first.body.Dados).toMatchObject({ status: 'invoiced', invoiceId: expect.any(String) })
    // run again (a double click, a retry): the same invoice, never a second
    const again = await admin<Order>(`/cd_ordem/${order.id}/invoice`, { method: 'POST' })
    expect(again.body.Dados.invoiceId).toBe(first.body.Dados.invoiceId)
    const invoice = (await admin<Invoice>(`/cd_invoice/${first.body.Dados.invoiceId}`)).body.Dados
    expect(invoice).toMatchObject({
      number: expect.stringMatching(/^FAT-SAO-\d{4}-\d{6}$/),
      status: 'draft',
      orderIds: [order.id],
      orderNumbers: [order.number],
      totals: { total: order.totals.total },
      visits: [
        { orderNumber: order.number, technician: expect.any(String), technicianId: expect.any(String), minutes: 45 },
      ],
    })
    // a draft cannot be paid; issuing dates it and sets the due date from the company's days to pay
    const early = await admin(`/cd_invoice/${invoice.id}/payments`, {
      method: 'POST',
      json: { amount: 100, method: 'cash' },
    })
    expect(early.status).toBe(409)
    expect(early.body.code).toBe('invoice_not_payable')
    // what the technician who did the visit is credited with this month (docs/domain.md "Reports")
    const credited = async () =>
      (
        await admin<{ technicians: Array<{ technicianId: string; invoiced: number }> }>('/cd_reports/technicians')
      ).body.Dados.technicians.find((t) => t.technicianId === invoice.visits[0].technicianId)?.invoiced ?? 0
    const before = await credited()
    const issued = (await admin<Invoice>(`/cd_invoice/${invoice.id}/issue`, { method: 'POST' })).body.Dados
    expect(issued.status).toBe('issued')
    expect(await credited()).toBe(before + issued.totals.total)
    expect(issued.issueDate).toBe(day)
    expect(Date.parse(issued.dueDate) - Date.parse(day)).toBe(15 * 86_400_000)
    // issued, it is no longer edited
    const edit = await admin(`/cd_invoice/${invoice.id}`, { method: 'PATCH', json: { notes: 'late change' } })
    expect(edit.status).toBe(409)
    expect(edit.body.code).toBe('invoice_not_draft')
    // void with a reason: the order is completed again and invoiced anew into another invoice
    const noReason = await admin(`/cd_invoice/${invoice.id}/void`, { method: 'POST', json: {} })
    expect(noReason.status).toBe(400)
    const voided = await admin<Invoice>(`/cd_invoice/${invoice.id}/void`, {
      method: 'POST',
      json: { reason: 'Wrong client address' },
    })
    expect(voided.body.Dados).toMatchObject({ status: 'void', open: 0, voided: { reason: 'Wrong client address' } })
    expect(await credited()).toBe(before)
    expect((await admin<Order>(`/cd_ordem/${order.id}`)).body.Dados).toMatchObject({
      status: 'completed',
      invoiceId: null,
    })
    const anew = await admin<Order>(`/cd_ordem/${order.id}/invoice`, { method: 'POST' })
    expect(anew.body.Dados.invoiceId).not.toBe(invoice.id)
    const second = (await admin<Invoice>(`/cd_invoice/${anew.body.Dados.invoiceId}`)).body.Dados
    // numbers follow on, without a gap
    expect(Number(second.number.slice(-6))).toBe(Number(invoice.number.slice(-6)) + 1)
    // an order not completed cannot be invoiced, nor one of another client into the same invoice
    const fresh = (
      await admin<Order>('/cd_ordem', {
        method: 'POST',
        json: { clientId: invoice.clientId, lines: [{ description: 'Visit', quantity: 1, unitPrice: 9000 }] },
      })
    ).body.Dados
    const notDone = await admin(`/cd_ordem/${fresh.id}/invoice`, { method: 'POST' })
    expect(notDone.status).toBe(409)
    expect(notDone.body.code).toBe('order_not_completed')
    expect((await admin<Order>(`/cd_ordem/${fresh.id}`)).body.Dados.status).toBe('new')
  })

  it('answers a keyed retry of an issue that landed, though its first run could not say so, with the invoice issued', async () => {
    // the next invoice write lands, then neither its reply nor a read-back comes for a while
    const { store, failNext, back } = faultyStore(/:invoices:[^:]+$/)
    const { admin, completedOrder } = await setUp({ store })
    const order = await completedOrder()
    const invoiceId = (await admin<Order>(`/cd_ordem/${order.id}/invoice`, { method: 'POST' })).body.Dados.invoiceId!
    const issue = () =>
      admin<Invoice>(`/cd_invoice/${invoiceId}/issue`, { method: 'POST', headers: { 'idempotency-key': 'issue-1' } })
    failNext(true)
    expect((await issue()).status).toBe(503)
    back()
    // it landed: the retry with its key is answered with the invoice issued, not 409
    const retry = await issue()
    expect([retry.status, retry.body.Dados?.status]).toEqual([200, 'issued'])
    const lines = (await admin<Array<{ action: string; key?: string }>>(`/cd_invoice/${invoiceId}/activity`)).body.Dados
    expect(lines.filter((l) => l.action === 'issue')).toHaveLength(1)
    expect(lines.some((l) => 'key' in l)).toBe(false)
    // issued again with another key: that one is refused, as it should be
    const other = await admin(`/cd_invoice/${invoiceId}/issue`, {
      method: 'POST',
      headers: { 'idempotency-key': 'issue-2' },
    })
    expect([other.status, other.body.code]).toEqual([409, 'transition_not_allowed'])
  })

  it('gives back at the next start an order claimed for an invoice a crash never let be written', async () => {
    const { store, failNext } = faultyStore(/:invoices:[^:]+$/)
    const { bff, admin, completedOrder } = await setUp({ store })
    const order = await completedOrder()
    // the order is claimed, the invoice's write never lands (the storage went away before it)
    failNext(false)
    expect((await admin(`/cd_ordem/${order.id}/invoice`, { method: 'POST' })).status).toBe(503)
    const stored = async (deps: TestBff['deps']) => (await orderStore(deps, 1).get(order.id))!.value
    expect((await stored(bff.deps)).status).toBe('invoiced')
    // the process starts again on the same data: the order is free again, and billed once asked
    const restarted = await testBff({ store, seed: false })
    expect(await stored(restarted.deps)).toMatchObject({ status: 'completed', invoiceId: null })
    expect(await restarted.deps.repos.owed.all()).toEqual([])
    const again = await (
      await callAs(restarted, DEMO_ADMIN, MAIN)
    )<Order>(`/cd_ordem/${order.id}/invoice`, {
      method: 'POST',
    })
    expect([again.status, again.body.Dados.status]).toEqual([200, 'invoiced'])
  })

  it('keeps an order claimed by an invoice made by hand whose write landed unanswered: never billed twice', async () => {
    const { store, failNext, back } = faultyStore(/:invoices:[^:]+$/)
    const { bff, admin, client, completedOrder } = await setUp({ store })
    const order = await completedOrder()
    // the invoice's write lands, its reply never comes: the outcome is unknown
    failNext(true)
    const made = await admin('/cd_invoice', { method: 'POST', json: { clientId: client.id, orderIds: [order.id] } })
    expect(made.status).toBe(503)
    back()
    const stored = async (deps: TestBff['deps']) => (await orderStore(deps, 1).get(order.id))!.value
    const claimedBy = (await stored(bff.deps)).invoiceId
    expect(claimedBy).toEqual(expect.any(String))
    // a restart settles what was owed: the invoice is there, so the order stays its
    const restarted = await testBff({ store, seed: false })
    expect(await stored(restarted.deps)).toMatchObject({ status: 'invoiced', invoiceId: claimedBy })
    const again = await (
      await callAs(restarted, DEMO_ADMIN, MAIN)
    )('/cd_invoice', {
      method: 'POST',
      json: { clientId: client.id, orderIds: [order.id] },
    })
    expect(again.status).toBe(409)
  })

  it('answers ten simultaneous "invoice this order" with the one invoice they make', async () => {
    const { admin, completedOrder } = await setUp()
    const order = await completedOrder()
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => admin<Order>(`/cd_ordem/${order.id}/invoice`, { method: 'POST' })),
    )
    expect(answers.map((a) => [a.status, (a.body as unknown as { code?: string }).code])).toEqual(
      Array(10).fill([200, undefined]),
    )
    const ids = new Set(answers.map((a) => a.body.Dados.invoiceId))
    expect(ids.size).toBe(1)
    const invoices = (await admin<List<{ id: string; orderIds: string[] }>>('/cd_invoice?size=100')).body.Dados.items
    expect(invoices.filter((i) => i.orderIds.includes(order.id)).map((i) => i.id)).toEqual([...ids])
    const lines = (await admin<Array<{ action: string }>>(`/cd_invoice/${[...ids][0]}/activity`)).body.Dados
    expect(lines.filter((l) => l.action === 'created')).toHaveLength(1)
  })

  it('makes an invoice by hand with orders and lines; a taken order is refused and nothing is claimed', async () => {
    const { admin, client, completedOrder, now } = await setUp()
    const [a, b] = [await completedOrder(), await completedOrder()]
    const made = await admin<Invoice>('/cd_invoice', {
      method: 'POST',
      json: {
        clientId: client.id,
        orderIds: [a.id, b.id],
        lines: [{ description: 'Travel', quantity: 1, unitPrice: 5000 }],
      },
    })
    expect(made.status).toBe(200)
    expect(made.body.Dados.orderNumbers).toEqual([a.number, b.number])
    expect(made.body.Dados.lines.at(-1)?.description).toBe('Travel')
    expect(made.body.Dados.totals.total).toBe(a.totals.total + b.totals.total + 5000)
    // b is taken: a second invoice of it is refused, and the free order it also names stays free
    const c = await completedOrder()
    const taken = await admin('/cd_invoice', {
      method: 'POST',
      json: { clientId: client.id, orderIds: [c.id, b.id] },
    })
    expect(taken.status).toBe(409)
    expect(taken.body.code).toBe('order_not_completed')
    expect((await admin<Order>(`/cd_ordem/${c.id}`)).body.Dados.status).toBe('completed')
    // the orders as a form's checked boxes send them: ids joined by commas
    const d = await completedOrder()
    const joined = await admin<Invoice>('/cd_invoice', {
      method: 'POST',
      json: { clientId: client.id, orderIds: `${c.id},${d.id}` },
    })
    expect(joined.body.Dados.orderNumbers).toEqual([c.number, d.number])
    // a due date already past is refused when saved, not at the issue; emptied, it is the company's days to pay again
    const lines = [{ description: 'Visita', quantity: 1, unitPrice: 9000 }]
    const past = await admin('/cd_invoice', {
      method: 'POST',
      json: { clientId: client.id, lines, dueDate: '2020-01-10' },
    })
    expect([past.status, past.body.codes]).toEqual([400, { dueDate: 'due_before_issue' }])
    const later = addDays(dateIn(DEMO_TIME_ZONE, now()), 40)
    const dated = (
      await admin<Invoice>('/cd_invoice', { method: 'POST', json: { clientId: client.id, lines, dueDate: later } })
    ).body.Dados
    expect(dated.dueDate).toBe(later)
    const emptied = await admin<Invoice>(`/cd_invoice/${dated.id}`, { method: 'PATCH', json: { dueDate: '' } })
    expect(emptied.body.Dados.dueDate).toBe('')
    const kept = await admin<Invoice>(`/cd_invoice/${dated.id}`, { method: 'PATCH', json: { notes: 'Obrigado' } })
    expect(kept.body.Dados.dueDate).toBe('')
    const issuedNow = (await admin<Invoice>(`/cd_invoice/${dated.id}/issue`, { method: 'POST' })).body.Dados
    expect(issuedNow.dueDate).toBe(addDays(issuedNow.issueDate!, 15))
    // an empty invoice is not issued
    const empty = (await admin<Invoice>('/cd_invoice', { method: 'POST', json: { clientId: client.id } })).body.Dados
    const refused = await admin(`/cd_invoice/${empty.id}/issue`, { method: 'POST' })
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe('invoice_empty')
  })

  it('bills an order only on its own branch’s invoice: another branch’s refuses it, and its Invoice button bills it on its own', async () => {
    const { admin, client, completedOrder } = await setUp()
    // an order of the main branch (São Paulo), and an admin of every branch working in Campinas
    const order = await completedOrder()
    const CAMPINAS = { 'x-empresa': '1', 'x-filial': '1' }
    const campinasInvoices = async () =>
      (await admin<List<Invoice>>('/cd_invoice?size=100', { headers: CAMPINAS })).body.Dados.pagination.length
    const before = await campinasInvoices()
    const refused = await admin('/cd_invoice', {
      method: 'POST',
      headers: CAMPINAS,
      json: { clientId: client.id, orderIds: [order.id] },
    })
    expect(refused.status).toBe(400)
    expect(refused.body.codes).toEqual({ 'orderIds.0': 'order_other_branch' })
    expect(await campinasInvoices()).toBe(before)
    expect((await admin<Order>(`/cd_ordem/${order.id}`)).body.Dados).toMatchObject({
      status: 'completed',
      invoiceId: null,
    })
    const billed = await admin<Order>(`/cd_ordem/${order.id}/invoice`, { method: 'POST', headers: CAMPINAS })
    expect(billed.status).toBe(200)
    const invoice = (await admin<Invoice & { filial: number }>(`/cd_invoice/${billed.body.Dados.invoiceId}`)).body.Dados
    expect(invoice).toMatchObject({ filial: 2, orderIds: [order.id], number: expect.stringMatching(/^FAT-SAO-/) })
    expect(await campinasInvoices()).toBe(before)
  })

  it('refuses a payment dated before the invoice’s issue date (1900-01-01 too), next to the date', async () => {
    const { admin, issuedInvoice } = await setUp()
    const invoice = await issuedInvoice()
    expect(invoice.issueDate).toBe(day)
    const pay = (date: string) =>
      admin<Invoice>(`/cd_invoice/${invoice.id}/payments`, {
        method: 'POST',
        json: { amount: 100, method: 'cash', date },
      })
    const dayBefore = new Date(Date.parse(day) - 86_400_000).toISOString().slice(0, 10)
    for (const date of ['1900-01-01', dayBefore]) {
      const refused = await pay(date)
      expect(refused.status).toBe(400)
      expect(refused.body.codes).toEqual({ date: 'payment_before_issue' })
      expect(refused.body.fields?.date).toEqual(['A payment cannot be dated before the invoice’s issue date'])
    }
    expect((await admin<Invoice>(`/cd_invoice/${invoice.id}`)).body.Dados).toMatchObject({ paid: 0, payments: [] })
    // dated on the issue date itself, it is taken
    const taken = await pay(day)
    expect(taken.status).toBe(200)
    expect(taken.body.Dados.payments).toEqual([expect.objectContaining({ date: day, amount: 100 })])
  })

  it('takes payments up to what is open, reversed with a reason and never deleted; the status follows', async () => {
    const { admin, tech, issuedInvoice, tick } = await setUp()
    const invoice = await issuedInvoice()
    const total = invoice.total
    const pay = (json: Record<string, unknown>, headers: Record<string, string> = {}) =>
      admin<Invoice>(`/cd_invoice/${invoice.id}/payments`, { method: 'POST', json, headers })
    // a technician may not touch money
    expect(
      (await tech(`/cd_invoice/${invoice.id}/payments`, { method: 'POST', json: { amount: 1, method: 'cash' } }))
        .status,
    ).toBe(403)
    expect((await pay({ amount: 0, method: 'cash' })).status).toBe(400)
    const future = await pay({ amount: 100, method: 'cash', date: '2099-01-01' })
    expect(future.status).toBe(400)
    expect(future.body.codes).toEqual({ date: 'payment_in_future' })
    const part = await pay({ amount: 1000, method: 'pix', reference: 'E123' })
    expect(part.body.Dados).toMatchObject({ status: 'partially_paid', paid: 1000, open: total - 1000 })
    // the day's payments (the home's card) list it
    const today = await admin<List<Invoice>>('/cd_invoice?state=paid_today&sort=lastPaymentDate&order=desc')
    expect(today.body.Dados.items.map((i) => i.id)).toContain(invoice.id)
    const above = await pay({ amount: total, method: 'transfer' })
    expect(above.status).toBe(409)
    expect(above.body.code).toBe('payment_above_open')
    // the same request again (its Idempotency-Key) records the payment once
    const keyed = { 'Idempotency-Key': 'pay-rest-1' }
    const rest = await pay({ amount: total - 1000, method: 'transfer' }, keyed)
    const replay = await pay({ amount: total - 1000, method: 'transfer' }, keyed)
    expect(rest.body.Dados).toMatchObject({ status: 'paid', paid: total, open: 0 })
    expect(replay.body.Dados.payments).toHaveLength(2)
    expect((await pay({ amount: 1, method: 'cash' })).body.code).toBe('invoice_not_payable')
    // an invoice with money paid is not voided
    const voiding = await admin(`/cd_invoice/${invoice.id}/void`, { method: 'POST', json: { reason: 'x' } })
    expect(voiding.status).toBe(409)
    // reversing: the payment stays, marked, and no longer counts
    tick(60)
    const reversed = await admin<Invoice>(
      `/cd_invoice/${invoice.id}/payments/${part.body.Dados.payments[0].id}/reverse`,
      {
        method: 'POST',
        json: { reason: 'Pix returned by the bank' },
      },
    )
    expect(reversed.body.Dados).toMatchObject({ status: 'partially_paid', paid: total - 1000, open: 1000 })
    expect(reversed.body.Dados.payments).toHaveLength(2)
    expect(reversed.body.Dados.payments[0].reversed).toMatchObject({ reason: 'Pix returned by the bank' })
    const twice = await admin(`/cd_invoice/${invoice.id}/payments/${part.body.Dados.payments[0].id}/reverse`, {
      method: 'POST',
      json: { reason: 'again' },
    })
    expect(twice.status).toBe(409)
    expect(twice.body.code).toBe('payment_reversed')
    // its timeline names each
    const activity = await admin<Array<{ action: string }>>(`/cd_invoice/${invoice.id}/activity`)
    expect(activity.body.Dados.map((l) => l.action)).toEqual(
      expect.arrayContaining(['created', 'issue', 'payment', 'payment_reversed']),
    )
  })

  it('keeps its numbers and payments exact under races on this storage: 50 invoices at once, 20 payments for the last amount', async () => {
    const { admin } = await setUp()
    await moneyRaces(admin)
  })

  it('keeps them exact on redis too (its atomic checks)', async () => {
    // a database of its own on the test redis (one per project of the suite: they run at once)
    const store = await openStore({ driver: 'redis', url: `${inject('redisUrl')}/${TEST_STORAGE === 'fs' ? 10 : 9}` })
    const bff = await testBff({ store })
    try {
      await moneyRaces(await callAs(bff, DEMO_ADMIN, MAIN))
    } finally {
      await store.dispose()
    }
  })

  it('sends the client a link that opens the invoice in their language with the Pix code of what is open', async () => {
    const { bff, admin, issuedInvoice } = await setUp()
    const invoice = await issuedInvoice()
    expect((await admin(`/cd_invoice/${invoice.id}/link`)).status).toBe(409)
    const sent = await admin<Invoice>(`/cd_invoice/${invoice.id}/send`, { method: 'POST' })
    expect(sent.status).toBe(200)
    // no mail server in this test: never "sent" when nothing went out
    expect(sent.body.Dados.delivery).toEqual({ by: 'none', reason: 'no_mail_server' })
    const link = (await admin<{ url: string; message: string }>(`/cd_invoice/${invoice.id}/link`)).body.Dados
    expect(link.url).toMatch(/^https:\/\/app\.example\/i\//)
    expect(link.message).toContain(invoice.number)
    const token = link.url.split('/i/')[1]
    const open = await bff.call(`/public/invoices/${token}`)
    const shown = ((await open.json()) as { Dados: PublicInvoice }).Dados
    expect(shown).toMatchObject({ number: invoice.number, open: invoice.total, state: 'issued', card: true })
    expect(shown.pix?.key).toBe(PIX_KEY)
    const code = shown.pix!.code
    expect(code).toContain(`br.gov.bcb.pix01${String(PIX_KEY.length).padStart(2, '0')}${PIX_KEY}`)
    expect(code).toContain(
      `54${String((invoice.total / 100).toFixed(2).length).padStart(2, '0')}${(invoice.total / 100).toFixed(2)}`,
    )
    expect(code.slice(-4)).toBe(crc16(code.slice(0, -4)))
    // its PDF: the number, the open amount, the Pix key
    const pdf = await bff.call(`/public/invoices/${token}/pdf`)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    const text = readPdf(new Uint8Array(await pdf.arrayBuffer()))
    expect(text).toContain(invoice.number)
    expect(text).toContain(PIX_KEY)
    // a new send replaces the link: the older one stops opening
    await admin(`/cd_invoice/${invoice.id}/send`, { method: 'POST' })
    expect((await bff.call(`/public/invoices/${token}`)).status).toBe(404)
    expect((await bff.call('/public/invoices/not-a-real-token-at-all-000')).status).toBe(404)
  })

  it('closes a voided invoice’s link: its page, PDF and card checkout answer 404', async () => {
    const { bff, admin, issuedInvoice } = await setUp()
    const invoice = await issuedInvoice()
    await admin(`/cd_invoice/${invoice.id}/send`, { method: 'POST' })
    const token = (await admin<{ url: string }>(`/cd_invoice/${invoice.id}/link`)).body.Dados.url.split('/i/')[1]
    const paths = ['', '/pdf'].map((tail) => `/public/invoices/${token}${tail}`)
    expect(await Promise.all(paths.map(async (path) => (await bff.call(path)).status))).toEqual([200, 200])
    const voided = await admin(`/cd_invoice/${invoice.id}/void`, { method: 'POST', json: { reason: 'Billed twice' } })
    expect(voided.status).toBe(200)
    for (const path of paths) {
      const res = await bff.call(path)
      expect(res.status).toBe(404)
      expect(await res.json()).toMatchObject({ code: 'not_found' })
    }
    expect((await bff.call(`/public/invoices/${token}/card`, { method: 'POST' })).status).toBe(404)
  })

  it('takes a card payment through the provider: a checkout, its signed webhook once, the invoice paid', async () => {
    const { bff, admin, issuedInvoice, now } = await setUp()
    const invoice = await issuedInvoice()
    await admin(`/cd_invoice/${invoice.id}/send`, { method: 'POST' })
    const token = (await admin<{ url: string }>(`/cd_invoice/${invoice.id}/link`)).body.Dados.url.split('/i/')[1]
    const checkout = await bff.call(`/public/invoices/${token}/card`, { method: 'POST' })
    expect(checkout.status).toBe(200)
    const url = ((await checkout.json()) as { Dados: { url: string } }).Dados.url
    expect(url.startsWith(provider.url)).toBe(true)
    const id = url.split('/checkout/')[1]
    expect(provider.checkouts.get(id)?.amount).toBe(invoice.total)
    // a forged event (wrong signature) records nothing
    const forged = await bff.call('/webhooks/card', {
      method: 'POST',
      body: JSON.stringify({
        id: 'evt_x',
        type: 'payment.succeeded',
        data: { payment: 'p', amount: invoice.total, currency: 'BRL', reference: `1.${invoice.id}` },
      }),
      headers: { 'content-type': 'application/json', 'card-signature': `t=${Math.floor(now() / 1000)},v1=00` },
    })
    expect(forged.status).toBe(400)
    expect((await admin<Invoice>(`/cd_invoice/${invoice.id}`)).body.Dados.paid).toBe(0)
    // the client pays: the provider's event marks it paid
    const { body, answer } = await provider.pay(id)
    expect(answer.status).toBe(200)
    const paid = (await admin<Invoice>(`/cd_invoice/${invoice.id}`)).body.Dados
    expect(paid).toMatchObject({ status: 'paid', open: 0 })
    expect(paid.payments).toMatchObject([{ method: 'card', amount: invoice.total }])
    // the same event delivered again (a provider retries) records nothing more
    expect((await provider.send(body)).status).toBe(200)
    expect((await admin<Invoice>(`/cd_invoice/${invoice.id}`)).body.Dados.payments).toHaveLength(1)
    // an old delivery replayed (its signature's time more than 5 minutes away) is refused
    expect((await provider.send(body, Math.floor(now() / 1000) - 3600)).status).toBe(400)
    // the client's page shows it paid; paying by card again is refused
    const shown = ((await (await bff.call(`/public/invoices/${token}`)).json()) as { Dados: PublicInvoice }).Dados
    expect(shown).toMatchObject({ state: 'paid', open: 0, card: false, pix: null })
    expect((await bff.call(`/public/invoices/${token}/card`, { method: 'POST' })).status).toBe(409)
  })

  it('records a card payment delivered ten times at once once: one payment, one version, one timeline line', async () => {
    const { admin, issuedInvoice, cardCheckout } = await setUp()
    const invoice = await issuedInvoice()
    const id = await cardCheckout(invoice.id)
    const before = await admin<Invoice>(`/cd_invoice/${invoice.id}`)
    // the provider's one event, delivered ten times at once (a provider retrying while the first is in flight)
    const { amount, currency, reference } = provider.checkouts.get(id)!
    const body = JSON.stringify({
      id: 'evt_ten',
      type: 'payment.succeeded',
      data: { payment: `pay_${id}`, amount, currency, reference },
    })
    const deliveries = await Promise.all(Array.from({ length: 10 }, () => provider.send(body)))
    expect(deliveries.map((a) => a.status)).toEqual(Array(10).fill(200))
    const after = await admin<Invoice & { payments: unknown[] }>(`/cd_invoice/${invoice.id}`)
    expect(after.body.Dados).toMatchObject({ status: 'paid', open: 0 })
    expect(after.body.Dados.payments).toHaveLength(1)
    const version = (res: { etag: string | null }) => Number(res.etag!.replace(/\D/g, ''))
    expect(version(after)).toBe(version(before) + 1)
    const lines = (await admin<Array<{ action: string }>>(`/cd_invoice/${invoice.id}/activity`)).body.Dados
    expect(lines.filter((l) => l.action === 'card_payment')).toHaveLength(1)
  })

  it('reverses a card payment the provider refunds or charges back, once per event, naming its reference and amount', async () => {
    const { admin, issuedInvoice, cardCheckout } = await setUp()
    type Reversed = { reason: string; provider?: { kind: string; reference: string; amount: number } } | null
    type Paid = Invoice & { payments: Array<{ id: string; amount: number; method: string; reversed: Reversed }> }
    const invoice = await issuedInvoice()
    const id = await cardCheckout(invoice.id)
    await provider.pay(id)
    const read = async () => (await admin<Paid>(`/cd_invoice/${invoice.id}`)).body.Dados
    expect(await read()).toMatchObject({ status: 'paid', open: 0 })

    // a refund of 1,000: the payment is reversed naming the refund, the rest stays a card payment
    const refund = await provider.takeBack('refund', id, 1000)
    expect(refund.answer.status).toBe(200)
    const refunded = await read()
    expect(refunded).toMatchObject({ status: 'partially_paid', open: 1000, paid: invoice.total - 1000 })
    const reference = (JSON.parse(refund.body) as { id: string }).id
    expect(refunded.payments).toMatchObject([
      { amount: invoice.total, reversed: { provider: { kind: 'refund', reference, amount: 1000 } } },
      { amount: invoice.total - 1000, method: 'card', reversed: null },
    ])
    // delivered again: nothing more
    expect((await provider.send(refund.body)).status).toBe(200)
    expect(await read()).toEqual(refunded)
    // a chargeback of the rest: nothing paid, the whole amount open again
    await provider.takeBack('chargeback', id, invoice.total - 1000)
    const disputed = await read()
    expect(disputed).toMatchObject({ status: 'issued', open: invoice.total, paid: 0 })
    expect(disputed.payments[1].reversed?.provider).toMatchObject({ kind: 'chargeback', amount: invoice.total - 1000 })
    const activity = (await admin<Array<{ action: string }>>(`/cd_invoice/${invoice.id}/activity`)).body.Dados
    expect(activity.map((l) => l.action).slice(0, 3)).toEqual(['card_chargeback', 'card_refund', 'card_payment'])
  })

  it('names the amount and the provider’s id of a card payment the invoice cannot take, once however often it comes', async () => {
    const { admin, issuedInvoice, cardCheckout } = await setUp()
    const invoice = await issuedInvoice()
    const id = await cardCheckout(invoice.id)
    // the office records the whole amount by hand meanwhile; then the card payment arrives, twice
    await admin(`/cd_invoice/${invoice.id}/payments`, {
      method: 'POST',
      json: { amount: invoice.total, method: 'pix', reference: 'E2E', note: '' },
    })
    const { body } = await provider.pay(id)
    expect((await provider.send(body)).status).toBe(200)
    type Line = { action: string; money?: { amount: number; currency: string; reference: string } }
    const lines = (await admin<Line[]>(`/cd_invoice/${invoice.id}/activity`)).body.Dados.filter(
      (l) => l.action === 'card_payment_unapplied',
    )
    expect(lines).toEqual([
      expect.objectContaining({ money: { amount: invoice.total, currency: 'BRL', reference: `pay_${id}` } }),
    ])
    // its refund by the office at the provider: a line naming it, the invoice's own payment untouched
    await provider.takeBack('refund', id, invoice.total)
    const after = (await admin<Invoice & { payments: Array<{ reversed: unknown }> }>(`/cd_invoice/${invoice.id}`)).body
      .Dados
    expect(after).toMatchObject({ status: 'paid', payments: [{ reversed: null }] })
    const unmatched = (await admin<Line[]>(`/cd_invoice/${invoice.id}/activity`)).body.Dados.find(
      (l) => l.action === 'card_refund_unmatched',
    )
    expect(unmatched?.money).toMatchObject({ amount: invoice.total, currency: 'BRL' })
  })

  it('shows a client’s invoices and what they owe', async () => {
    const { admin, tech, client, issuedInvoice } = await setUp()
    const owed = (invoices: Invoice[]) =>
      invoices.filter((i) => ['issued', 'partially_paid'].includes(i.status)).reduce((sum, i) => sum + i.open, 0)
    const before = (await admin<Invoice[]>(`/cd_invoice/of-client?clientId=${client.id}`)).body.Dados
    const invoice = await issuedInvoice()
    await admin(`/cd_invoice/${invoice.id}/payments`, { method: 'POST', json: { amount: 1000, method: 'cash' } })
    const after = (await admin<Invoice[]>(`/cd_invoice/of-client?clientId=${client.id}`)).body.Dados
    expect(owed(after)).toBe(owed(before) + invoice.total - 1000)
    // newest first
    expect(after[0]).toMatchObject({ id: invoice.id, open: invoice.total - 1000, state: 'partially_paid' })
    expect(after).toHaveLength(before.length + 1)
    // a technician sees none of it
    expect((await tech(`/cd_invoice/of-client?clientId=${client.id}`)).status).toBe(403)
  })

  it('reminds an overdue invoice by e-mail once per step of the company’s schedule, in the client’s language, never once it is paid', async () => {
    const { bff, admin, issuedInvoice, tick } = await setUp({
      mailer: smtpMailer(smtp.url, 'Acme <billing@acme.example>'),
    })
    const schedule = await admin('/ac_empresas/1', { method: 'PATCH', json: { REMINDER_DAYS: '7, 1' } })
    expect(schedule.status).toBe(200)
    expect((await admin('/ac_empresas/1', { method: 'PATCH', json: { REMINDER_DAYS: '0, 400' } })).status).toBe(400)
    const invoice = await issuedInvoice()
    await admin(`/cd_invoice/${invoice.id}/send`, { method: 'POST' })
    const mails = () => smtp.received.filter((m) => m.subject.includes(invoice.number))
    const sentBefore = mails().length
    // the demo's own overdue invoices are reminded too: this invoice's mails tell what happened to it
    const reminded = () => mails().length - sentBefore
    // due in 15 days: nothing yet
    await remindOverdue(bff.deps)
    expect(reminded()).toBe(0)
    tick(16 * 24 * 60)
    await remindOverdue(bff.deps)
    expect(reminded()).toBe(1)
    await remindOverdue(bff.deps)
    expect(reminded()).toBe(1)
    // two runs at once (two servers) send the next step once
    tick(6 * 24 * 60)
    await Promise.all([remindOverdue(bff.deps), remindOverdue(bff.deps)])
    expect(reminded()).toBe(2)
    // weeks have passed: the office signs in again
    const office = await callAs(bff, DEMO_ADMIN, MAIN)
    const reminders = mails().slice(sentBefore)
    expect(reminders).toHaveLength(2)
    expect(reminders[0].subject).toMatch(/^Lembrete: a fatura /)
    expect(reminders[0].text).toContain('https://app.example/i/')
    const now = (
      await office<Invoice & { reminders: Array<{ step: number; delivery: { by: string } }> }>(
        `/cd_invoice/${invoice.id}`,
      )
    ).body.Dados
    expect(now.state).toBe('overdue')
    expect(now.reminders.map((r) => [r.step, r.delivery.by])).toEqual([
      [1, 'email'],
      [7, 'email'],
    ])
    // paid, it is never reminded again
    await office('/ac_empresas/1', { method: 'PATCH', json: { REMINDER_DAYS: [1, 7, 30] } })
    await office(`/cd_invoice/${invoice.id}/payments`, {
      method: 'POST',
      json: { amount: invoice.total, method: 'pix' },
    })
    tick(30 * 24 * 60)
    await remindOverdue(bff.deps)
    expect(reminded()).toBe(2)
  })
})
