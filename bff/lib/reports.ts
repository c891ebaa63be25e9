import type { z } from 'zod'
import {
  AGES,
  ageOf,
  type Age,
  type CashflowReport,
  type ReceivablesReport,
  type revenueMonth,
} from '../../domain/schemas/reports.ts'
import { addDays, dateIn } from '../../domain/dates.ts'
import { TRANSFERS, type TransferRecord } from '../../domain/schemas/accounts.ts'
import { boardDays } from '../../domain/board-view.ts'
import {
  cashBucket,
  invoiceRevenue,
  isoWeek,
  payableFigures,
  revenueBucket,
  transferFigures,
  type Figures,
} from '../../domain/revenue.ts'
import { monthsBetween, shiftMonth } from '../../domain/report-period.ts'
import type { Deps } from './deps.ts'
import { invoiceStore } from './invoice-store.ts'
import { payableStore } from './payable-store.ts'

/** Raised when what the figures hold changes (a new measure): every company's are worked out again once. */
const FIGURES_VERSION = 4

/** One month of the revenue report: what was invoiced (and how many invoices), what came in, the average ticket. */
export type RevenueMonth = z.output<typeof revenueMonth>

/**
 * The reports' figures (docs/domain.md "Reports"): kept per measure, branch and month by each
 * write of what they count (a derived fact, bff/lib/derived.ts), read a bucket per month.
 */
export function reports(deps: Deps) {
  /** An invoice's part of the figures brought to the invoice as it is now (part of settling "invoice"). */
  async function settleInvoice(empresa: number, id: string): Promise<boolean> {
    const hit = await invoiceStore(deps, empresa).get(id)
    await deps.repos
      .rollups(empresa)
      .contribute(`invoice.${id}`, hit?.version ?? 0, hit ? invoiceRevenue(hit.value) : {})
    return true
  }

  /** A payable's part of the figures brought to the payable as it is now (part of settling "payable"). */
  async function settlePayable(empresa: number, id: string): Promise<boolean> {
    const hit = await payableStore(deps, empresa).get(id)
    await deps.repos
      .rollups(empresa)
      .contribute(`payable.${id}`, hit?.version ?? 0, hit ? payableFigures(hit.value) : {})
    return true
  }

  /** A transfer's part of the figures (part of settling "transfer"): a transfer never changes once made. */
  async function settleTransfer(empresa: number, id: string): Promise<boolean> {
    const hit = await deps.repos.collection<TransferRecord>(empresa, TRANSFERS).get(id)
    await deps.repos
      .rollups(empresa)
      .contribute(`transfer.${id}`, hit?.version ?? 0, hit ? transferFigures(hit.value) : {})
    return true
  }

  return {
    settleInvoice,
    settlePayable,
    settleTransfer,

    /**
     * Every company's figures worked out from its records, where they were not kept yet (data of an
     * older version, the demo's records seeded straight into storage): once per figures' version and
     * demo data's version.
     */
    async backfill(): Promise<number> {
      const stale = await deps.repos.figuresMarker.stale(FIGURES_VERSION)
      if (!stale) return 0
      let settled = 0
      for (const company of await deps.repos.companies.list()) {
        for (const id of (await invoiceStore(deps, company.COD_EMPRESA).rows()).keys()) {
          await settleInvoice(company.COD_EMPRESA, id)
          settled++
        }
        for (const id of (await payableStore(deps, company.COD_EMPRESA).rows()).keys()) {
          await settlePayable(company.COD_EMPRESA, id)
          settled++
        }
        for (const id of (await deps.repos.collection(company.COD_EMPRESA, TRANSFERS).rows()).keys()) {
          await settleTransfer(company.COD_EMPRESA, id)
          settled++
        }
      }
      await deps.repos.figuresMarker.done(FIGURES_VERSION, stale.seed)
      return settled
    },

    /**
     * What the clients of `filials` owe, by age (docs/domain.md "Reports"): every issued invoice with
     * money open, aged from its due date on its branch's today. Read from the invoices' index (what
     * is open today moves with each day, so it is not kept ahead).
     */
    async receivables(empresa: number, filials: number[]): Promise<Omit<ReceivablesReport, 'currency'>> {
      const zero = () => Object.fromEntries([...AGES, 'total'].map((k) => [k, 0])) as Record<Age | 'total', number>
      const totals = zero()
      const clients = new Map<string, ReceivablesReport['clients'][number]>()
      const days = new Map<string, string>()
      const now = deps.now()
      for (const row of (await invoiceStore(deps, empresa).rows()).values()) {
        if (!filials.includes(row.filial) || row.open <= 0) continue
        if (row.status !== 'issued' && row.status !== 'partially_paid') continue
        const today = days.get(row.timeZone) ?? dateIn(row.timeZone, now)
        days.set(row.timeZone, today)
        const age = ageOf(row.dueDate, today)
        const client = clients.get(row.clientId) ?? {
          clientId: row.clientId,
          clientName: row.clientName,
          invoices: 0,
          ...zero(),
        }
        client.invoices++
        client[age] += row.open
        client.total += row.open
        clients.set(row.clientId, client)
        totals[age] += row.open
        totals.total += row.open
      }
      return {
        totals,
        clients: [...clients.values()].sort((a, b) => b.total - a.total || a.clientName.localeCompare(b.clientName)),
      }
    },

    /**
     * The cash flow of `filials` (docs/domain.md "Reports"): what came in and went out in each week or
     * month (kept by each payment and payable paid), and what is expected, from the open invoices
     * and payables by their due dates (read from their indexes), around `today`: six months back
     * and six ahead, or eight weeks back and eight ahead.
     */
    async cashflow(
      empresa: number,
      filials: number[],
      by: CashflowReport['by'],
      today: string,
    ): Promise<Omit<CashflowReport, 'currency'>> {
      const [monday] = boardDays('week', today)
      const starts =
        by === 'month'
          ? monthsBetween(shiftMonth(today.slice(0, 7), -5), shiftMonth(today.slice(0, 7), 6)).map((m) => `${m}-01`)
          : Array.from({ length: 16 }, (_, k) => addDays(monday, (k - 7) * 7))
      const periodOf = (date: string) => (by === 'month' ? date.slice(0, 7) : isoWeek(date))
      const periods = starts.map((start) => periodOf(start))
      const current = periodOf(today)
      const kept = await deps.repos
        .rollups(empresa)
        .totals(periods.flatMap((period) => filials.map((f) => cashBucket(f, period))))
      const expected = new Map<string, { in: number; out: number }>()
      const expect = (due: string, side: 'in' | 'out', cents: number) => {
        const period = due < today ? current : periodOf(due)
        const e = expected.get(period) ?? { in: 0, out: 0 }
        e[side] += cents
        expected.set(period, e)
      }
      for (const row of (await invoiceStore(deps, empresa).rows()).values())
        if (
          filials.includes(row.filial) &&
          row.open > 0 &&
          (row.status === 'issued' || row.status === 'partially_paid')
        )
          expect(row.dueDate, 'in', row.open)
      for (const row of (await payableStore(deps, empresa).rows()).values())
        if (filials.includes(row.filial) && row.status === 'open') expect(row.dueDate, 'out', row.amount)
      return {
        by,
        current,
        periods: periods.map((period, i) => {
          const sum = (name: string) =>
            kept.slice(i * filials.length, (i + 1) * filials.length).reduce((n, t: Figures) => n + (t[name] ?? 0), 0)
          return {
            period,
            start: starts[i],
            in: sum('in'),
            out: sum('out'),
            expectedIn: period >= current ? (expected.get(period)?.in ?? 0) : 0,
            expectedOut: period >= current ? (expected.get(period)?.out ?? 0) : 0,
          }
        }),
      }
    },

    /** The revenue of `filials` month by month, from `from` to `to` (`2026-01`). */
    async revenue(empresa: number, filials: number[], from: string, to: string): Promise<RevenueMonth[]> {
      const months = monthsBetween(from, to)
      const buckets = months.flatMap((m) => filials.map((f) => revenueBucket(f, m)))
      const totals = await deps.repos.rollups(empresa).totals(buckets)
      return months.map((month, i) => {
        const sum = (name: string) =>
          totals.slice(i * filials.length, (i + 1) * filials.length).reduce((n, t: Figures) => n + (t[name] ?? 0), 0)
        const [invoiced, invoices, collected] = [sum('invoiced'), sum('invoices'), sum('collected')]
        return { month, invoiced, invoices, collected, averageTicket: invoices ? Math.round(invoiced / invoices) : 0 }
      })
    },
  }
}
