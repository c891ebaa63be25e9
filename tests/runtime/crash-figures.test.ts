import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'
import { seeded } from '../../seeds/random.ts'
import { startFsServer } from './servers.ts'

type Answer<T> = { Dados: T }
type Payment = { id: string; date: string; amount: number; accountId: string | null; reversed: unknown }
type Invoice = {
  id: string
  filial: number
  status: string
  issueDate: string | null
  open: number
  totals: { total: number }
  payments: Payment[]
  lines: Array<{ jobId: string; total: number }>
}
type Payable = {
  id: string
  filial: number
  status: string
  amount: number
  paid: { date: string; accountId: string | null } | null
}
type Account = { id: string; opening: number; inflow: number; outflow: number; balance: number }
type Transfer = { id: string; direction: 'in' | 'out'; amount: number }
type Month = { month: string; invoiced: number; invoices: number; collected: number }

/** The demo company's branches: its invoices and bills of every one move the company's accounts. */
const BRANCHES = [1, 2, 3]
const FROM = '2024-01'
const TO = '2033-12'
/** Generated histories, each with three kills. */
const SEEDS = [4401, 4402]

/** The office as the API sees it, signed in to a branch of the demo company. */
async function office(url: string, filial = 2) {
  const signIn = await fetch(`${url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ADMIN),
  })
  const { accessToken } = (await signIn.json()) as { accessToken: string }
  const headers = { authorization: `Bearer ${accessToken}`, 'x-empresa': '1', 'x-filial': String(filial) }
  const get = async <T>(path: string) => {
    const res = await fetch(`${url}/api${path}`, { headers })
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`)
    return ((await res.json()) as Answer<T>).Dados
  }
  const post = async <T>(path: string, json: unknown = {}) => {
    const res = await fetch(`${url}/api${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(json),
    })
    return res.status === 200 ? ((await res.json()) as Answer<T>).Dados : null
  }
  const all = async <T>(path: string) => {
    const out: T[] = []
    for (let page = 1; ; page++) {
      const got = await get<{ items: T[]; pagination: { lastPage: number } }>(`${path}&size=100&page=${page}`)
      out.push(...got.items)
      if (page >= got.pagination.lastPage) return out
    }
  }
  return { get, post, all }
}

/**
 * What the office does, generated: invoices made by hand (a service's line, or none), issued,
 * paid in part by a method whose account takes it, a payment taken back, voided; bills entered and
 * paid from the bank or the till; money moved between the two. Until `stopped`.
 */
async function work(api: Awaited<ReturnType<typeof office>>, seed: number, stopped: () => boolean, done: () => void) {
  const r = seeded(seed)
  const clientId = (await api.get<{ items: Array<{ id: string }> }>('/cd_cliente?size=1')).items[0].id
  const jobs = (await api.get<{ items: Array<{ id: string }> }>('/cd_job?size=2')).items.map((j) => j.id)
  const accounts = (await api.get<{ items: Array<{ id: string; name: string }> }>('/cd_contas?size=10')).items
  const [bank, till] = [accounts.find((a) => a.name.includes('Itaú'))!, accounts.find((a) => a.name.includes('Caixa'))!]
  const made: string[] = []
  while (!stopped()) {
    const roll = r.int(1, 20)
    const pick = async () => (made.length ? api.get<Invoice>(`/cd_invoice/${r.pick(made)}`).catch(() => null) : null)
    let ok: unknown = null
    if (roll <= 5) {
      const invoice = await api.post<Invoice>('/cd_invoice', {
        clientId,
        lines: [{ description: 'Service', quantity: 1, unitPrice: r.int(1_000, 90_000), jobId: r.pick([...jobs, '']) }],
      })
      if (invoice) made.push(invoice.id)
      ok = invoice
    } else if (roll <= 9) {
      const invoice = await pick()
      if (invoice?.status === 'draft') ok = await api.post(`/cd_invoice/${invoice.id}/issue`)
    } else if (roll <= 14) {
      const invoice = await pick()
      if (invoice && invoice.open > 0 && invoice.issueDate)
        ok = await api.post(`/cd_invoice/${invoice.id}/payments`, {
          amount: Math.max(1, Math.floor((invoice.open * r.int(20, 100)) / 100)),
          method: r.pick(['pix', 'cash', 'transfer']),
        })
    } else if (roll === 15) {
      const invoice = await pick()
      const payment = invoice?.payments.find((p) => !p.reversed)
      if (invoice && payment)
        ok = await api.post(`/cd_invoice/${invoice.id}/payments/${payment.id}/reverse`, { reason: 'Generated' })
    } else if (roll === 16) {
      const invoice = await pick()
      if (invoice && invoice.status !== 'void')
        ok = await api.post(`/cd_invoice/${invoice.id}/void`, { reason: 'Generated' })
    } else if (roll <= 19) {
      const bill = await api.post<Payable>('/cd_financeiro', {
        supplier: 'Posto Avenida',
        category: 'Combustível',
        amount: r.int(500, 20_000),
        dueDate: new Date().toISOString().slice(0, 10),
      })
      if (bill) ok = await api.post(`/cd_financeiro/${bill.id}/pay`, { accountId: r.pick([bank, till]).id })
    } else {
      const [from, to] = r.int(0, 1) ? [bank, till] : [till, bank]
      ok = await api.post(`/cd_contas/${from.id}/transfers`, { toId: to.id, amount: r.int(100, 5_000) })
    }
    if (ok) done()
  }
}

/**
 * Issue 44 §5: every report figure equals a recount from the records after the built server on fs
 * is killed (SIGKILL) three times while four clients change invoices, payments, bills and
 * transfers — generated histories, each start settling what the crash left owed (bff/lib/derived.ts).
 */
describe('report figures after SIGKILLs during writes', () => {
  const dirs: string[] = []
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  it.each(SEEDS)('equal a recount of the records (history %i)', async (seed) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'crash-figures-'))
    dirs.push(dataDir)
    let acknowledged = 0
    // what each start found a crash had left owed, and settled (its log's line)
    let settled = 0
    const started = async () => {
      const server = await startFsServer(dataDir)
      settled += Number(/left owed, settled: (\d+)/.exec(server.output())?.[1] ?? 0)
      return server
    }
    for (let round = 0; round < 3; round++) {
      const server = await started()
      let killed = false
      const writers = Array.from({ length: 4 }, async (_, k) =>
        work(
          await office(server.url),
          seed * 10 + round * 4 + k,
          () => killed,
          () => acknowledged++,
        ).catch(() => undefined),
      )
      // killed while writes are under way: after 25 more acknowledged writes each round
      const target = acknowledged + 25
      while (acknowledged < target) await new Promise((resolve) => setTimeout(resolve, 5))
      process.kill(-server.pid, 'SIGKILL')
      killed = true
      await Promise.all(writers)
      await server.stop()
    }
    const server = await started()
    try {
      const main = await office(server.url)
      // the records, of every branch
      const invoices: Invoice[] = []
      const bills: Payable[] = []
      for (const filial of BRANCHES) {
        const api = await office(server.url, filial)
        for (const { id } of await api.all<{ id: string }>('/cd_invoice?all=1'))
          invoices.push(await api.get<Invoice>(`/cd_invoice/${id}`))
        bills.push(...(await api.all<Payable>('/cd_financeiro?all=1')))
      }
      const counted = (i: Invoice) => i.status !== 'draft' && i.status !== 'void' && i.issueDate
      const ours = invoices.filter((i) => i.filial === 2)

      // revenue month by month, and by service, of the main branch
      const months = new Map<string, Omit<Month, 'month'>>()
      const at = (m: string) => months.get(m) ?? months.set(m, { invoiced: 0, invoices: 0, collected: 0 }).get(m)!
      const services = new Map<string, number>()
      for (const i of ours) {
        if (!counted(i)) continue
        at(i.issueDate!.slice(0, 7)).invoiced += i.totals.total
        at(i.issueDate!.slice(0, 7)).invoices++
        for (const p of i.payments) if (!p.reversed) at(p.date.slice(0, 7)).collected += p.amount
        for (const l of i.lines) services.set(l.jobId || 'none', (services.get(l.jobId || 'none') ?? 0) + l.total)
      }
      const revenue = await main.get<{ months: Month[] }>(`/cd_reports/revenue?from=${FROM}&to=${TO}`)
      expect(
        revenue.months
          .filter((m) => m.invoices || m.collected)
          .map(({ month, invoiced, invoices, collected }) => ({ month, invoiced, invoices, collected })),
      ).toEqual([...months].sort().map(([month, m]) => ({ month, ...m })))
      const byService = await main.get<{ services: Array<{ jobId: string | null; invoiced: number }> }>(
        `/cd_reports/services?from=${FROM}&to=${TO}`,
      )
      expect(Object.fromEntries(byService.services.map((s) => [s.jobId ?? 'none', s.invoiced]))).toEqual(
        Object.fromEntries([...services].filter(([, n]) => n)),
      )

      // this month's cash flow of the main branch: the payments that count in, the bills paid out
      const month = new Date().toISOString().slice(0, 7)
      const flow = await main.get<{ periods: Array<{ period: string; in: number; out: number }> }>(
        '/cd_reports/cashflow?by=month',
      )
      const current = flow.periods.find((p) => p.period === month)
      if (current) {
        const cashIn = ours
          .filter(counted)
          .flatMap((i) => i.payments)
          .filter((p) => !p.reversed && p.date.startsWith(month))
          .reduce((n, p) => n + p.amount, 0)
        const cashOut = bills
          .filter((b) => b.filial === 2 && b.status === 'paid' && b.paid?.date.startsWith(month))
          .reduce((n, b) => n + b.amount, 0)
        expect({ in: current.in, out: current.out }).toEqual({ in: cashIn, out: cashOut })
      }

      // every account's balance: its opening and its movements
      const accounts = await main.all<Account>('/cd_contas?all=1')
      for (const a of accounts) {
        const transfers = await main.get<Transfer[]>(`/cd_contas/${a.id}/transfers`)
        const moved = transfers.reduce((n, t) => n + (t.direction === 'in' ? t.amount : -t.amount), 0)
        const paidIn = invoices
          .filter(counted)
          .flatMap((i) => i.payments)
          .filter((p) => !p.reversed && p.accountId === a.id)
          .reduce((n, p) => n + p.amount, 0)
        const paidOut = bills
          .filter((b) => b.status === 'paid' && b.paid?.accountId === a.id)
          .reduce((n, b) => n + b.amount, 0)
        expect([a.id, a.balance]).toEqual([a.id, a.opening + paidIn - paidOut + moved])
      }
      console.log(
        `fs, history ${seed}: 3 SIGKILLs under 4 writers, ${acknowledged} acknowledged writes, ${settled} derived facts the kills left owed settled at the starts; ${invoices.length} invoices, ${bills.length} bills and ${accounts.length} accounts recounted: revenue over ${months.size} months, ${services.size} services, this month's cash flow and every balance equal`,
      )
    } finally {
      await server.stop()
    }
  })
})
