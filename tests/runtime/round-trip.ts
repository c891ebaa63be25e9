import { expect } from 'vitest'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'
import type { Running } from './servers.ts'
import { readPdf as pdfText } from '../shared/pdf.ts'
import { solidPng } from '../shared/png.ts'
import { moneyRaces } from '../shared/money-races.ts'
import { bankStatement } from '../shared/ofx.ts'

/** Signs in through the API, writes the user's name, reads it back; checks a page and an asset. */
export async function roundTrip(url: string, name: string) {
  const signIn = await fetch(`${url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ADMIN),
  })
  expect(signIn.status).toBe(200)
  const { accessToken } = (await signIn.json()) as { accessToken: string }
  const auth = { authorization: `Bearer ${accessToken}` }
  const patch = await fetch(`${url}/api/common/user`, {
    method: 'PATCH',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ user: { name } }),
  })
  expect(patch.status).toBe(200)
  const user = (await (await fetch(`${url}/api/common/user`, { headers: auth })).json()) as { name: string }
  expect(user.name).toBe(name)
  // a quote's PDF is rendered by this runtime (the PDF library must run on each)
  const tenant = { ...auth, 'x-empresa': '1', 'x-filial': '2' }
  const quotes = (await (await fetch(`${url}/api/cd_cotacao?size=1`, { headers: tenant })).json()) as {
    Dados: { items: Array<{ id: string; number: string }> }
  }
  const [quote] = quotes.Dados.items
  const pdf = await fetch(`${url}/api/cd_cotacao/${quote.id}/pdf`, { headers: tenant })
  expect(pdf.status).toBe(200)
  expect(pdf.headers.get('content-type')).toBe('application/pdf')
  expect(pdfText(new Uint8Array(await pdf.arrayBuffer()))).toContain(quote.number)
  await boardHearsABooking(url, tenant)
  // the strict counters of this runtime's storage (issue 30 §5): invoice numbers and payments under races
  await moneyRaces(async (path, init = {}) => {
    const res = await fetch(`${url}/api${path}`, {
      method: init.method ?? 'GET',
      headers: { ...tenant, ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
    })
    return { status: res.status, body: (await res.json()) as never }
  })
  // an invoice's PDF with its Pix QR code, drawn by this runtime (the QR library must run on each)
  const overdue = (await (await fetch(`${url}/api/cd_invoice?state=overdue&size=1`, { headers: tenant })).json()) as {
    Dados: { items: Array<{ id: string; number: string }> }
  }
  const [invoice] = overdue.Dados.items
  const invoicePdf = await fetch(`${url}/api/cd_invoice/${invoice.id}/pdf`, { headers: tenant })
  expect(invoicePdf.status).toBe(200)
  const printed = pdfText(new Uint8Array(await invoicePdf.arrayBuffer()))
  expect(printed).toContain(invoice.number)
  expect(printed).toContain('Chave Pix: 11222333000181')
  await statementRead(url, tenant)
  await priceListRead(url, tenant)
  await planPrints(url, tenant)
  const wrong = await fetch(`${url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...DEMO_ADMIN, password: 'wrong-password' }),
  })
  expect(wrong.status).toBe(404)
  // the reports' chart is drawn by this runtime, on the server, as SVG (the chart library must run on each)
  const reports = await fetch(`${url}/view/cd_reports?period=this-year`, {
    headers: { cookie: `token=${accessToken}; currentEmpresa=1; currentFilial=2` },
  })
  expect(reports.status).toBe(200)
  expect(await reports.text()).toMatch(
    /<svg [^>]*role="img"[^>]*><title id="revenue-chart-title">Invoiced and collected, month by month<\/title>.*<rect /s,
  )
  const page = await fetch(`${url}/sign-in`)
  expect(page.status).toBe(200)
  const html = await page.text()
  expect(html).toContain('<h1 class="mt-6 text-3xl font-extrabold tracking-tight">Sign in</h1>')
  const script = html.match(/\/assets\/entry\.client-[\w-]+\.js/)?.[0]
  expect(script).toBeDefined()
  const asset = await fetch(`${url}${script}`)
  expect(asset.status).toBe(200)
  expect(asset.headers.get('content-type')).toContain('javascript')
  return accessToken
}

/**
 * A maintenance plan on this runtime (docs/domain.md maintenance plans): saved for a demo machine, it
 * makes today's order once (its id follows from the plan and the day, on this runtime's storage), and
 * prints as the PMOC (the demo company is in Brazil); the machine keeps a photo and lets it go.
 */
async function planPrints(url: string, tenant: Record<string, string>) {
  const get = async <T>(path: string) =>
    ((await (await fetch(`${url}/api${path}`, { headers: tenant })).json()) as { Dados: T }).Dados
  const [machine] = (await get<{ items: Array<{ id: string; clientId: string }> }>('/cd_equipamento?size=1')).items
  const [job] = (await get<{ items: Array<{ id: string }> }>('/cd_job?size=1')).items
  const startsOn = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date())
  const name = `Runtime plan ${Date.now()}`
  const saved = await fetch(`${url}/api/cd_plano`, {
    method: 'POST',
    headers: { ...tenant, 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      clientId: machine.clientId,
      items: [{ equipmentId: machine.id, jobId: job.id, periodicity: 'quarterly' }],
      startsOn,
      aheadDays: 7,
      engineerRegistration: 'CREA-SP 5061234567',
    }),
  })
  expect(saved.status).toBe(200)
  const plan = ((await saved.json()) as { Dados: { id: string } }).Dados
  const orders = await get<Array<{ dueDate: string }>>(`/cd_ordem/of-plan?planId=${plan.id}`)
  expect(orders.map((o) => o.dueDate)).toEqual([startsOn])
  const pdf = await fetch(`${url}/api/cd_plano/${plan.id}/pdf`, { headers: tenant })
  expect(pdf.status).toBe(200)
  const text = pdfText(new Uint8Array(await pdf.arrayBuffer())).replace(/\s+/g, ' ')
  expect(text).toContain('PMOC — Plano de Manutenção, Operação e Controle')
  expect(text).toContain(name)
  expect(text).toContain('CREA-SP 5061234567')

  // the machine's photo, kept and served by this runtime; taken off, its file is gone
  const form = new FormData()
  form.set('photo', new File([solidPng(640, 480, [20, 90, 160])], 'nameplate.png', { type: 'image/png' }))
  const added = await fetch(`${url}/api/cd_equipamento/${machine.id}/photos`, {
    method: 'POST',
    headers: tenant,
    body: form,
  })
  expect(added.status).toBe(200)
  const photos = ((await added.json()) as { Dados: { photos: Array<{ id: string; url: string }> } }).Dados.photos
  const photo = photos[photos.length - 1]
  const served = await fetch(`${url}${photo.url}`, { headers: tenant })
  expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/png'])
  await served.body?.cancel()
  const off = await fetch(`${url}/api/cd_equipamento/${machine.id}/photos/${photo.id}`, {
    method: 'DELETE',
    headers: tenant,
  })
  expect(off.status).toBe(200)
  expect((await fetch(`${url}${photo.url}`, { headers: tenant })).status).toBe(404)
}

/**
 * The dispatch board's live stream on this runtime (docs/domain.md cd_ordemagendamento): an open
 * stream hears a visit booked by another request within 3 seconds.
 */
async function boardHearsABooking(url: string, tenant: Record<string, string>) {
  const events = await fetch(`${url}/api/cd_ordemagendamento/events`, {
    headers: { ...tenant, accept: 'text/event-stream' },
  })
  expect(events.status).toBe(200)
  const reader = events.body!.pipeThrough(new TextDecoderStream()).getReader()
  const until = async (event: string) => {
    let text = ''
    while (!text.includes(`event: ${event}`)) {
      const { value, done } = await reader.read()
      if (done) throw new Error(`the stream ended before ${event}`)
      text += value
    }
  }
  await until('ready')
  const day = '2027-06-02'
  const board = (await (
    await fetch(`${url}/api/cd_ordemagendamento/board?from=${day}&to=${day}`, { headers: tenant })
  ).json()) as { Dados: { tray: Array<{ id: string }>; technicians: Array<{ id: string }> } }
  const booked = await fetch(`${url}/api/cd_ordemagendamento`, {
    method: 'POST',
    headers: { ...tenant, 'content-type': 'application/json' },
    body: JSON.stringify({
      orderId: board.Dados.tray[0].id,
      technicianIds: [board.Dados.technicians[0].id],
      start: `${day}T10:00:00-03:00`,
      end: `${day}T11:00:00-03:00`,
      force: true,
    }),
  })
  expect(booked.status).toBe(201)
  const started = Date.now()
  await until('change')
  expect(Date.now() - started).toBeLessThan(3000)
  await reader.cancel()
  const appointment = (await booked.json()) as { Dados: { orderId: string; visits: Array<{ id: string }> } }
  await visitWork(url, tenant, appointment.Dados.visits[0].id, appointment.Dados.orderId)
}

/**
 * A visit's photo read by this runtime (docs/domain.md cd_techorders: its type from its bytes, its
 * size from its header), and the order's work order printed by it.
 */
async function visitWork(url: string, tenant: Record<string, string>, visitId: string, orderId: string) {
  const upload = (bytes: Uint8Array<ArrayBuffer>) => {
    const form = new FormData()
    form.set('photo', new File([bytes], 'photo.png', { type: 'image/png' }))
    form.set('label', 'before')
    return fetch(`${url}/api/cd_techorders/${visitId}/photos`, { method: 'POST', headers: tenant, body: form })
  }
  const added = await upload(solidPng(320, 240, [200, 80, 20]))
  expect(added.status).toBe(200)
  expect(((await added.json()) as { Dados: { photos: unknown[] } }).Dados.photos).toHaveLength(1)
  expect((await upload(new TextEncoder().encode('not an image') as Uint8Array<ArrayBuffer>)).status).toBe(400)
  const order = (await (await fetch(`${url}/api/cd_ordem/${orderId}`, { headers: tenant })).json()) as {
    Dados: { number: string }
  }
  const pdf = await fetch(`${url}/api/cd_ordem/${orderId}/work-order`, { headers: tenant })
  expect(pdf.status).toBe(200)
  expect(pdfText(new Uint8Array(await pdf.arrayBuffer()))).toContain(order.Dados.number)
}

/** A bank's OFX statement in Windows-1252 read by this runtime (docs/domain.md cd_contas "Bank statement"). */
async function statementRead(url: string, tenant: Record<string, string>) {
  const accounts = (await (await fetch(`${url}/api/cd_contas?search=Itaú`, { headers: tenant })).json()) as {
    Dados: { items: Array<{ id: string }> }
  }
  const form = new FormData()
  const file = bankStatement([
    { date: '2026-01-05', amount: '-12.90', fitId: `RT${Date.now()}`, memo: 'TARIFA SERVIÇOS' },
  ])
  form.set('file', new File([file], 'extrato.ofx', { type: 'application/x-ofx' }))
  const imported = await fetch(`${url}/api/cd_contas/${accounts.Dados.items[0].id}/statements`, {
    method: 'POST',
    headers: tenant,
    body: form,
  })
  expect(imported.status).toBe(200)
  const { lines } = ((await imported.json()) as { Dados: { lines: Array<{ amount: number; memo: string }> } }).Dados
  expect(lines).toMatchObject([{ amount: -1_290, memo: 'TARIFA SERVIÇOS' }])
}

/**
 * A price list read by this runtime (docs/domain.md cd_produto: the CSV library must run on each):
 * Windows-1252 with ";" and decimal commas, its product then stocked in the branch.
 */
async function priceListRead(url: string, tenant: Record<string, string>) {
  const sku = `RT-${Date.now()}`
  const csv = `Código;Nome;Preço;Mínimo\r\n${sku};Válvula de serviço;1.234,50;3\r\n`
  const form = new FormData()
  form.set('file', new File([Uint8Array.from(csv, (ch) => ch.charCodeAt(0))], 'precos.csv', { type: 'text/csv' }))
  const imported = await fetch(`${url}/api/cd_produto/import`, { method: 'POST', headers: tenant, body: form })
  expect(imported.status).toBe(200)
  expect(((await imported.json()) as { Dados: unknown }).Dados).toEqual({ created: 1, updated: 0, skipped: [] })
  const found = (await (await fetch(`${url}/api/cd_produto?search=${sku}`, { headers: tenant })).json()) as {
    Dados: { items: Array<{ id: string; name: string; unitPrice: number }> }
  }
  const [product] = found.Dados.items
  expect(product).toMatchObject({ name: 'Válvula de serviço', unitPrice: 123_450 })
  const received = await fetch(`${url}/api/cd_produto/${product.id}/stock`, {
    method: 'POST',
    headers: { ...tenant, 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'received', quantity: 4 }),
  })
  expect(received.status).toBe(200)
  const now = (await (await fetch(`${url}/api/cd_produto/${product.id}`, { headers: tenant })).json()) as {
    Dados: { stock: number; level: string }
  }
  expect(now.Dados).toMatchObject({ stock: 4, level: 'ok' })
}

/**
 * Starts a server, checks its storage driver and does the round trip, stops it, starts it
 * again over the same data and checks the change is still there.
 */
export async function restartKeepsData(start: () => Promise<Running>, driver: string, name: string) {
  const first = await start()
  try {
    const health = (await (await fetch(`${first.url}/api/health`)).json()) as { storage: string }
    expect(health.storage).toBe(driver)
    await roundTrip(first.url, name)
  } finally {
    await first.stop()
  }
  const second = await start()
  try {
    const signIn = await fetch(`${second.url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_ADMIN),
    })
    expect(((await signIn.json()) as { user: { name: string } }).user.name).toBe(name)
  } finally {
    await second.stop()
  }
}
