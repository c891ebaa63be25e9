import { describe, expect, it } from 'vitest'
import { DEMO_ADMIN, DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { callAs, testBff } from '../shared/bff.ts'
import { MAIN, TECH_ID, wednesdayAhead } from '../shared/booking.ts'
import { faultyStore } from '../shared/faulty-store.ts'

type List<T> = { items: T[]; pagination: { length: number } }
type Product = {
  id: string
  name: string
  unitPrice: number
  stock: number | null
  totalStock: number | null
  level: string
  minimum: number
}
type Move = { id: string; kind: string; quantity: number; reason: string; orderNumber?: string; filial: number }

const CAMPINAS = { 'x-empresa': '1', 'x-filial': '1' }
const CAPACITOR = { name: 'Capacitor 35 µF', sku: 'CAP-35', unit: 'unit', unitPrice: 4500, cost: 1800, minimum: 5 }

async function setUp(options: Parameters<typeof testBff>[0] = {}) {
  const bff = await testBff(options)
  const admin = await callAs(bff, DEMO_ADMIN, MAIN)
  const campinas = await callAs(bff, DEMO_ADMIN, CAMPINAS)
  const made = await admin<Product>('/cd_produto', { method: 'POST', json: CAPACITOR })
  expect(made.status).toBe(200)
  const product = made.body.Dados
  const move = (json: Record<string, unknown>, who = admin, headers?: Record<string, string>) =>
    who<Move>(`/cd_produto/${product.id}/stock`, { method: 'POST', json, headers })
  const now = async (who = admin) => (await who<Product>(`/cd_produto/${product.id}`)).body.Dados
  const moves = async (who = admin) => (await who<Move[]>(`/cd_produto/${product.id}/stock`)).body.Dados
  return { bff, admin, campinas, product, move, now, moves }
}

// cd_produto (docs/domain.md): products with stock per branch and the moves that made it
describe('a product', () => {
  it('counts its stock per branch: received here is not there, a count adjusts with its reason, each move listed', async () => {
    const { admin, campinas, product, move, now, moves } = await setUp()
    // counted nowhere until it is received or counted
    expect([product.stock, product.totalStock, product.level]).toEqual([null, 0, 'untracked'])
    expect((await move({ kind: 'received', quantity: 24, reason: 'NF 4471' })).status).toBe(200)
    expect((await move({ kind: 'received', quantity: 3 }, campinas)).status).toBe(200)
    expect((await move({ kind: 'adjusted', quantity: -1.5, reason: 'Broken in the van' })).status).toBe(200)
    expect(await now()).toMatchObject({ stock: 22.5, totalStock: 25.5, level: 'ok', unitPrice: 4500 })
    expect(await now(campinas)).toMatchObject({ stock: 3, totalStock: 25.5, level: 'low' })
    expect((await moves()).map((m) => [m.kind, m.quantity, m.reason])).toEqual([
      ['adjusted', -1.5, 'Broken in the van'],
      ['received', 24, 'NF 4471'],
    ])
    // the list narrows to what is low here
    const low = (await admin<List<Product>>('/cd_produto?state=low&size=100')).body.Dados.items
    expect(low.some((p) => p.id === product.id)).toBe(false)
    const lowThere = (await campinas<List<Product>>('/cd_produto?state=low&size=100')).body.Dados.items
    expect(lowThere.map((p) => p.id)).toContain(product.id)
  })

  it('refuses a move that says nothing, names the field, and changes no count', async () => {
    const { move, now } = await setUp()
    const zero = await move({ kind: 'adjusted', quantity: 0, reason: 'Count' })
    expect([zero.status, zero.body.codes]).toEqual([400, { quantity: 'stock_adjust_zero' }])
    const noReason = await move({ kind: 'adjusted', quantity: 2 })
    expect([noReason.status, noReason.body.codes]).toEqual([400, { reason: 'field_required' }])
    const negative = await move({ kind: 'received', quantity: -2 })
    expect(negative.status).toBe(400)
    expect((await now()).stock).toBeNull()
  })

  it('receives once when the same move is sent again, and once when its answer was lost after the move was stored', async () => {
    const { store, failNext } = faultyStore(/:stock-moves:[^:]+$/)
    const { product, move, now } = await setUp({ store })
    const key = { 'idempotency-key': 'receive-1' }
    expect((await move({ kind: 'received', quantity: 10 }, undefined, key)).status).toBe(200)
    expect((await move({ kind: 'received', quantity: 10 }, undefined, key)).status).toBe(200)
    expect((await now()).stock).toBe(10)
    // the move is stored, its answer lost: the count follows at the next start, once
    failNext(true)
    expect((await move({ kind: 'received', quantity: 5 }, undefined, { 'idempotency-key': 'receive-2' })).status).toBe(
      503,
    )
    const restarted = await testBff({ store, seed: false })
    const admin = await callAs(restarted, DEMO_ADMIN, MAIN)
    expect((await admin<Product>(`/cd_produto/${product.id}`)).body.Dados.stock).toBe(15)
    expect(await restarted.deps.repos.owed.all()).toEqual([])
  })

  it('counts nothing in a branch that never received it: its parts there are neither refused nor counted', async () => {
    const { admin, campinas, product, move, now } = await setUp()
    await move({ kind: 'received', quantity: 2 })
    expect((await now(campinas)).stock).toBeNull()
    const options = await campinas<Array<{ id: string; stock: number | null }>>(
      '/cd_techorders/part-options?search=Capacitor',
    )
    expect(options.body.Dados.find((o) => o.id === product.id)?.stock).toBeNull()
    expect((await now(admin)).stock).toBe(2)
  })

  it('gives a visit’s parts from the visit’s branch, lists them with their order, and tells the office once when it falls under the minimum', async () => {
    const { bff, admin, product, move, now, moves } = await setUp()
    await move({ kind: 'received', quantity: 6 })
    const client = (await admin<List<{ id: string }>>('/cd_cliente?size=1')).body.Dados.items[0]
    const order = (
      await admin<{ id: string; number: string }>('/cd_ordem', {
        method: 'POST',
        json: { clientId: client.id, lines: [{ description: 'Repair', quantity: 1, unitPrice: 10000 }] },
      })
    ).body.Dados
    const { at } = wednesdayAhead(7)
    const booked = await admin<{ visits: Array<{ id: string }> }>('/cd_ordemagendamento', {
      method: 'POST',
      json: { orderId: order.id, technicianIds: [TECH_ID], start: at('09:00'), end: at('11:00') },
    })
    const visit = booked.body.Dados.visits[0].id
    const tech = await callAs(bff, DEMO_TECHNICIAN, MAIN)
    const options = (
      await tech<Array<{ id: string; stock: number | null }>>('/cd_techorders/part-options?search=Capacitor')
    ).body.Dados
    expect(options.find((o) => o.id === product.id)?.stock).toBe(6)
    const used = await tech(`/cd_techorders/${visit}/parts`, {
      method: 'POST',
      json: { productId: product.id, quantity: 2 },
    })
    expect(used.status).toBe(200)
    const short = await tech(`/cd_techorders/${visit}/parts`, {
      method: 'POST',
      json: { productId: product.id, quantity: 5 },
    })
    expect([short.status, short.body.code]).toEqual([409, 'stock_short'])
    expect(await now()).toMatchObject({ stock: 4, level: 'low' })
    expect((await moves()).map((m) => [m.kind, m.quantity, m.orderNumber])).toEqual([
      ['used', -2, order.number],
      ['received', 6, undefined],
    ])
    const told = (await admin<Array<{ title: string; description: string }>>('/common/notifications')).body
    const notices = (Array.isArray(told) ? told : []).filter((n) => n.title === 'Stock low')
    expect(notices.map((n) => n.description)).toEqual([
      'Capacitor 35 µF: 4 left in São Paulo (Matriz), under the minimum of 5.',
    ])
  })
})

/** Text as Excel saves a CSV in Brazil: Windows-1252 (its accents are one byte each, Latin-1's). */
const windows1252 = (text: string) => Uint8Array.from(text, (ch) => ch.charCodeAt(0))

// cd_produto "price list" (docs/domain.md): a supplier's or the company's CSV, every row checked first
describe('a price list', () => {
  const setUpImport = async () => {
    const { admin, product } = await setUp()
    const send = (bytes: Uint8Array<ArrayBuffer>, mode?: string, headers?: Record<string, string>) => {
      const body = new FormData()
      body.set('file', new File([bytes], 'tabela-de-precos.csv', { type: 'text/csv' }))
      if (mode) body.set('mode', mode)
      return admin<{
        created: number
        updated: number
        skipped: Array<{ line: number; codes: Record<string, string> }>
      }>('/cd_produto/import', { method: 'POST', body, headers })
    }
    const count = async () => (await admin<List<Product>>('/cd_produto?size=1&all=1')).body.Dados.pagination.length
    const find = async (search: string) =>
      (await admin<List<Product & { unit: string; cost: number }>>(`/cd_produto?search=${encodeURIComponent(search)}`))
        .body.Dados.items
    return { admin, product, send, count, find }
  }

  it('as Excel saves it in Brazil (Windows-1252, “;”, “1.234,56”) makes its products and updates the one of the same SKU', async () => {
    const { send, count, find } = await setUpImport()
    const before = await count()
    const csv = [
      'Código;Nome;Unidade;Preço unitário;Custo;Mínimo',
      'cap-35;Capacitor 35 µF;un;52,90;18,00;8',
      'CU-14;Tubo de cobre 1/4";m;32,00;15,50;20',
      'GAS-410;Gás refrigerante R-410A;kg;1.234,56;900;2,5',
    ].join('\r\n')
    const answer = await send(windows1252(csv))
    expect([answer.status, answer.body.Dados]).toEqual([200, { created: 2, updated: 1, skipped: [] }])
    expect(await count()).toBe(before + 2)
    expect(await find('Capacitor')).toMatchObject([{ sku: 'CAP-35', unitPrice: 5290, cost: 1800, minimum: 8 }])
    expect(await find('Tubo de cobre')).toMatchObject([{ name: 'Tubo de cobre 1/4"', unit: 'meter', unitPrice: 3200 }])
    expect(await find('R-410A')).toMatchObject([{ unit: 'kg', unitPrice: 123456, cost: 90000, minimum: 2.5 }])
  })

  it('writes nothing while a row is wrong, naming each by its line and field; the good rows go in when asked', async () => {
    const { send, count, find } = await setUpImport()
    const before = await count()
    const csv = [
      'name,sku,price,unit',
      'Filter,FLT-1,"1,234.50",box',
      'Drain pump,PMP-1,abc,unit',
      ',NONAME,10.00,unit',
      'Pipe insulation,INS-1,4.00,roll',
      'Filter again,flt-1,12.00,unit',
    ].join('\n')
    const refused = await send(new TextEncoder().encode(csv))
    expect([refused.status, refused.body.code, refused.body.codes]).toEqual([
      400,
      'price_list_rows',
      {
        'line.3.unitPrice': 'invalid_money',
        'line.4.name': 'field_required',
        'line.5.unit': 'invalid_value',
        'line.6.sku': 'price_list_sku_twice',
      },
    ])
    expect(await count()).toBe(before)
    const taken = await send(new TextEncoder().encode(csv), 'valid')
    expect(taken.status).toBe(200)
    expect(taken.body.Dados).toMatchObject({ created: 1, updated: 0 })
    expect(taken.body.Dados.skipped.map((s) => s.line)).toEqual([3, 4, 5, 6])
    expect(await find('Filter')).toMatchObject([{ sku: 'FLT-1', unit: 'box', unitPrice: 123450 }])
  })

  it('changes of a product only what the file has columns for, and reads a file the way people write it', async () => {
    const { admin, product, send, find } = await setUpImport()
    await admin(`/cd_produto/${product.id}`, {
      method: 'PATCH',
      json: { unit: 'box', taxPercent: 5, description: 'Caixa com 10' },
    })
    // the products page's own export heads its price with the currency; a tax written with %; a blank line
    const csv = ['SKU,Unit price (BRL),Name', '', 'CAP-35,49.90,Capacitor 35 µF', 'NEW-1,10.00,Fita isolante'].join(
      '\n',
    )
    const answer = await send(new TextEncoder().encode(csv))
    expect([answer.status, answer.body.Dados]).toEqual([200, { created: 1, updated: 1, skipped: [] }])
    expect(await find('Capacitor')).toMatchObject([
      { unitPrice: 4990, cost: 1800, minimum: 5, unit: 'box', taxPercent: 5, description: 'Caixa com 10' },
    ])
    // a wrong row is named by its line in the file, blank lines counted
    const wrong = await send(new TextEncoder().encode('name;price;tax\n\nA;1,00;18%\n\nB;x;5\n'))
    expect([wrong.status, wrong.body.codes]).toEqual([400, { 'line.5.unitPrice': 'invalid_money' }])
  })

  it('refuses a file it cannot read for sure: a quote never closed, a column twice, thousands of columns', async () => {
    const { send, count } = await setUpImport()
    const before = await count()
    const refusal = async (text: string) => {
      const res = await send(new TextEncoder().encode(text))
      return [res.status, res.body.codes]
    }
    expect(await refusal('name,price\nA,1.00\n"B,2.00\nC,3.00\n')).toEqual([400, { file: 'price_list_quotes' }])
    expect(await refusal('name,price,nome\nA,1.00,B\n')).toEqual([400, { file: 'price_list_columns' }])
    expect(await refusal(`name,price,${','.repeat(400_000)}\nA,1.00\n`)).toEqual([400, { file: 'price_list_columns' }])
    expect(await count()).toBe(before)
  })

  it('refuses a file without the columns it needs, an empty one and one over 2,000 rows, and takes 2,000, once when sent again', async () => {
    const { send, count } = await setUpImport()
    const refusal = async (text: string) => {
      const res = await send(new TextEncoder().encode(text))
      return [res.status, res.body.codes]
    }
    expect(await refusal('sku;cost\nA;1,00\n')).toEqual([400, { file: 'price_list_columns' }])
    expect(await refusal('name;price\n')).toEqual([400, { file: 'price_list_empty' }])
    const rows = (n: number) =>
      ['name;sku;price', ...Array.from({ length: n }, (_, i) => `Part ${i + 1};P-${i + 1};${i + 1},00`)].join('\n')
    expect(await refusal(rows(2001))).toEqual([400, { file: 'price_list_too_long' }])
    const before = await count()
    const first = await send(new TextEncoder().encode(rows(2000)))
    expect([first.status, first.body.Dados.created]).toEqual([200, 2000])
    // the same file again (a double click, a retry without a key): its SKUs name the products it made
    const again = await send(new TextEncoder().encode(rows(2000)))
    expect([again.status, again.body.Dados.created, again.body.Dados.updated]).toEqual([200, 0, 2000])
    expect(await count()).toBe(before + 2000)
  })
})
