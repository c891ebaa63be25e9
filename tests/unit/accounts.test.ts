import { describe, expect, it } from 'vitest'
import { DEMO_ADMIN, DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { callAs, testBff } from '../shared/bff.ts'
import { MAIN } from '../shared/booking.ts'
import { faultyStore } from '../shared/faulty-store.ts'

type List<T> = { items: T[] }
type Account = {
  id: string
  name: string
  methods: string[]
  opening: number
  inflow: number
  outflow: number
  balance: number
}
type Invoice = {
  id: string
  payments: Array<{ id: string; amount: number; accountId: string | null; reversed: unknown }>
}

/** The office's API, and a way to issue an invoice of `cents` to pay. */
async function setUp(options: Parameters<typeof testBff>[0] = {}) {
  const bff = await testBff(options)
  const admin = await callAs(bff, DEMO_ADMIN, MAIN)
  const clientId = (await admin<List<{ id: string }>>('/cd_cliente?size=1')).body.Dados.items[0].id
  const issued = async (cents: number) => {
    const made = await admin<{ id: string }>('/cd_invoice', {
      method: 'POST',
      json: { clientId, lines: [{ description: 'Service', quantity: 1, unitPrice: cents }] },
    })
    const id = made.body.Dados.id
    expect((await admin(`/cd_invoice/${id}/issue`, { method: 'POST' })).status).toBe(200)
    return id
  }
  const account = async (json: Record<string, unknown>) => {
    const res = await admin<Account>('/cd_contas', { method: 'POST', json })
    expect(res.status).toBe(200)
    return res.body.Dados
  }
  const accountNow = async (id: string) => (await admin<Account>(`/cd_contas/${id}`)).body.Dados
  return { bff, admin, issued, account, accountNow }
}

// cd_contas (docs/domain.md): where payments land, each balance its opening plus its movements
describe('an account', () => {
  it('takes the payments of its methods by default, or those that name it; its balance is its opening plus them', async () => {
    const { admin, issued, account, accountNow } = await setUp()
    const bank = await account({ name: 'Banco Azul', kind: 'bank', methods: ['pix', 'transfer'], opening: 100_000 })
    const till = await account({ name: 'Caixa', kind: 'cash', methods: 'cash', opening: 5_000 })
    expect([bank.balance, till.balance, till.methods]).toEqual([100_000, 5_000, ['cash']])
    const invoice = await issued(90_000)
    const pay = (json: Record<string, unknown>, headers?: Record<string, string>) =>
      admin<Invoice>(`/cd_invoice/${invoice}/payments`, { method: 'POST', json, headers })
    // by its method: pix lands in the bank; cash named for the bank lands there; a card in the demo's card account
    expect((await pay({ amount: 10_000, method: 'pix' })).status).toBe(200)
    expect((await pay({ amount: 20_000, method: 'cash', accountId: bank.id })).status).toBe(200)
    expect((await pay({ amount: 5_000, method: 'cash' })).status).toBe(200)
    const card = await pay({ amount: 1_000, method: 'card' })
    const cards = (await admin<List<Account>>('/cd_contas?search=Cartões')).body.Dados.items[0]
    expect(card.body.Dados.payments.map((p) => p.accountId)).toEqual([bank.id, bank.id, till.id, cards.id])
    expect(await accountNow(bank.id)).toMatchObject({ inflow: 30_000, outflow: 0, balance: 130_000 })
    expect(await accountNow(till.id)).toMatchObject({ inflow: 5_000, balance: 10_000 })
    // an account that is not one of the company's active ones is refused at its field, and nothing is paid
    const unknown = await pay({ amount: 100, method: 'pix', accountId: crypto.randomUUID() })
    expect([unknown.status, unknown.body.codes]).toEqual([400, { accountId: 'account_unknown' }])
    expect((await admin(`/cd_contas/${till.id}`, { method: 'DELETE' })).status).toBe(200)
    const inactive = await pay({ amount: 100, method: 'cash', accountId: till.id })
    expect([inactive.status, inactive.body.codes]).toEqual([400, { accountId: 'account_unknown' }])
    expect((await admin<Invoice>(`/cd_invoice/${invoice}`)).body.Dados.payments).toHaveLength(4)
    // a payment sent twice (its Idempotency-Key) lands once; a reversed one no longer counts
    const keyed = { 'Idempotency-Key': 'pay-bank-1' }
    const first = await pay({ amount: 7_000, method: 'transfer' }, keyed)
    const again = await pay({ amount: 7_000, method: 'transfer' }, keyed)
    expect([first.status, again.status, again.body.Dados.payments.length]).toEqual([200, 200, 5])
    expect((await accountNow(bank.id)).balance).toBe(137_000)
    const pixPayment = first.body.Dados.payments[0].id
    const reversed = await admin(`/cd_invoice/${invoice}/payments/${pixPayment}/reverse`, {
      method: 'POST',
      json: { reason: 'Returned by the bank' },
    })
    expect(reversed.status).toBe(200)
    expect(await accountNow(bank.id)).toMatchObject({ inflow: 27_000, balance: 127_000 })
    // the list shows each balance as its record does
    const listed = (await admin<List<Account>>('/cd_contas?all=1&sort=name')).body.Dados.items
    expect(listed.filter((a) => [bank.id, till.id].includes(a.id)).map((a) => [a.name, a.balance])).toEqual([
      ['Banco Azul', 127_000],
      ['Caixa', 10_000],
    ])
  })

  it('of the demo holds, from the first start, every demo payment of its methods: its balance equals its opening plus them', async () => {
    const { admin } = await setUp()
    const accounts = (await admin<List<Account>>('/cd_contas?size=100')).body.Dados.items
    const invoices = (await admin<List<Invoice>>('/cd_invoice?size=100')).body.Dados.items
    const landed = new Map<string, number>()
    for (const p of invoices.flatMap((i) => i.payments))
      if (!p.reversed && p.accountId) landed.set(p.accountId, (landed.get(p.accountId) ?? 0) + p.amount)
    expect([...landed.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(0)
    // and every demo bill paid from it went out of it
    const bills = (
      await admin<List<{ status: string; amount: number; paid: { accountId: string | null } | null }>>(
        '/cd_financeiro?size=100&all=1',
      )
    ).body.Dados.items
    const left = new Map<string, number>()
    for (const b of bills)
      if (b.status === 'paid' && b.paid?.accountId)
        left.set(b.paid.accountId, (left.get(b.paid.accountId) ?? 0) + b.amount)
    expect([...left.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(0)
    for (const a of accounts) {
      expect(a.outflow).toBe(left.get(a.id) ?? 0)
      expect(a.inflow).toBe(landed.get(a.id) ?? 0)
      expect(a.balance).toBe(a.opening + a.inflow - a.outflow)
    }
  })

  it('has a name of its own in the company, kinds and methods from the lists; the finance pages’ people keep them', async () => {
    const { bff, admin, account } = await setUp()
    await account({ name: 'Banco Azul', kind: 'bank' })
    const twin = await admin('/cd_contas', { method: 'POST', json: { name: ' banco azul ', kind: 'cash' } })
    expect([twin.status, twin.body.code]).toEqual([409, 'account_name_taken'])
    const bad = await admin('/cd_contas', { method: 'POST', json: { name: 'X', kind: 'vault', methods: ['gold'] } })
    expect([bad.status, Object.keys(bad.body.fields ?? {}).sort()]).toEqual([400, ['kind', 'methods.0']])
    const tech = await callAs(bff, DEMO_TECHNICIAN, MAIN)
    expect((await tech('/cd_contas')).status).toBe(403)
    expect((await tech('/cd_contas', { method: 'POST', json: { name: 'Mine', kind: 'cash' } })).status).toBe(403)
  })

  it('moves money to another account once: one balance down, the other up by the amount, the sum unchanged', async () => {
    const { bff, admin, account, accountNow } = await setUp()
    const till = await account({ name: 'Caixa', kind: 'cash', opening: 80_000 })
    const bank = await account({ name: 'Banco Azul', kind: 'bank', opening: 10_000 })
    const move = (from: string, json: Record<string, unknown>, headers?: Record<string, string>) =>
      admin<{ id: string; direction: string; otherName: string; amount: number }>(`/cd_contas/${from}/transfers`, {
        method: 'POST',
        json,
        headers,
      })
    // a double click (one Idempotency-Key) is one transfer
    const keyed = { 'Idempotency-Key': 'till-to-bank-1' }
    const first = await move(till.id, { toId: bank.id, amount: 30_000, note: 'Deposit' }, keyed)
    const again = await move(till.id, { toId: bank.id, amount: 30_000, note: 'Deposit' }, keyed)
    expect([first.status, again.status, again.body.Dados.id]).toEqual([200, 200, first.body.Dados.id])
    expect(first.body.Dados).toMatchObject({ direction: 'out', otherName: 'Banco Azul', amount: 30_000 })
    expect(await accountNow(till.id)).toMatchObject({ inflow: 0, outflow: 30_000, balance: 50_000 })
    expect(await accountNow(bank.id)).toMatchObject({ inflow: 30_000, outflow: 0, balance: 40_000 })
    // one back, dated: each account lists both, the latest first, seen from itself
    expect((await move(bank.id, { toId: till.id, amount: 5_000, date: '2026-01-05' })).status).toBe(200)
    const listed = (await admin<Array<{ direction: string; amount: number }>>(`/cd_contas/${bank.id}/transfers`)).body
    expect(listed.Dados.map((t) => [t.direction, t.amount])).toEqual([
      ['in', 30_000],
      ['out', 5_000],
    ])
    expect((await accountNow(till.id)).balance + (await accountNow(bank.id)).balance).toBe(90_000)
    // refused at their fields, and nothing moves: the same account, an unknown one, a day after today, no amount
    const refusals = await Promise.all([
      move(till.id, { toId: till.id, amount: 100 }),
      move(till.id, { toId: crypto.randomUUID(), amount: 100 }),
      move(till.id, { toId: bank.id, amount: 100, date: '2999-01-01' }),
      move(till.id, { toId: bank.id, amount: 0 }),
    ])
    expect(refusals.map((r) => [r.status, r.body.codes])).toEqual([
      [400, { toId: 'transfer_same_account' }],
      [400, { toId: 'account_unknown' }],
      [400, { date: 'transfer_in_future' }],
      [400, { amount: 'invalid_money' }],
    ])
    expect((await move(crypto.randomUUID(), { toId: bank.id, amount: 100 })).status).toBe(404)
    expect((await accountNow(till.id)).balance).toBe(55_000)
    // not into a deactivated account; money may still leave one (to empty it)
    expect((await admin(`/cd_contas/${till.id}`, { method: 'DELETE' })).status).toBe(200)
    expect((await move(bank.id, { toId: till.id, amount: 100 })).body.codes).toEqual({ toId: 'account_unknown' })
    expect((await move(till.id, { toId: bank.id, amount: 55_000 })).status).toBe(200)
    expect((await accountNow(till.id)).balance).toBe(0)
    // who may not change accounts may not move money
    const tech = await callAs(bff, DEMO_TECHNICIAN, MAIN)
    expect(
      (await tech(`/cd_contas/${bank.id}/transfers`, { method: 'POST', json: { toId: till.id, amount: 1 } })).status,
    ).toBe(403)
  })

  it('moved when a crash stops what follows: both balances are settled at the next start', async () => {
    const { store, failNext, back } = faultyStore(/:rollup-entries:/)
    const { admin, account } = await setUp({ store })
    const till = await account({ name: 'Caixa', kind: 'cash', opening: 20_000 })
    const bank = await account({ name: 'Banco Azul', kind: 'bank' })
    failNext(true)
    await admin(`/cd_contas/${till.id}/transfers`, { method: 'POST', json: { toId: bank.id, amount: 15_000 } })
    back()
    const restarted = await testBff({ store, seed: false })
    const again = await callAs(restarted, DEMO_ADMIN, MAIN)
    const now = async (id: string) => (await again<Account>(`/cd_contas/${id}`)).body.Dados.balance
    expect([await now(till.id), await now(bank.id)]).toEqual([5_000, 15_000])
    expect(await restarted.deps.repos.owed.all()).toEqual([])
  })
})
