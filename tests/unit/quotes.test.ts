import { describe, expect, it } from 'vitest'
import { readPdf } from '../shared/pdf.ts'
import { solidPng } from '../shared/png.ts'
import { DEMO_ADMIN, DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { callAs, signInMember, testBff, type ModuleAnswer, type TestBff } from '../shared/bff.ts'

type Line = {
  description: string
  quantity: number
  unitPrice: number
  discountPercent: number
  taxPercent: number
  optional: boolean
  chosen: boolean
  total: number
}
type Quote = {
  id: string
  number: string
  status: string
  state: string
  validUntil: string
  clientName: string
  serviceAddress: string
  lines: Line[]
  totals: { subtotal: number; discount: number; tax: number; total: number }
  total: number
  currency: string
  duplicateOf: string | null
  decision: { name: string; address: string; reason?: string } | null
}
type List<T> = { items: T[]; pagination: { length: number } }

const publicCall = async <T = unknown>(bff: TestBff, path: string, json?: unknown) => {
  const res = await bff.call(`/public/quotes/${path}`, json === undefined ? {} : { method: 'POST', json })
  return { status: res.status, body: (await res.json()) as ModuleAnswer<T> }
}

async function setUp() {
  const bff = await testBff()
  const admin = await callAs(bff, DEMO_ADMIN)
  const clients = (await admin<List<{ id: string; name: string; email: string }>>('/cd_cliente?size=5')).body.Dados
    .items
  const jobs = (
    await admin<List<{ id: string; code: string; unitPrice: number; taxPercent: number; name: string }>>(
      '/cd_job?size=100',
    )
  ).body.Dados.items
  const job = (code: string) => jobs.find((j) => j.code === code)!
  const future = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10)
  const quote = {
    clientId: clients[0].id,
    validUntil: future,
    lines: [
      { jobId: job('AC-INST').id, quantity: 2, discountPercent: 10 },
      { jobId: job('VIS-TEC').id, quantity: 1 },
    ],
  }
  return { bff, admin, clients, job, quote }
}
const seq = (number: string) => Number(number.slice(-6))

describe('cd_cotacao', () => {
  it('refuses the client’s answer once the quote has expired, while its link still opens for a day to say so', async () => {
    let now = Date.parse('2026-11-30T15:00:00Z')
    const bff = await testBff({ now: () => now })
    const admin = await callAs(bff, DEMO_ADMIN)
    const client = (await admin<List<{ id: string }>>('/cd_cliente?size=1')).body.Dados.items[0]
    const q = (
      await admin<Quote>('/cd_cotacao', {
        method: 'POST',
        json: {
          clientId: client.id,
          validUntil: '2026-12-01',
          lines: [{ description: 'Visit', quantity: 1, unitPrice: 9000 }],
        },
      })
    ).body.Dados
    expect((await admin(`/cd_cotacao/${q.id}/send`, { method: 'POST' })).status).toBe(200)
    const token = (await admin<{ url: string }>(`/cd_cotacao/${q.id}/link`)).body.Dados.url.split('/q/')[1]
    expect((await publicCall<{ state: string }>(bff, token)).body.Dados.state).toBe('sent')
    // the day after its last valid day: the link opens and says expired; neither answer is taken
    now = Date.parse('2026-12-02T15:00:00Z')
    expect((await publicCall<{ state: string }>(bff, token)).body.Dados.state).toBe('expired')
    const approve = await publicCall(bff, `${token}/approve`, { name: 'Marina Alves' })
    expect([approve.status, approve.body.code]).toEqual([409, 'quote_expired'])
    const reject = await publicCall(bff, `${token}/reject`, { name: 'Marina Alves', reason: 'Too late' })
    expect([reject.status, reject.body.code]).toEqual([409, 'quote_expired'])
    expect((await admin<Quote>(`/cd_cotacao/${q.id}`)).body.Dados).toMatchObject({ status: 'sent', decision: null })
    // two days on, the link no longer opens
    now = Date.parse('2026-12-04T15:00:00Z')
    expect((await publicCall(bff, token)).status).toBe(404)
  })

  it('prices catalogue lines on the server in cents, with the discount and the tax, and numbers the quote', async () => {
    const { admin, quote, clients } = await setUp()
    const created = await admin<Quote>('/cd_cotacao', { method: 'POST', json: quote })
    expect(created.status).toBe(200)
    const q = created.body.Dados
    expect(q.number).toMatch(/^ORC-CPS-\d{4}-\d{6}$/)
    expect(q).toMatchObject({ status: 'draft', state: 'draft', clientName: clients[0].name, currency: 'BRL' })
    // AC-INST: 2 × 450.00 = 900.00, 10 % off = 810.00, 5 % tax = 40.50; VIS-TEC: 90.00, no tax
    expect(q.lines.map((l) => [l.description, l.total])).toEqual([
      ['Instalação de ar-condicionado split', 85050],
      ['Visita técnica', 9000],
    ])
    expect(q.totals).toEqual({ subtotal: 99000, discount: 9000, tax: 4050, total: 94050 })
    expect(q.serviceAddress).not.toBe('')
    // a free-text line needs its description and price
    const free = await admin('/cd_cotacao', {
      method: 'POST',
      json: { ...quote, lines: [{ description: '', quantity: 1 }] },
    })
    expect(free.body.codes).toEqual({ 'lines.0.description': 'invalid_line' })
    const qty = await admin('/cd_cotacao', {
      method: 'POST',
      json: { ...quote, lines: [{ description: 'Parts', quantity: 0, unitPrice: 1000 }] },
    })
    expect(qty.body.codes).toEqual({ 'lines.0.quantity': 'invalid_quantity' })
    // more decimals than a field takes: refused, the sentence naming the line's field and the rule
    const places = await admin('/cd_cotacao', {
      method: 'POST',
      json: { ...quote, lines: [{ description: 'Parts', quantity: 2.0005, unitPrice: 1000 }] },
    })
    expect(places.body).toMatchObject({
      Msg: 'lines[0].quantity: at most 3 decimal places',
      codes: { 'lines.0.quantity': 'invalid_quantity' },
    })
    const price = await admin('/cd_cotacao', {
      method: 'POST',
      json: { ...quote, lines: [{ description: 'Parts', quantity: 1, unitPrice: 35.5 }] },
    })
    expect(price.body).toMatchObject({
      Msg: 'lines[0].unitPrice: whole cents: an integer (12345 is 123.45)',
      codes: { 'lines.0.unitPrice': 'invalid_money' },
    })
    // a total beyond what cents hold exactly is refused
    const huge = await admin('/cd_cotacao', {
      method: 'POST',
      json: { ...quote, lines: [{ description: 'Plant', quantity: 1_000_000, unitPrice: 10_000_000_000 }] },
    })
    expect(huge.body.codes).toEqual({ lines: 'amount_too_large' })
    // refused requests took no number: the next one follows
    const next = await admin<Quote>('/cd_cotacao', {
      method: 'POST',
      json: { ...quote, lines: [{ description: 'Parts', quantity: 1.5, unitPrice: 1001 }] },
    })
    expect(seq(next.body.Dados.number)).toBe(seq(q.number) + 1)
    expect(next.body.Dados.totals.total).toBe(1502)
  })

  it('gives 50 concurrent creations 50 consecutive numbers', async () => {
    const { admin, quote } = await setUp()
    const first = seq((await admin<Quote>('/cd_cotacao', { method: 'POST', json: quote })).body.Dados.number)
    const all = await Promise.all(
      Array.from({ length: 50 }, () => admin<Quote>('/cd_cotacao', { method: 'POST', json: quote })),
    )
    expect(all.every((r) => r.status === 200)).toBe(true)
    expect(all.map((r) => seq(r.body.Dados.number)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => first + 1 + i),
    )
  })

  it('moves only along its transitions, refuses edits once sent, and the client approves on the link', async () => {
    const { bff, admin, quote } = await setUp()
    const q = (await admin<Quote>('/cd_cotacao', { method: 'POST', json: quote })).body.Dados
    const early = await admin(`/cd_cotacao/${q.id}/approve`, { method: 'POST' })
    expect(early.status).toBe(409)
    expect(early.body.allowed).toEqual(['send'])
    expect((await admin(`/cd_cotacao/${q.id}/link`)).status).toBe(409)
    const sent = await admin<Quote & { delivery: unknown }>(`/cd_cotacao/${q.id}/send`, { method: 'POST' })
    // no mail server here: sent, and the answer says no e-mail carried it
    expect(sent.body.Dados).toMatchObject({ status: 'sent', delivery: { by: 'none', reason: 'no_mail_server' } })
    expect((await admin(`/cd_cotacao/${q.id}`, { method: 'PATCH', json: { notes: 'late change' } })).body.code).toBe(
      'quote_not_draft',
    )
    // the link went to the client's e-mail (the log, with no mail server) and can be copied
    const url = (await admin<{ url: string }>(`/cd_cotacao/${q.id}/link`)).body.Dados.url
    expect(bff.logs.some((line) => line.includes(`quote ${q.number}`) && line.includes(url))).toBe(true)
    const token = url.split('/q/')[1]
    const seen = await publicCall<{
      number: string
      state: string
      totals: { total: number }
      company: { name: string }
    }>(bff, token)
    expect(seen.body.Dados).toMatchObject({
      number: q.number,
      state: 'sent',
      totals: { total: 94050 },
      company: { name: 'Acme Field Services' },
    })
    expect(seen.body.Dados).not.toHaveProperty('notes')
    // a forged or altered link opens nothing
    expect((await publicCall(bff, `${token.slice(0, -3)}abc`)).status).toBe(404)
    expect((await publicCall(bff, `${token}/approve`, { name: '' })).status).toBe(400)
    const approved = await publicCall<{ state: string; decision: { name: string } }>(bff, `${token}/approve`, {
      name: 'Marina Costa',
    })
    expect(approved.body.Dados).toMatchObject({ state: 'approved', decision: { name: 'Marina Costa' } })
    // the same answer again (its reply never reached the phone): the quote as it is, the answer taken once
    const again = await publicCall<{ state: string }>(bff, `${token}/approve`, { name: 'Marina Costa' })
    expect([again.status, again.body.Dados.state]).toEqual([200, 'approved'])
    expect((await publicCall(bff, `${token}/reject`, { name: 'Marina', reason: 'changed my mind' })).status).toBe(409)
    expect((await publicCall(bff, `${token}/approve`, { name: 'Someone else' })).status).toBe(409)
    const office = (await admin<Quote>(`/cd_cotacao/${q.id}`)).body.Dados
    expect(office).toMatchObject({ status: 'approved', decision: { name: 'Marina Costa' } })
    const activity = (await admin<Array<{ action: string; userName: string }>>(`/cd_cotacao/${q.id}/activity`)).body
      .Dados
    expect(activity.map((a) => a.action)).toEqual(['client_approved', 'send', 'created'])
    // the office hears of it in its notifications (in each one's language); the technician, who has no quotes page, does not
    type Notice = { title: string; description: string; link: string; read: boolean }
    const notices = async (credentials: { email: string; password: string }) =>
      (await (await bff.call('/common/notifications', { token: await bff.signIn(credentials) })).json()) as Notice[]
    expect((await notices(DEMO_ADMIN))[0]).toEqual(
      expect.objectContaining({
        title: 'Quote approved',
        description: `Marina Costa approved quote ${q.number}: it can become a service order.`,
        link: `/view/cd_cotacao/${q.id}`,
        read: false,
      }),
    )
    expect((await notices(DEMO_TECHNICIAN)).some((n) => n.description.includes(q.number))).toBe(false)
    // converted: its service order is made (tests/unit/orders.test.ts)
    const convert = await admin<Quote & { orderNumber: string }>(`/cd_cotacao/${q.id}/convert`, { method: 'POST' })
    expect(convert.status).toBe(200)
    expect(convert.body.Dados).toMatchObject({ status: 'converted', orderNumber: expect.stringMatching(/^OS-CPS-/) })
  })

  it('addresses WhatsApp to the client’s number labelled WhatsApp, else their mobile, in E.164; none for a landline only', async () => {
    const { admin, quote } = await setUp()
    const client = (
      await admin<{ id: string }>('/cd_cliente', {
        method: 'POST',
        json: {
          kind: 'person',
          name: 'Ana Souza',
          contacts: [
            { kind: 'phone', label: 'Fixo', value: '(11) 3333-4444' },
            { kind: 'phone', label: '', value: '(11) 98765-4321' },
          ],
        },
      })
    ).body.Dados
    const q = (await admin<Quote>('/cd_cotacao', { method: 'POST', json: { ...quote, clientId: client.id } })).body
      .Dados
    await admin(`/cd_cotacao/${q.id}/send`, { method: 'POST' })
    const whatsapp = async () =>
      (await admin<{ whatsapp: string | null }>(`/cd_cotacao/${q.id}/link`)).body.Dados.whatsapp
    // the first mobile (the company is in Brazil: a number without +55 is Brazilian)
    expect(await whatsapp()).toBe('+5511987654321')
    const contacts = async (list: Array<{ label: string; value: string }>) => {
      const current = await admin(`/cd_cliente/${client.id}`)
      const saved = await admin(`/cd_cliente/${client.id}`, {
        method: 'PATCH',
        headers: { 'If-Match': current.etag! },
        json: { contacts: list.map((c) => ({ kind: 'phone', ...c })) },
      })
      expect(saved.status).toBe(200)
    }
    // one labelled WhatsApp wins, even a landline (WhatsApp Business)
    await contacts([
      { label: 'Celular', value: '(11) 98765-4321' },
      { label: 'WhatsApp', value: '+55 21 2555-0101' },
    ])
    expect(await whatsapp()).toBe('+552125550101')
    await contacts([{ label: 'Fixo', value: '(11) 3333-4444' }])
    expect(await whatsapp()).toBeNull()
  })

  it("tells the office in each reader's language, and in the new one once a reader changes language", async () => {
    const { bff, admin, quote } = await setUp()
    // a manager of the branch who reads Portuguese
    const manager = await signInMember(bff, { empresa: 1, filial: 1, role: 'manager' }, 'Paulo Souza')
    await bff.call('/common/user', { method: 'PATCH', token: manager, json: { user: { culture: 'pt' } } })
    const q = (await admin<Quote>('/cd_cotacao', { method: 'POST', json: quote })).body.Dados
    await admin(`/cd_cotacao/${q.id}/send`, { method: 'POST' })
    const token = (await admin<{ url: string }>(`/cd_cotacao/${q.id}/link`)).body.Dados.url.split('/q/')[1]
    await publicCall(bff, `${token}/reject`, { name: 'Marina Costa', reason: 'too expensive' })
    type Notice = { id: string; title: string; description: string }
    const latest = async (token: string, headers: Record<string, string> = {}) =>
      ((await (await bff.call('/common/notifications', { token, headers })).json()) as Notice[])[0]
    const adminToken = await bff.signIn(DEMO_ADMIN)
    const english = { title: 'Quote rejected', description: `Marina Costa rejected quote ${q.number}.` }
    const portuguese = { title: 'Orçamento recusado', description: `Marina Costa recusou o orçamento ${q.number}.` }
    expect(await latest(adminToken)).toMatchObject(english)
    expect(await latest(manager)).toMatchObject(portuguese)
    // the pages ask in the language they show (Accept-Language); so does a reader who switched
    expect(await latest(adminToken, { 'accept-language': 'pt-BR' })).toMatchObject(portuguese)
    expect(await latest(manager, { 'accept-language': 'es-MX' })).toMatchObject({
      title: 'Cotización rechazada',
      description: `Marina Costa rechazó la cotización ${q.number}.`,
    })
    await bff.call('/common/user', { method: 'PATCH', token: manager, json: { user: { culture: 'en' } } })
    expect(await latest(manager)).toMatchObject(english)
    // marking it read keeps it in the reader's language; changing its words makes them the reader's own
    const notice = await latest(manager)
    const read = await bff.call('/common/notifications/toggle-read-status', {
      method: 'POST',
      token: manager,
      headers: { 'accept-language': 'pt-BR' },
      json: { notification: { id: notice.id, read: true } },
    })
    expect(await read.json()).toMatchObject({ ...portuguese, read: true })
    await bff.call('/common/notifications', {
      method: 'PATCH',
      token: manager,
      json: { id: notice.id, notification: { title: 'Call Marina' } },
    })
    expect(await latest(manager, { 'accept-language': 'pt-BR' })).toMatchObject({
      title: 'Call Marina',
      description: english.description,
    })
  })

  it('is withdrawn: its link stops opening, it can be changed and sent again with a new link', async () => {
    const { bff, admin, quote, clients } = await setUp()
    // a client without an e-mail: the send says so
    const noMail = (
      await admin<{ id: string }>('/cd_cliente', { method: 'POST', json: { kind: 'person', name: 'Sem Email' } })
    ).body.Dados
    const q = (await admin<Quote>('/cd_cotacao', { method: 'POST', json: { ...quote, clientId: noMail.id } })).body
      .Dados
    const sent = await admin<Quote & { delivery: unknown }>(`/cd_cotacao/${q.id}/send`, { method: 'POST' })
    expect(sent.body.Dados.delivery).toEqual({ by: 'none', reason: 'no_email' })
    const first = (await admin<{ url: string; message: string }>(`/cd_cotacao/${q.id}/link`)).body.Dados
    // the message to pass on is the e-mail's, in the client's language, with the link
    expect(first.message).toContain(first.url)
    expect(first.message).toContain(q.number)
    const token = first.url.split('/q/')[1]
    expect((await publicCall(bff, token)).status).toBe(200)
    const withdrawn = await admin<Quote & { delivery: unknown }>(`/cd_cotacao/${q.id}/withdraw`, { method: 'POST' })
    expect(withdrawn.body.Dados).toMatchObject({ status: 'draft', delivery: null })
    expect((await publicCall(bff, token)).status).toBe(404)
    expect((await admin(`/cd_cotacao/${q.id}/link`)).status).toBe(409)
    // changed and sent again: a new link opens, the old one still does not
    expect((await admin(`/cd_cotacao/${q.id}`, { method: 'PATCH', json: { clientId: clients[0].id } })).status).toBe(
      200,
    )
    await admin(`/cd_cotacao/${q.id}/send`, { method: 'POST' })
    const second = (await admin<{ url: string }>(`/cd_cotacao/${q.id}/link`)).body.Dados.url
    expect(second).not.toBe(first.url)
    expect((await publicCall(bff, second.split('/q/')[1])).status).toBe(200)
    expect((await publicCall(bff, token)).status).toBe(404)
    expect((await admin(`/cd_cotacao/${q.id}/withdraw`, { method: 'POST' })).status).toBe(200)
    expect((await admin(`/cd_cotacao/${q.id}/withdraw`, { method: 'POST' })).status).toBe(409)
  })

  it('records a rejection with its reason; an expired quote is shown as such and cannot be sent', async () => {
    const { bff, admin, quote } = await setUp()
    const q = (await admin<Quote>('/cd_cotacao', { method: 'POST', json: quote })).body.Dados
    await admin(`/cd_cotacao/${q.id}/send`, { method: 'POST' })
    const token = (await admin<{ url: string }>(`/cd_cotacao/${q.id}/link`)).body.Dados.url.split('/q/')[1]
    expect((await publicCall(bff, `${token}/reject`, { name: 'Marina', reason: 'Too expensive' })).status).toBe(200)
    expect((await admin<Quote>(`/cd_cotacao/${q.id}`)).body.Dados).toMatchObject({
      status: 'rejected',
      decision: { name: 'Marina', reason: 'Too expensive' },
    })

    const old = (await admin<Quote>('/cd_cotacao', { method: 'POST', json: { ...quote, validUntil: '2020-01-31' } }))
      .body.Dados
    expect(old.state).toBe('expired')
    expect((await admin(`/cd_cotacao/${old.id}/send`, { method: 'POST' })).body.code).toBe('quote_expired')
    expect((await admin<List<Quote>>('/cd_cotacao?sort=state&search=' + old.number)).body.Dados.items[0].state).toBe(
      'expired',
    )
  })

  it('duplicates a quote as a new draft, refuses a stale edit, and keeps quotes to their branch and to those with the page', async () => {
    const { bff, admin, quote } = await setUp()
    const created = await admin<Quote>('/cd_cotacao', { method: 'POST', json: quote })
    const q = created.body.Dados
    const copy = (await admin<Quote>(`/cd_cotacao/${q.id}/duplicate`, { method: 'POST' })).body.Dados
    expect(copy).toMatchObject({ status: 'draft', duplicateOf: q.id, totals: q.totals })
    expect(copy.number).not.toBe(q.number)
    const saved = await admin(`/cd_cotacao/${q.id}`, {
      method: 'PATCH',
      json: { notes: 'Gate code 12' },
      headers: { 'if-match': created.etag! },
    })
    expect(saved.status).toBe(200)
    expect(
      (
        await admin(`/cd_cotacao/${q.id}`, {
          method: 'PATCH',
          json: { notes: 'lost' },
          headers: { 'if-match': created.etag! },
        })
      ).status,
    ).toBe(412)
    // the list is the current branch's
    const otherBranch = await callAs(bff, DEMO_ADMIN, { 'x-empresa': '1', 'x-filial': '2' })
    // (each branch has its own series: the main branch may hold a quote of the same number)
    expect(
      (await otherBranch<List<Quote>>(`/cd_cotacao?search=${q.number}`)).body.Dados.items.map((x) => x.id),
    ).not.toContain(q.id)
    expect((await admin<List<Quote>>(`/cd_cotacao?search=${q.number}`)).body.Dados.items.map((x) => x.id)).toContain(
      q.id,
    )
    // another company has no such quote
    const northwind = await callAs(bff, DEMO_ADMIN, { 'x-empresa': '2', 'x-filial': '4' })
    expect((await northwind(`/cd_cotacao/${q.id}`)).status).toBe(404)
    // the client's quotes, newest first, from the branches the caller works in
    const ofClient = await admin<Quote[]>(`/cd_cotacao/of-client?clientId=${quote.clientId}`)
    expect(ofClient.body.Dados.map((x) => x.id).slice(0, 2)).toEqual([copy.id, q.id])
    // the technician's role has no quotes page
    const tech = await callAs(bff, DEMO_TECHNICIAN)
    expect((await tech(`/cd_cotacao/of-client?clientId=${quote.clientId}`)).status).toBe(403)
    // who may only read quotes does not get the client's link (it approves and rejects)
    const techUser = (await admin<List<{ id: string }>>('/ac_usuarios?search=tech@')).body.Dados.items[0]
    expect((await tech('/cd_cotacao')).status).toBe(403)
    expect((await tech(`/cd_cotacao/${q.id}/duplicate`, { method: 'POST' })).status).toBe(403)
    expect(
      (
        await admin('/ac_usuariospaginas', {
          method: 'PUT',
          json: { userId: techUser.id, levels: { cd_cotacao: 'view' } },
        })
      ).status,
    ).toBe(200)
    await admin(`/cd_cotacao/${q.id}/send`, { method: 'POST' })
    expect((await tech(`/cd_cotacao/${q.id}`)).status).toBe(200)
    expect((await tech(`/cd_cotacao/${q.id}/link`)).status).toBe(403)
    expect((await admin(`/cd_cotacao/${q.id}/link`)).status).toBe(200)
  })
})

describe('the demo quotes', () => {
  it('are 30 in the main branch, in every status, some expired, three converted, and new ones number after them', async () => {
    const { bff, quote } = await setUp()
    const main = await callAs(bff, DEMO_ADMIN, { 'x-empresa': '1', 'x-filial': '2' })
    const all = (await main<List<Quote>>('/cd_cotacao?size=100')).body.Dados.items
    expect(all).toHaveLength(30)
    expect(new Set(all.map((q) => q.state))).toEqual(
      new Set(['draft', 'sent', 'approved', 'rejected', 'expired', 'converted']),
    )
    expect(all.map((q) => q.number)).toContain('ORC-SAO-2026-000030')
    // every seeded total is what the app computes from the lines
    for (const q of all) expect(q.total).toBe(q.lines.reduce((sum, l) => sum + l.total, 0))
    // the list's own index: sorted, searched and paged as the generic lists are
    const byTotal = (await main<List<Quote>>('/cd_cotacao?sort=total&order=desc&size=12&page=2')).body.Dados
    expect(byTotal.pagination).toMatchObject({ length: 30, page: 2, lastPage: 3 })
    const totals = all.map((q) => q.total).sort((a, b) => b - a)
    expect(byTotal.items.map((q) => q.total)).toEqual(totals.slice(12, 24))
    const one = all[5]
    expect(
      (
        await main<List<Quote>>(`/cd_cotacao?search=${encodeURIComponent(one.clientName.toUpperCase())}`)
      ).body.Dados.items.map((q) => q.clientName),
    ).toContain(one.clientName)
    const expired = (await main<List<Quote>>('/cd_cotacao?sort=state&size=100')).body.Dados.items.map((q) => q.state)
    expect(expired).toEqual([...expired].sort())
    const next = (await main<Quote>('/cd_cotacao', { method: 'POST', json: quote })).body.Dados.number
    if (next.startsWith('ORC-SAO-2026-')) expect(next).toBe('ORC-SAO-2026-000031')
  })
})

describe('a list narrowed to one state', () => {
  it('answers the quotes in that state as the user sees it (expired computed), and refuses an unknown state', async () => {
    const { bff } = await setUp()
    const main = await callAs(bff, DEMO_ADMIN, { 'x-empresa': '1', 'x-filial': '2' })
    const all = (await main<List<Quote>>('/cd_cotacao?size=100')).body.Dados.items
    for (const state of ['draft', 'sent', 'approved', 'rejected', 'expired']) {
      const expected = all.filter((q) => q.state === state).map((q) => q.number)
      expect(expected.length).toBeGreaterThan(0)
      const narrowed = (await main<List<Quote>>(`/cd_cotacao?state=${state}&size=100`)).body.Dados
      expect(narrowed.items.map((q) => q.number).sort()).toEqual(expected.sort())
      expect(narrowed.pagination.length).toBe(expected.length)
    }
    // sorted and paged like any list: the two sent quotes that expire first
    const sent = all
      .filter((q) => q.state === 'sent')
      .sort((a, b) => a.validUntil.localeCompare(b.validUntil) || a.number.localeCompare(b.number))
    const first = (await main<List<Quote>>('/cd_cotacao?state=sent&sort=validUntil&size=2')).body.Dados
    expect(first.items.map((q) => q.number)).toEqual(sent.slice(0, 2).map((q) => q.number))
    // the CSV export follows the filter
    const csv = await bff.call('/cd_cotacao/export.csv?state=approved', {
      token: await bff.signIn(DEMO_ADMIN),
      headers: { 'x-empresa': '1', 'x-filial': '2' },
    })
    expect((await csv.text()).trim().split('\n')).toHaveLength(1 + all.filter((q) => q.state === 'approved').length)
    const bad = await main('/cd_cotacao?state=lost')
    expect(bad.status).toBe(400)
    // a module without states has no such filter: like any unknown parameter, it is refused, naming it
    const jobs = await main('/cd_job?state=sent')
    expect(jobs.status).toBe(400)
    expect(jobs.body).toMatchObject({ Msg: 'state: not taken here', code: 'invalid' })
  })
})

describe('the quote PDF', () => {
  it("prints the number, the client, the lines and the total in the client's culture, with the company logo", async () => {
    const { bff, admin, quote } = await setUp()
    const token = await bff.signIn(DEMO_ADMIN)
    const headers = { 'x-empresa': '1', 'x-filial': '1' }
    const form = new FormData()
    form.append('files', new File([solidPng(240, 80, [20, 60, 200])], 'logo.png', { type: 'image/png' }))
    form.append('getEmpresaProprietario', 'true')
    const logo = (
      (await (await bff.call('/FileManager/upload', { method: 'POST', token, headers, body: form })).json()) as {
        ListFiles: Array<{ Id: string; Url: string }>
      }
    ).ListFiles[0]
    expect(
      (
        await bff.call('/ac_empresas/logo', {
          method: 'PUT',
          token,
          headers,
          json: { ID_ARQUIVO: logo.Id, URL_LOGO: logo.Url },
        })
      ).status,
    ).toBe(200)

    const q = (
      await admin<Quote>('/cd_cotacao', {
        method: 'POST',
        json: {
          ...quote,
          culture: 'pt',
          lines: [...quote.lines, { description: 'Peças — filtro ≥ 2 mm 🔧', quantity: 1.5, unitPrice: 1001 }],
        },
      })
    ).body.Dados
    const res = await bff.call(`/cd_cotacao/${q.id}/pdf`, { token, headers })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    const bytes = new Uint8Array(await res.arrayBuffer())
    const text = readPdf(bytes)
    expect(text).toContain('ORÇAMENTO')
    expect(text).toContain(q.number)
    expect(text).toContain(q.clientName)
    expect(text).toContain('Instalação de ar-condicionado split')
    expect(text).toContain('Visita técnica')
    // what the standard fonts cannot draw is replaced, not dropped with the line
    expect(text).toContain('Peças — filtro >= 2 mm')
    expect(text).toMatch(/Total\s+R\$ 955,52/)
    expect(readPdf(bytes, 'pdfimages').trim().split('\n')).toHaveLength(3)

    // the client gets the same document from their link, in English when the quote says so
    await admin(`/cd_cotacao/${q.id}`, { method: 'PATCH', json: { culture: 'en' } })
    await admin(`/cd_cotacao/${q.id}/send`, { method: 'POST' })
    const link = (await admin<{ url: string }>(`/cd_cotacao/${q.id}/link`)).body.Dados.url.split('/q/')[1]
    const pub = await bff.call(`/public/quotes/${link}/pdf`)
    expect(pub.status).toBe(200)
    expect(readPdf(new Uint8Array(await pub.arrayBuffer()))).toMatch(/QUOTE[\s\S]*Total\s+R\$955\.52/)
    // another company cannot print it
    const northwind = await bff.call(`/cd_cotacao/${q.id}/pdf`, {
      token,
      headers: { 'x-empresa': '2', 'x-filial': '4' },
    })
    expect(northwind.status).toBe(404)
  })

  it('offers optional lines: out of the totals until the client ticks them, and the order has what was bought', async () => {
    const { bff, admin, quote, job } = await setUp()
    const created = await admin<Quote & { lines: Array<Line & { optional: boolean; chosen: boolean }> }>(
      '/cd_cotacao',
      {
        method: 'POST',
        json: {
          ...quote,
          lines: [
            ...quote.lines,
            { jobId: job('VIS-TEC').id, quantity: 2, optional: true },
            { description: 'Filtro extra', quantity: 1, unitPrice: 5000, optional: true },
          ],
        },
      },
    )
    const q = created.body.Dados
    expect(q.lines.map((l) => [l.optional, l.chosen])).toEqual([
      [false, false],
      [false, false],
      [true, false],
      [true, false],
    ])
    // offered, not counted
    expect(q.totals.total).toBe(94050)
    await admin(`/cd_cotacao/${q.id}/send`, { method: 'POST' })
    const token = (await admin<{ url: string }>(`/cd_cotacao/${q.id}/link`)).body.Dados.url.split('/q/')[1]
    // only optional lines can be chosen; a refusal changes nothing
    const wrong = await publicCall(bff, `${token}/approve`, { name: 'Ana Souza', options: [0] })
    expect(wrong.status).toBe(400)
    expect(wrong.body.code).toBe('invalid')
    const approved = await publicCall<{ totals: { total: number }; lines: Array<{ chosen: boolean }> }>(
      bff,
      `${token}/approve`,
      { name: 'Ana Souza', options: [3] },
    )
    expect(approved.status).toBe(200)
    // the extra filter (50.00) is bought, the second visit is not
    expect(approved.body.Dados.totals.total).toBe(94050 + 5000)
    expect(approved.body.Dados.lines.map((l) => l.chosen)).toEqual([false, false, false, true])
    const converted = await admin<{ orderId: string }>(`/cd_cotacao/${q.id}/convert`, { method: 'POST' })
    const order = await admin<{ lines: Array<{ description: string }>; totals: { total: number } }>(
      `/cd_ordem/${converted.body.Dados.orderId}`,
    )
    expect(order.body.Dados.lines.map((l) => l.description)).toEqual([
      'Instalação de ar-condicionado split',
      'Visita técnica',
      'Filtro extra',
    ])
    expect(order.body.Dados.totals.total).toBe(99050)
  })
})
