import { afterAll, describe, expect, it } from 'vitest'
import { orderStore } from '../../bff/lib/order-store.ts'
import { faultyStore } from '../shared/faulty-store.ts'
import { smtpMailer } from '../../bff/lib/smtp-mailer.ts'
import { DEMO_ADMIN, DEMO_TECHNICIAN, DEMO_TIME_ZONE } from '../../seeds/tenancy.ts'
import { dateIn } from '../../domain/dates.ts'
import { loadConfig } from '../../bff/config.ts'
import { callAs, signInMember, testBff, type TestBff } from '../shared/bff.ts'
import { readPdf } from '../shared/pdf.ts'
import { solidPng } from '../shared/png.ts'
import { mailServer } from '../shared/smtp.ts'
import { MAIN, TECH_ID, wednesdayAhead } from '../shared/booking.ts'

type Visit = {
  id: string
  orderId: string
  status: string
  times: Record<string, string>
  clock: Array<{ in: string; out: string | null }>
  minutesOnSite: number
  eta: string | null
  notice: string | null
  reason: string
  checklist: Array<{ item: string; done: boolean }>
  report: string
  parts: Array<{ id: string; productId: string; name: string; quantity: number; unitPrice: number }>
  photos: Array<{ id: string; label: string; url: string; thumbnailUrl: string }>
  signature: { name: string; url: string } | null
}
type Order = {
  id: string
  number: string
  clientName: string
  status: string
  lines: Array<{ description: string; quantity: number; unitPrice: number }>
  totals: { total: number }
}
type Product = { id: string; name: string; stock: number | ''; basePrice: number; active: boolean }
type List<T> = { items: T[] }

const { day, at } = wednesdayAhead(70)

const smtp = await mailServer()
afterAll(() => smtp.close())

/** The demo company with a clock the test moves; an order of the AC-INST job booked for the demo technician. */
async function setUp(options: Parameters<typeof testBff>[0] = {}) {
  let clock = Date.parse(at('08:00'))
  const bff = await testBff({ now: () => clock, ...options })
  const admin = await callAs(bff, DEMO_ADMIN, MAIN)
  const tech = await callAs(bff, DEMO_TECHNICIAN, MAIN)
  const client = (await admin<List<{ id: string }>>('/cd_cliente?size=1&sort=name')).body.Dados.items[0]
  const jobs = (await admin<List<{ id: string; code: string }>>('/cd_job?size=100')).body.Dados.items
  const order = (
    await admin<Order>('/cd_ordem', {
      method: 'POST',
      json: { clientId: client.id, lines: [{ jobId: jobs.find((j) => j.code === 'AC-INST')!.id, quantity: 1 }] },
    })
  ).body.Dados
  const booked = await admin<{ visits: Array<{ id: string }> }>('/cd_ordemagendamento', {
    method: 'POST',
    json: { orderId: order.id, technicianIds: [TECH_ID], start: at('09:00'), end: at('12:00') },
  })
  const visit = booked.body.Dados.visits[0].id
  const step = (name: string, json?: unknown, who = tech) =>
    who<Visit>(`/cd_techorders/${visit}/${name}`, { method: 'POST', ...(json ? { json } : {}) })
  return {
    bff,
    admin,
    tech,
    order,
    visit,
    step,
    tick: (minutes: number) => (clock += minutes * 60_000),
    orderNow: async () => (await admin<Order>(`/cd_ordem/${order.id}`)).body.Dados,
  }
}

/** A multipart form of the named files (and fields). */
function form(fields: Record<string, string | { bytes: Uint8Array<ArrayBuffer>; type: string; name?: string }>) {
  const body = new FormData()
  for (const [key, value] of Object.entries(fields))
    body.set(
      key,
      typeof value === 'string' ? value : new File([value.bytes], value.name ?? `${key}.png`, { type: value.type }),
    )
  return body
}
const PNG = (w = 64, h = 48) => ({ bytes: solidPng(w, h, [10, 120, 200]), type: 'image/png' })

/** The first active product of the demo company with its stock counted. */
async function aProduct(bff: TestBff) {
  const res = await bff.call('/apps/ecommerce/inventory/products?page=0&size=100', {
    token: await bff.signIn(DEMO_ADMIN),
    headers: MAIN,
  })
  const products = ((await res.json()) as { products: Product[] }).products
  return products.find((p) => p.active && typeof p.stock === 'number' && p.stock >= 5)!
}

// cd_techorders (docs/domain.md): the technician's work on his visit
describe("a technician's visit", () => {
  it('goes assigned → en_route → on_site ⇄ paused → done at the server’s clock, the time on site clocked; the order completes', async () => {
    const { step, tick, orderNow, tech, admin, visit } = await setUp()
    const early = await step('finish')
    expect(early.status).toBe(409)
    expect(early.body).toMatchObject({ code: 'transition_not_allowed', allowed: ['depart'] })
    const departed = await step('depart', { etaMinutes: 20 })
    expect(departed.status).toBe(200)
    expect(departed.body.Dados.status).toBe('en_route')
    expect(departed.body.Dados.times.en_route).toBe(new Date(Date.parse(at('08:00'))).toISOString())
    expect(departed.body.Dados.eta).toBe(new Date(Date.parse(at('08:20'))).toISOString())
    tick(25)
    expect((await step('arrive')).body.Dados.status).toBe('on_site')
    expect((await orderNow()).status).toBe('in_progress')
    tick(60)
    // the time on site runs while he is there
    expect((await tech<Visit>(`/cd_techorders/${visit}`)).body.Dados.minutesOnSite).toBe(60)
    const paused = (await step('pause')).body.Dados
    expect(paused).toMatchObject({ status: 'paused', minutesOnSite: 60 })
    expect((await step('finish')).body).toMatchObject({ code: 'transition_not_allowed', allowed: ['resume', 'fail'] })
    tick(30)
    await step('resume')
    tick(45)
    const done = (await step('finish')).body.Dados
    expect(done.status).toBe('done')
    // on site from the arrival, less the 30 minutes paused
    expect(done.minutesOnSite).toBe(105)
    expect(done.clock).toHaveLength(2)
    expect(done.clock.every((s) => s.out)).toBe(true)
    expect((await orderNow()).status).toBe('completed')
    // who bills the branch is told once, in their language; the technician, who bills nothing, is not
    type Notice = { title: string; description: string }
    const ready = async (who: typeof admin) =>
      ((await who('/common/notifications')).body as unknown as Notice[]).filter(
        (n) => n.title === 'Order ready to invoice',
      )
    const { number, clientName } = await orderNow()
    expect((await ready(admin)).map((n) => n.description)).toEqual([
      `Order ${number} for ${clientName} is completed: it waits for its invoice.`,
    ])
    expect(await ready(tech)).toEqual([])
  })

  it('counts for its technician once ended: visits done or not, minutes on site, parts; the office’s corrections too', async () => {
    type Row = { technicianId: string; visits: number; done: number; failed: number; minutes: number; parts: number }
    const { bff, step, tick, admin, tech, visit } = await setUp()
    const client = (await admin<List<{ id: string }>>('/cd_cliente?size=1&sort=name')).body.Dados.items[0]
    const month = day.slice(0, 7)
    const mine = async () => {
      const res = await admin<{ technicians: Row[] }>(`/cd_reports/technicians?from=${month}&to=${month}`)
      expect(res.status).toBe(200)
      const row = res.body.Dados.technicians.find((t) => t.technicianId === TECH_ID)
      return row ?? { technicianId: TECH_ID, visits: 0, done: 0, failed: 0, minutes: 0, parts: 0 }
    }
    const before = await mine()
    await step('depart')
    tick(10)
    await step('arrive')
    const product = await aProduct(bff)
    await step('parts', { productId: product.id, quantity: 1 })
    tick(50)
    // on site: nothing counted until the visit ends
    expect(await mine()).toEqual(before)
    await step('finish')
    const ended = await mine()
    expect(ended).toMatchObject({
      visits: before.visits + 1,
      done: before.done + 1,
      failed: before.failed,
      minutes: before.minutes + 50,
      parts: before.parts + 1,
    })
    // the office corrects the time on site: 80 minutes, and the technician is counted for them
    const correction = { clock: [{ in: at('08:10'), out: at('09:30') }], times: { done: at('09:30') } }
    expect((await admin(`/cd_techorders/${visit}`, { method: 'PATCH', json: correction })).status).toBe(200)
    expect((await mine()).minutes).toBe(before.minutes + 80)
    // another visit that could not be completed: a visit, not done
    const order = (await admin<Order>('/cd_ordem', { method: 'POST', json: { clientId: client.id, lines: [] } })).body
      .Dados
    const booked = await admin<{ visits: Array<{ id: string }> }>('/cd_ordemagendamento', {
      method: 'POST',
      json: { orderId: order.id, technicianIds: [TECH_ID], start: at('14:00'), end: at('15:00') },
    })
    const second = booked.body.Dados.visits[0].id
    await tech(`/cd_techorders/${second}/depart`, { method: 'POST' })
    await tech(`/cd_techorders/${second}/fail`, { method: 'POST', json: { reason: 'Client not at home' } })
    expect(await mine()).toMatchObject({ visits: before.visits + 2, done: before.done + 1, failed: before.failed + 1 })
  })

  it('could not complete takes a reason; the order goes back to wait for another visit', async () => {
    const { step, orderNow } = await setUp()
    await step('depart')
    expect((await step('fail', {})).status).toBe(400)
    const failed = await step('fail', { reason: 'Client not at home' })
    expect(failed.body.Dados).toMatchObject({ status: 'could_not_complete', reason: 'Client not at home' })
    expect((await orderNow()).status).toBe('new')
  })

  it('tells the client by e-mail in their language who is coming and about when', async () => {
    const { step, admin, order } = await setUp({ mailer: smtpMailer(smtp.url, 'Acme <visits@acme.example>') })
    const departed = (await step('depart', { etaMinutes: 30 })).body.Dados
    expect(departed.notice).toBe('sent')
    const client = (
      await admin<{ email: string; name: string }>(`/cd_cliente/${(order as unknown as { clientId: string }).clientId}`)
    ).body.Dados
    const mail = smtp.received.findLast((m) => m.to.includes(client.email))!
    // the demo company speaks Portuguese: its client is told in it, with the technician and the time there
    expect(mail.subject).toContain('seu técnico está a caminho')
    expect(mail.text).toContain('Tiago')
    expect(mail.text).toContain('08:30')
  })

  it('without a mail server the client is not told, and the office is', async () => {
    const { step, admin } = await setUp()
    const departed = (await step('depart')).body.Dados
    expect(departed.notice).toBe('not_sent')
    const notices = (await admin<Array<{ title: string; description: string }>>('/common/notifications')).body
    expect(JSON.stringify(notices)).toContain('Client not told')
  })

  it('ticks the checklist from the order’s jobs and keeps the report; only the office corrects times, and the timeline says so', async () => {
    const { tech, admin, visit, step } = await setUp()
    const fresh = (await tech<Visit>(`/cd_techorders/${visit}`)).body.Dados
    // the client's phone and the problem come with the visit
    expect((fresh as unknown as { clientPhone: string }).clientPhone).toMatch(/^\+55/)
    expect(fresh.checklist.map((c) => c.item)).toEqual([
      'Conferir voltagem',
      'Fixar condensadora',
      'Testar vácuo',
      'Testar funcionamento',
    ])
    const ticked = await tech<Visit>(`/cd_techorders/${visit}`, {
      method: 'PATCH',
      json: { checked: [0, 2], report: 'Installed.' },
    })
    expect(ticked.status).toBe(200)
    expect(ticked.body.Dados.checklist.map((c) => c.done)).toEqual([true, false, true, false])
    expect(ticked.body.Dados.report).toBe('Installed.')
    expect((await tech(`/cd_techorders/${visit}`, { method: 'PATCH', json: { checked: [9] } })).status).toBe(400)
    const times = { on_site: at('09:05') }
    const refused = await tech(`/cd_techorders/${visit}`, { method: 'PATCH', json: { times } })
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ code: 'visit_record_office' })
    await step('depart')
    await step('arrive')
    await step('finish')
    expect((await tech(`/cd_techorders/${visit}`, { method: 'PATCH', json: { report: 'late' } })).body).toMatchObject({
      code: 'visit_ended',
    })
    // times out of the order they happen are refused, and change nothing
    const backwards = await admin(`/cd_techorders/${visit}`, {
      method: 'PATCH',
      json: { times: { done: at('07:00') } },
    })
    expect(backwards.status).toBe(400)
    expect(backwards.body).toMatchObject({ codes: { times: 'times_out_of_order' } })
    const corrected = await admin<Visit>(`/cd_techorders/${visit}`, { method: 'PATCH', json: { times } })
    expect(corrected.status).toBe(200)
    expect(corrected.body.Dados.times.on_site).toBe(new Date(Date.parse(at('09:05'))).toISOString())
    const timeline = (
      await admin<Array<{ action: string; fields?: string[]; userName: string }>>(`/cd_techorders/${visit}/activity`)
    ).body.Dados
    expect(timeline[0]).toMatchObject({ action: 'corrected', fields: ['times'] })
    expect(timeline.map((l) => l.action)).toEqual(expect.arrayContaining(['depart', 'arrive', 'finish', 'updated']))
  })

  it('answers a keyed retry of a step that landed with the visit, and settles the order the step still owed', async () => {
    const { store, failNext, back } = faultyStore(/:techorders:[^:]+$/)
    const { bff, tech, visit, step, order, orderNow } = await setUp({ store })
    /** The order as stored, not as a read (which settles what it is owed) answers it. */
    const stored = async () => (await orderStore(bff.deps, 1).get(order.id))!.value.status
    expect((await step('depart', { etaMinutes: 10 })).status).toBe(200)
    expect((await step('arrive')).status).toBe(200)
    const finish = () =>
      tech<Visit>(`/cd_techorders/${visit}/finish`, { method: 'POST', headers: { 'idempotency-key': 'finish-1' } })
    // the visit's write lands, its reply never comes: the outcome is unknown (as after a crash)
    failNext(true)
    expect((await finish()).status).toBe(503)
    back()
    expect(await stored()).toBe('in_progress')
    // the technician's phone sends it again: the visit as it is, the order completed
    const retry = await finish()
    expect([retry.status, retry.body.Dados.status, retry.replayed]).toEqual([200, 'done', 'true'])
    expect(await stored()).toBe('completed')
    expect((await orderNow()).status).toBe('completed')
    // a finish sent anew (another key) is what it is: not allowed any more
    const again = await tech(`/cd_techorders/${visit}/finish`, {
      method: 'POST',
      headers: { 'idempotency-key': 'finish-2' },
    })
    expect([again.status, again.body.code]).toEqual([409, 'transition_not_allowed'])
  })

  it('settles an order its visit’s step still owed when the office reads it or bills it, in the technician’s name', async () => {
    const { store, failNext, back } = faultyStore(/:techorders:[^:]+$/)
    const { bff, admin, step, order, visit } = await setUp({ store })
    const stored = async () => (await orderStore(bff.deps, 1).get(order.id))!.value.status
    expect((await step('depart', { etaMinutes: 10 })).status).toBe(200)
    expect((await step('arrive')).status).toBe(200)
    failNext(true)
    expect((await step('finish')).status).toBe(503)
    back()
    expect(await stored()).toBe('in_progress')
    // the phone never sends it again; the office opens the order: completed, with its timeline line
    expect((await admin<Order>(`/cd_ordem/${order.id}`)).body.Dados.status).toBe('completed')
    expect(await stored()).toBe('completed')
    const lines = (await admin<Array<{ action: string; userName: string }>>(`/cd_ordem/${order.id}/activity`)).body
      .Dados
    const finished = (await admin<Array<{ action: string; userName: string }>>(`/cd_techorders/${visit}/activity`)).body
      .Dados[0]
    // the line is the technician's, whose finish completed it, not the reader's
    expect(finished.action).toBe('finish')
    expect(lines[0]).toMatchObject({ action: 'became_completed', userName: finished.userName })
    // and it is billed
    const billed = await admin<{ invoiceId: string | null }>(`/cd_ordem/${order.id}/invoice`, { method: 'POST' })
    expect([billed.status, typeof billed.body.Dados.invoiceId]).toEqual([200, 'string'])
  })

  it('settles an order its visit’s step still owed when it is billed straight away', async () => {
    const { store, failNext, back } = faultyStore(/:techorders:[^:]+$/)
    const { admin, step, order } = await setUp({ store })
    expect((await step('depart', { etaMinutes: 10 })).status).toBe(200)
    expect((await step('arrive')).status).toBe(200)
    failNext(true)
    expect((await step('finish')).status).toBe(503)
    back()
    const billed = await admin<{ status: string }>(`/cd_ordem/${order.id}/invoice`, { method: 'POST' })
    expect([billed.status, billed.body.Dados.status]).toEqual([200, 'invoiced'])
  })

  it('answers a step that landed as done when only the order’s update failed, and settles the order on its next read', async () => {
    const { store, failNext } = faultyStore(/:orders:[^:]+$/)
    const { bff, step, order, orderNow } = await setUp({ store })
    const stored = async () => (await orderStore(bff.deps, 1).get(order.id))!.value.status
    expect((await step('depart', { etaMinutes: 10 })).status).toBe(200)
    expect((await step('arrive')).status).toBe(200)
    failNext(false)
    const finished = await step('finish')
    expect([finished.status, finished.body.Dados.status]).toEqual([200, 'done'])
    expect(await stored()).toBe('in_progress')
    expect((await orderNow()).status).toBe('completed')
  })

  it('settles at the next start what a crash left owed: the order’s status and a part’s stock taken for a visit it never reached', async () => {
    const { store, failNext, back } = faultyStore(/:techorders:[^:]+$/)
    const { bff, admin, step, order, visit } = await setUp({ store })
    const product = await aProduct(bff)
    const stockBefore = (await aProductById(bff, product.id)).stock
    expect((await step('depart', { etaMinutes: 10 })).status).toBe(200)
    expect((await step('arrive')).status).toBe(200)
    // the stock is taken, the visit's write never happens (the storage went away before it)
    failNext(false)
    const part = await admin(`/cd_techorders/${visit}/parts`, {
      method: 'POST',
      json: { productId: product.id, quantity: 2 },
    })
    expect(part.status).toBe(503)
    failNext(true)
    expect((await step('finish')).status).toBe(503)
    back()
    expect((await aProductById(bff, product.id)).stock).toBe(Number(stockBefore) - 2)
    // the process starts again on the same data: nothing is read, and all is settled
    const restarted = await testBff({ store, seed: false })
    expect((await orderStore(restarted.deps, 1).get(order.id))!.value.status).toBe('completed')
    expect((await aProductById(restarted, product.id)).stock).toBe(stockBefore)
    expect(await restarted.deps.repos.owed.all()).toEqual([])
  })

  it('moves no part of an invoiced order: taken or given back, 409 until the invoice is voided, the stock and the bill untouched', async () => {
    const { bff, admin, step, visit, order, tick, orderNow } = await setUp()
    const product = await aProduct(bff)
    const stockNow = async () => (await aProductById(bff, product.id)).stock
    const added = await admin<Visit>(`/cd_techorders/${visit}/parts`, {
      method: 'POST',
      json: { productId: product.id, quantity: 1 },
    })
    const partId = added.body.Dados.parts[0].id
    for (const name of ['depart', 'arrive', 'finish']) {
      expect((await step(name, name === 'depart' ? { etaMinutes: 10 } : undefined)).status).toBe(200)
      tick(30)
    }
    const invoiceId = (await admin<{ invoiceId: string }>(`/cd_ordem/${order.id}/invoice`, { method: 'POST' })).body
      .Dados.invoiceId
    const [stock, lines] = [await stockNow(), (await orderNow()).lines.length]
    const more = await admin(`/cd_techorders/${visit}/parts`, {
      method: 'POST',
      json: { productId: product.id, quantity: 1 },
    })
    expect([more.status, more.body.code]).toEqual([409, 'order_invoiced_parts'])
    const back = await admin(`/cd_techorders/${visit}/parts/${partId}`, { method: 'DELETE' })
    expect([back.status, back.body.code]).toEqual([409, 'order_invoiced_parts'])
    expect([await stockNow(), (await orderNow()).lines.length]).toEqual([stock, lines])
    // voided, the order's parts move again
    await admin(`/cd_invoice/${invoiceId}/void`, { method: 'POST', json: { reason: 'Part missing' } })
    expect((await admin(`/cd_techorders/${visit}/parts/${partId}`, { method: 'DELETE' })).status).toBe(200)
    expect(await stockNow()).toBe(Number(stock) + 1)
  })

  it('takes a part once at the product’s price: the stock decreases once and the order has its line; taking it back undoes both', async () => {
    const { bff, tech, visit, orderNow } = await setUp()
    const product = await aProduct(bff)
    const stockNow = async () => (await aProductById(bff, product.id)).stock
    const key = { 'idempotency-key': crypto.randomUUID() }
    // the price is the product's: a technician sending one is refused
    expect(
      (
        await tech(`/cd_techorders/${visit}/parts`, {
          method: 'POST',
          json: { productId: product.id, quantity: 2, unitPrice: 1 },
        })
      ).status,
    ).toBe(400)
    const added = await tech<Visit>(`/cd_techorders/${visit}/parts`, {
      method: 'POST',
      json: { productId: product.id, quantity: 2 },
      headers: key,
    })
    expect(added.status).toBe(200)
    const again = await tech<Visit>(`/cd_techorders/${visit}/parts`, {
      method: 'POST',
      json: { productId: product.id, quantity: 2 },
      headers: key,
    })
    expect(again.status).toBe(200)
    expect(again.body.Dados.parts).toHaveLength(1)
    expect(await stockNow()).toBe((product.stock as number) - 2)
    const part = added.body.Dados.parts[0]
    expect(part).toMatchObject({ productId: product.id, quantity: 2, unitPrice: Math.round(product.basePrice * 100) })
    const order = await orderNow()
    expect(order.lines.find((l) => l.description.startsWith(product.name))).toMatchObject({
      quantity: 2,
      unitPrice: part.unitPrice,
    })
    // the inventory shows the stock, not the moves behind it
    expect(JSON.stringify(await aProductById(bff, product.id))).not.toContain('stockMoves')
    const back = await tech<Visit>(`/cd_techorders/${visit}/parts/${part.id}`, { method: 'DELETE' })
    expect(back.status).toBe(200)
    expect(back.body.Dados.parts).toEqual([])
    expect(await stockNow()).toBe(product.stock)
    expect((await orderNow()).lines.some((l) => l.description.startsWith(product.name))).toBe(false)
    expect(
      (await tech(`/cd_techorders/${visit}/parts`, { method: 'POST', json: { productId: 'nope', quantity: 1 } })).body,
    ).toMatchObject({
      code: 'invalid',
    })
  })

  it('refuses a technician more of a product than the stock counted (409 stock_short), two at once too; the office takes it when it chooses to', async () => {
    const { bff, admin, tech, visit, orderNow } = await setUp()
    const product = await aProduct(bff)
    const stockNow = async () => (await aProductById(bff, product.id)).stock
    // the office counts 8 of it
    const counted = await bff.call('/apps/ecommerce/inventory/product', {
      method: 'PATCH',
      token: await bff.signIn(DEMO_ADMIN),
      headers: MAIN,
      json: { id: product.id, product: { stock: 8 } },
    })
    expect(counted.status).toBe(200)
    const take = (quantity: number, who = tech, extra: Record<string, unknown> = {}) =>
      who<Visit>(`/cd_techorders/${visit}/parts`, {
        method: 'POST',
        json: { productId: product.id, quantity, ...extra },
      })
    const short = await take(100)
    expect(short.status).toBe(409)
    expect(short.body).toMatchObject({ IsSuccess: false, code: 'stock_short' })
    expect(short.body.Msg).toContain('8 counted')
    // nothing moved: the stock, the visit's parts, the order's lines
    expect(await stockNow()).toBe(8)
    expect((await tech<Visit>(`/cd_techorders/${visit}`)).body.Dados.parts).toEqual([])
    expect((await orderNow()).lines.some((l) => l.description.startsWith(product.name))).toBe(false)
    // going below zero is the office's choice, never the technician's
    const forced = await take(100, tech, { force: true })
    expect(forced.status).toBe(403)
    expect(forced.body.code).toBe('part_force_office')
    expect(await stockNow()).toBe(8)
    // two parts at once on one count: one is taken, the other refused
    const both = await Promise.all([take(5), take(5)])
    expect(both.map((r) => r.status).sort()).toEqual([200, 409])
    expect(await stockNow()).toBe(3)
    // all that is left may be taken
    expect((await take(3)).status).toBe(200)
    expect(await stockNow()).toBe(0)
    // the office takes more than is counted when it says so: the stock goes below zero, the order has its line
    const office = await take(100, admin, { force: true })
    expect(office.status).toBe(200)
    expect(office.body.Dados.parts.map((p) => p.quantity)).toEqual([5, 3, 100])
    expect(await stockNow()).toBe(-100)
    expect((await orderNow()).lines.filter((l) => l.description.startsWith(product.name))).toHaveLength(3)
  })

  it('keeps photos that are images by their bytes, within the bounds, and serves them; a signature is a PNG', async () => {
    const { tech, bff, visit, step } = await setUp()
    const added = await tech<Visit>(`/cd_techorders/${visit}/photos`, {
      method: 'POST',
      body: form({ photo: PNG(), thumbnail: PNG(32, 24), label: 'before' }),
    })
    expect(added.status).toBe(200)
    const photo = added.body.Dados.photos[0]
    expect(photo).toMatchObject({ label: 'before' })
    expect(photo.thumbnailUrl).not.toBe(photo.url)
    const served = await bff.call(photo.url.replace(/^\/api/, ''), { token: await bff.signIn(DEMO_TECHNICIAN) })
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    // text that says it is a PNG is refused, and so is a photo larger than the bounds
    const fake = await tech(`/cd_techorders/${visit}/photos`, {
      method: 'POST',
      body: form({
        photo: { bytes: new TextEncoder().encode('<svg/>') as Uint8Array<ArrayBuffer>, type: 'image/png' },
      }),
    })
    expect(fake.status).toBe(400)
    expect(fake.body).toMatchObject({ codes: { photo: 'not_an_image' } })
    const huge = await tech(`/cd_techorders/${visit}/photos`, { method: 'POST', body: form({ photo: PNG(5000, 1) }) })
    expect(huge.body).toMatchObject({ codes: { photo: 'image_too_large' } })
    const jpeg = {
      bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]) as Uint8Array<ArrayBuffer>,
      type: 'image/jpeg',
    }
    expect(
      (await tech(`/cd_techorders/${visit}/signature`, { method: 'PUT', body: form({ name: 'Ana', signature: jpeg }) }))
        .status,
    ).toBe(400)
    const signed = await tech<Visit>(`/cd_techorders/${visit}/signature`, {
      method: 'PUT',
      body: form({ name: 'Ana Souza', signature: PNG(300, 120) }),
    })
    expect(signed.body.Dados.signature).toMatchObject({ name: 'Ana Souza' })
    const removed = await tech<Visit>(`/cd_techorders/${visit}/photos/${photo.id}`, { method: 'DELETE' })
    expect(removed.body.Dados.photos).toEqual([])
    expect((await bff.call(photo.url.replace(/^\/api/, ''), { token: await bff.signIn(DEMO_TECHNICIAN) })).status).toBe(
      404,
    )
    // once the visit is over what it showed stays: nobody signs again or takes a photo away, the office neither
    const kept = (
      await tech<Visit>(`/cd_techorders/${visit}/photos`, {
        method: 'POST',
        body: form({ photo: PNG(), label: 'after' }),
      })
    ).body.Dados.photos[0]
    await step('depart')
    await step('arrive')
    await step('finish')
    const office = await callAs(bff, DEMO_ADMIN, MAIN)
    expect((await office(`/cd_techorders/${visit}/photos/${kept.id}`, { method: 'DELETE' })).body).toMatchObject({
      code: 'visit_ended',
    })
    const again = { name: 'X', signature: PNG(300, 120) }
    expect((await office(`/cd_techorders/${visit}/signature`, { method: 'PUT', body: form(again) })).status).toBe(409)
  })

  it('takes photos sent at once (each kept); a stale If-Match is 412 and leaves no file behind', async () => {
    const { tech, bff, visit } = await setUp()
    const sent = await Promise.all(
      Array.from({ length: 5 }, () =>
        tech<Visit>(`/cd_techorders/${visit}/photos`, { method: 'POST', body: form({ photo: PNG(), label: 'after' }) }),
      ),
    )
    expect(sent.map((r) => r.status)).toEqual([200, 200, 200, 200, 200])
    const now = await tech<Visit>(`/cd_techorders/${visit}`)
    expect(now.body.Dados.photos).toHaveLength(5)
    const stale = await tech(`/cd_techorders/${visit}/photos`, {
      method: 'POST',
      body: form({ photo: PNG(), label: 'after' }),
      headers: { 'if-match': '"1"' },
    })
    expect(stale.status).toBe(412)
    const files = await bff.deps.repos.company(1).files().inGroup(visit)
    expect(files).toHaveLength(5)
  })

  it('is another technician’s to neither read nor change (403), and left out of his lists', async () => {
    const { bff, visit } = await setUp()
    const other = await signInMember(bff, { empresa: 1, filial: 2, role: 'technician' })
    const as = (path: string, init: RequestInit & { json?: unknown } = {}) =>
      bff.call(path, { ...init, token: other, headers: MAIN })
    expect((await as(`/cd_techorders/${visit}`)).status).toBe(403)
    expect((await as(`/cd_techorders/${visit}/activity`)).status).toBe(403)
    expect((await as(`/cd_techorders/${visit}`, { method: 'PATCH', json: { report: 'x' } })).status).toBe(403)
    expect(
      (await as(`/cd_techorders/${visit}/parts`, { method: 'POST', json: { productId: 'x', quantity: 1 } })).status,
    ).toBe(403)
    expect((await as(`/cd_techorders/${visit}/photos`, { method: 'POST', body: form({ photo: PNG() }) })).status).toBe(
      403,
    )
    const list = (await (await as(`/cd_techorders?from=${day}&to=${day}`)).json()) as { Dados: Visit[] }
    expect(list.Dados).toEqual([])
  })
})

// issue 42 §5: access follows the record — a visit's files are read as the visit is
describe("a visit's photos and signature", () => {
  it('are another technician’s to neither see nor delete, by their URL or their upload group (404), and a member without the visits page’s neither', async () => {
    const { bff, tech, visit } = await setUp()
    const photo = (
      await tech<Visit>(`/cd_techorders/${visit}/photos`, {
        method: 'POST',
        body: form({ photo: PNG(), thumbnail: PNG(32, 24), label: 'before' }),
      })
    ).body.Dados.photos[0]
    const signature = (
      await tech<Visit>(`/cd_techorders/${visit}/signature`, {
        method: 'PUT',
        body: form({ name: 'Ana Souza', signature: PNG(300, 120) }),
      })
    ).body.Dados.signature!
    const urls = [photo.url, photo.thumbnailUrl, signature.url].map((u) => u.replace(/^\/api/, ''))
    const serve = async (token: string) => Promise.all(urls.map(async (url) => (await bff.call(url, { token })).status))
    const other = await signInMember(bff, { empresa: 1, filial: 2, role: 'technician' })
    const finance = await signInMember(bff, { empresa: 1, filial: 2, role: 'finance' })
    expect(await serve(await bff.signIn(DEMO_TECHNICIAN))).toEqual([200, 200, 200])
    expect(await serve(await bff.signIn(DEMO_ADMIN))).toEqual([200, 200, 200])
    expect(await serve(other)).toEqual([404, 404, 404])
    expect(await serve(finance)).toEqual([404, 404, 404])
    // the page session's cookie is no way round it
    expect((await bff.call(urls[0], { headers: { cookie: `token=${other}` } })).status).toBe(404)
    // nor is the upload service: the visit's group lists nothing, and its files are not there to delete
    const as = (token: string, path: string, method = 'GET') => bff.call(path, { method, token, headers: MAIN })
    const listed = async (token: string) =>
      ((await (await as(token, `/FileManager/select-by-id?idGuid=${visit}`)).json()) as { ListFiles: unknown[] })
        .ListFiles
    expect(await listed(other)).toEqual([])
    expect(await listed(await bff.signIn(DEMO_TECHNICIAN))).toHaveLength(3)
    expect((await as(other, `/FileManager/delete-by-id?idImagem=${photo.id}`, 'DELETE')).status).toBe(404)
    const byUrl = `/FileManager/delete-by-url?url=${encodeURIComponent(signature.url)}`
    expect((await as(other, byUrl, 'DELETE')).status).toBe(404)
    // its own technician takes a photo off through the visit, never behind its back (what an ended visit showed stays)
    const own = await bff.signIn(DEMO_TECHNICIAN)
    expect((await as(own, `/FileManager/delete-by-id?idImagem=${photo.id}`, 'DELETE')).status).toBe(403)
    expect((await as(own, byUrl, 'DELETE')).status).toBe(403)
    expect(await serve(own)).toEqual([200, 200, 200])
  })
})

describe('the work order', () => {
  it('prints the order with each visit’s times, checklist, report, parts and photos, and the client’s signature, in the client’s language', async () => {
    const { tech, bff, visit, step, tick, order } = await setUp()
    const product = await aProduct(bff)
    await step('depart')
    tick(20)
    await step('arrive')
    await tech(`/cd_techorders/${visit}`, { method: 'PATCH', json: { checked: [0, 1], report: 'Unidade instalada.' } })
    await tech(`/cd_techorders/${visit}/parts`, { method: 'POST', json: { productId: product.id, quantity: 1 } })
    // two photos, each with its thumbnail as the phone makes it (320 px)
    for (const label of ['before', 'after'])
      await tech(`/cd_techorders/${visit}/photos`, {
        method: 'POST',
        body: form({ photo: PNG(1600, 1200), thumbnail: PNG(320, 240), label }),
      })
    await tech(`/cd_techorders/${visit}/signature`, {
      method: 'PUT',
      body: form({ name: 'Marina Costa', signature: PNG(300, 120) }),
    })
    tick(90)
    await step('finish')
    const res = await bff.call(`/cd_ordem/${order.id}/work-order`, {
      token: await bff.signIn(DEMO_ADMIN),
      headers: MAIN,
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    const bytes = new Uint8Array(await res.arrayBuffer())
    const text = readPdf(bytes)
    // the demo company speaks Portuguese: so does its client's work order
    expect(text).toContain('ORDEM DE SERVIÇO')
    expect(text).toContain(order.number)
    expect(text).toContain('Tiago Lima')
    expect(text).toContain('[x] Conferir voltagem')
    expect(text).toContain('Unidade instalada.')
    expect(text).toContain(product.name)
    expect(text).toContain('Tempo no local: 90 min')
    expect(text).toContain('Assinado por: Marina Costa')
    // the photos, captioned, and the signature are drawn in it: the photos as their thumbnails
    expect(text).toMatch(/Antes · \d{2}:\d{2}/)
    expect(text).toMatch(/Depois · \d{2}:\d{2}/)
    const images = readPdf(bytes, 'pdfimages').trim().split('\n').slice(2)
    const sizes = images
      .filter((line) => / image /.test(line))
      .map((line) => line.trim().split(/\s+/).slice(3, 5).join('×'))
    expect(sizes.sort()).toEqual(['300×120', '320×240', '320×240'])
  })

  it('a technician’s holds only his own visits: another technician’s work and the client’s signature on it stay out', async () => {
    const { bff, admin, tech, order, visit } = await setUp()
    const otherToken = await signInMember(bff, { empresa: 1, filial: 2, role: 'technician' }, 'Rui Prado')
    const otherId = (await bff.deps.repos.users.members(1)).find((m) => m.value.name === 'Rui Prado')!.value.id
    // a second visit of the order, the other technician's, with his report and the client's signature
    const second = await admin<{ visits: Array<{ id: string }> }>('/cd_ordemagendamento', {
      method: 'POST',
      json: { orderId: order.id, technicianIds: [otherId], start: at('13:00'), end: at('15:00') },
    })
    const theirs = second.body.Dados.visits[0].id
    await bff.call(`/cd_techorders/${theirs}`, {
      method: 'PATCH',
      json: { report: 'Relatório do Rui.' },
      token: otherToken,
      headers: MAIN,
    })
    await bff.call(`/cd_techorders/${theirs}/signature`, {
      method: 'PUT',
      body: form({ name: 'Cliente do Rui', signature: PNG(300, 120) }),
      token: otherToken,
      headers: MAIN,
    })
    await tech(`/cd_techorders/${visit}`, { method: 'PATCH', json: { report: 'Relatório do Tiago.' } })
    const printed = async (token: string) => {
      const res = await bff.call(`/cd_ordem/${order.id}/work-order`, { token, headers: MAIN })
      expect(res.status).toBe(200)
      return readPdf(new Uint8Array(await res.arrayBuffer()))
    }
    const office = await printed(await bff.signIn(DEMO_ADMIN))
    expect(office).toContain('Relatório do Tiago.')
    expect(office).toContain('Relatório do Rui.')
    expect(office).toContain('Assinado por: Cliente do Rui')
    const mine = await printed(await bff.signIn(DEMO_TECHNICIAN))
    expect(mine).toContain('Relatório do Tiago.')
    expect(mine).not.toContain('Relatório do Rui.')
    expect(mine).not.toContain('Cliente do Rui')
    expect(mine).not.toContain('Rui Prado')
  })
})

describe("the demo technician's day", () => {
  it('has visits today and tomorrow; one done with its photos, checklist, report and the client’s signature', async () => {
    const bff = await testBff()
    const tech = await callAs(bff, DEMO_TECHNICIAN, MAIN)
    const week = (await tech<Visit[]>('/cd_techorders')).body.Dados
    const dayOf = (iso: string) => dateIn(DEMO_TIME_ZONE, Date.parse(iso))
    const today = dayOf(new Date().toISOString())
    const tomorrow = dayOf(new Date(Date.now() + 86_400_000).toISOString())
    expect(week.some((v) => dayOf((v as unknown as { start: string }).start) === today)).toBe(true)
    expect(
      week.filter((v) => dayOf((v as unknown as { start: string }).start) === tomorrow).length,
    ).toBeGreaterThanOrEqual(2)
    // the done one is today's first (or, before it is over, his last before today)
    const done = (
      await tech<Visit[]>(
        `/cd_techorders?from=${dayOf(new Date(Date.now() - 14 * 86_400_000).toISOString())}&to=${today}`,
      )
    ).body.Dados.find((v) => v.status === 'done' && v.signature)!
    expect(done.photos.map((p) => p.label)).toEqual(['before', 'after'])
    expect(done.checklist.every((c) => c.done)).toBe(true)
    expect(done.report).not.toBe('')
    const token = await bff.signIn(DEMO_TECHNICIAN)
    for (const url of [done.photos[0].url, done.signature!.url]) {
      const res = await bff.call(url.replace(/^\/api/, ''), { token })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/png')
    }
  })

  it('is laid out in the zone DEMO_TIME_ZONE names, its today and tomorrow there (Tokyo is 12 hours from São Paulo)', async () => {
    const bff = await testBff({ env: { DEMO_TIME_ZONE: 'Asia/Tokyo' } })
    const admin = await callAs(bff, DEMO_ADMIN, MAIN)
    const branches = (await admin<{ items: { TIME_ZONE: string }[] }>('/cd_filial?size=100')).body.Dados.items
    expect(branches.map((b) => b.TIME_ZONE)).toEqual(['Asia/Tokyo', 'Asia/Tokyo', 'Asia/Tokyo'])
    const tech = await callAs(bff, DEMO_TECHNICIAN, MAIN)
    const week = (await tech<Visit[]>('/cd_techorders')).body.Dados
    const days = new Set(week.map((v) => dateIn('Asia/Tokyo', Date.parse((v as unknown as { start: string }).start))))
    expect(days.has(dateIn('Asia/Tokyo', Date.now()))).toBe(true)
    expect(days.has(dateIn('Asia/Tokyo', Date.now() + 86_400_000))).toBe(true)
    expect(() => loadConfig({ DEMO_TIME_ZONE: 'Mars/Olympus' })).toThrow(
      'Invalid setting DEMO_TIME_ZONE: must be an IANA time zone, like America/Sao_Paulo',
    )
  })
})

async function aProductById(bff: TestBff, id: string) {
  const res = await bff.call(`/apps/ecommerce/inventory/product?id=${id}`, {
    token: await bff.signIn(DEMO_ADMIN),
    headers: MAIN,
  })
  return (await res.json()) as Product
}
