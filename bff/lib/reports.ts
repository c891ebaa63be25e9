import type { z } from 'zod'
import {
  AGES,
  ageOf,
  ORDER_AGES,
  orderAgeOf,
  QUOTE_FIGURES,
  RECEIVABLE_INVOICES_SHOWN,
  type Age,
  type CashflowReport,
  type OrdersReport,
  type QuotesReport,
  type ReceivablesReport,
  type revenueMonth,
  type ServicesReport,
  type TechniciansReport,
} from '../../domain/schemas/reports.ts'
import { JOBS } from '../../domain/schemas/jobs.ts'
import { addDays, dateIn, daysBetween } from '../../domain/dates.ts'
import { TRANSFERS, type TransferRecord } from '../../domain/schemas/accounts.ts'
import { boardDays } from '../../domain/board-view.ts'
import {
  cashBucket,
  invoiceRevenue,
  isoWeek,
  OTHER_SERVICE,
  payableFigures,
  quoteFigures,
  quotesBucket,
  revenueBucket,
  serviceBucket,
  TECH_MEASURES,
  techBucket,
  transferFigures,
  visitFigures,
  type Figures,
} from '../../domain/revenue.ts'
import { monthsBetween, shiftMonth } from '../../domain/report-period.ts'
import type { Deps } from './deps.ts'
import { invoiceStore, type InvoiceIndexRow } from './invoice-store.ts'
import { payableStore } from './payable-store.ts'
import { orderStore } from './order-store.ts'
import { quoteStore } from './quote-store.ts'
import { scheduling } from './scheduling.ts'

/** Raised when what the figures hold changes (a new measure): every company's are worked out again once. */
const FIGURES_VERSION = 6

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

  /** A quote's part of the figures brought to the quote as it is now (part of settling "quote"). */
  async function settleQuote(empresa: number, id: string): Promise<boolean> {
    const hit = await quoteStore(deps, empresa).get(id)
    await deps.repos.rollups(empresa).contribute(`quote.${id}`, hit?.version ?? 0, hit ? quoteFigures(hit.value) : {})
    return true
  }

  /**
   * The figures of an order's visits brought to each visit as it is now (part of settling
   * "order-status", which every visit's step owes, and "visit-parts"): what each technician did.
   */
  async function settleVisitsOf(empresa: number, orderId: string): Promise<void> {
    const zone = (await orderStore(deps, empresa).get(orderId))?.value.timeZone ?? 'UTC'
    const plan = scheduling(deps)
    const visits = plan.visits(empresa)
    for (const id of await plan.visitIdsOf(empresa, orderId)) {
      const hit = await visits.get(id)
      if (hit) await deps.repos.rollups(empresa).contribute(`visit.${id}`, hit.version, visitFigures(hit.value, zone))
    }
  }

  /** The totals of `bucket` for each month from `from` to `to` and each branch, added up per month. */
  async function monthly(empresa: number, filials: number[], from: string, to: string, bucket: typeof revenueBucket) {
    const months = monthsBetween(from, to)
    const totals = await deps.repos.rollups(empresa).totals(months.flatMap((m) => filials.map((f) => bucket(f, m))))
    return months.map((month, i) => {
      const sum: Figures = {}
      for (const t of totals.slice(i * filials.length, (i + 1) * filials.length))
        for (const [name, n] of Object.entries(t)) sum[name] = (sum[name] ?? 0) + n
      return { month, sum }
    })
  }

  return {
    settleInvoice,
    settlePayable,
    settleTransfer,
    settleQuote,
    settleVisitsOf,

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
        const visited = new Set(
          [...(await scheduling(deps).visits(company.COD_EMPRESA).rows()).values()].map((v) => v.orderId),
        )
        for (const orderId of visited) {
          await settleVisitsOf(company.COD_EMPRESA, orderId)
          settled++
        }
        for (const id of (await quoteStore(deps, company.COD_EMPRESA).rows()).keys()) {
          await settleQuote(company.COD_EMPRESA, id)
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
      const open: InvoiceIndexRow[] = []
      for (const row of (await invoiceStore(deps, empresa).rows()).values()) {
        if (!filials.includes(row.filial) || row.open <= 0) continue
        if (row.status !== 'issued' && row.status !== 'partially_paid') continue
        open.push(row)
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
      // each open invoice, the longest overdue first, with its reminders' state
      const late = (dueDate: string, timeZone: string) => Math.max(0, daysBetween(dueDate, days.get(timeZone)!))
      const shown = open
        .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.number.localeCompare(b.number))
        .slice(0, RECEIVABLE_INVOICES_SHOWN)
      const records = new Map((await invoiceStore(deps, empresa).getMany(shown.map((r) => r.id))).map((i) => [i.id, i]))
      return {
        totals,
        clients: [...clients.values()].sort((a, b) => b.total - a.total || a.clientName.localeCompare(b.clientName)),
        invoices: shown.map((row) => {
          const reminders = records.get(row.id)?.reminders ?? []
          const last = reminders.at(-1)
          return {
            id: row.id,
            number: row.number,
            clientName: row.clientName,
            dueDate: row.dueDate,
            daysOverdue: late(row.dueDate, row.timeZone),
            open: row.open,
            age: ageOf(row.dueDate, days.get(row.timeZone)!),
            reminders: {
              sent: reminders.filter((r) => r.delivery?.by === 'email').length,
              lastAt: last?.at ?? null,
              lastSent: last ? last.delivery?.by === 'email' : null,
            },
          }
        }),
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
      return (await monthly(empresa, filials, from, to, revenueBucket)).map(({ month, sum }) => {
        const [invoiced, invoices, collected] = [sum.invoiced ?? 0, sum.invoices ?? 0, sum.collected ?? 0]
        return { month, invoiced, invoices, collected, averageTicket: invoices ? Math.round(invoiced / invoices) : 0 }
      })
    },

    /** The quotes of `filials` sent month by month, and what became of them (docs/domain.md "Reports"). */
    async quotes(empresa: number, filials: number[], from: string, to: string): Promise<QuotesReport['months']> {
      return (await monthly(empresa, filials, from, to, quotesBucket)).map(({ month, sum }) => ({
        month,
        ...(Object.fromEntries(QUOTE_FIGURES.map((name) => [name, sum[name] ?? 0])) as Omit<
          QuotesReport['months'][number],
          'month'
        >),
      }))
    },

    /** What each service of `filials` brought in the period, the most first (lines that name none together). */
    async services(empresa: number, filials: number[], from: string, to: string): Promise<ServicesReport['services']> {
      const sum: Figures = {}
      for (const month of await monthly(empresa, filials, from, to, serviceBucket))
        for (const [name, n] of Object.entries(month.sum)) sum[name] = (sum[name] ?? 0) + n
      const jobs = await deps.repos.collection<{ id: string; name: string }>(empresa, JOBS).rows()
      return Object.entries(sum)
        .filter(([, invoiced]) => invoiced !== 0)
        .map(([id, invoiced]) =>
          id === OTHER_SERVICE
            ? { jobId: null, name: '', invoiced }
            : { jobId: id, name: jobs.get(id)?.name ?? '', invoiced },
        )
        .sort((a, b) => b.invoiced - a.invoiced || a.name.localeCompare(b.name))
    },

    /** What each technician of `filials` did in the period, the most visits first (docs/domain.md "Reports"). */
    async technicians(
      empresa: number,
      filials: number[],
      from: string,
      to: string,
    ): Promise<TechniciansReport['technicians']> {
      const sum: Figures = {}
      for (const month of await monthly(empresa, filials, from, to, techBucket))
        for (const [name, n] of Object.entries(month.sum)) sum[name] = (sum[name] ?? 0) + n
      const ids = [...new Set(Object.keys(sum).map((name) => name.slice(0, name.lastIndexOf(':'))))]
      const names = new Map((await deps.repos.users.members(empresa)).map(({ value: u }) => [u.id, u.name]))
      // one who has left the company keeps the name of his account
      for (const id of ids.filter((i) => !names.has(i)))
        names.set(id, (await deps.repos.users.findById(id))?.value.name ?? '')
      return ids
        .map((id) => {
          const [visits, done, failed, minutes, parts] = TECH_MEASURES.map((m) => sum[`${id}:${m}`] ?? 0)
          return {
            technicianId: id,
            name: names.get(id) ?? '',
            visits,
            done,
            failed,
            minutes,
            parts,
            averageMinutes: visits ? Math.round(minutes / visits) : 0,
          }
        })
        .sort((a, b) => b.visits - a.visits || a.name.localeCompare(b.name))
    },

    /**
     * The orders of `filials` not invoiced nor cancelled, by status and by how old they are in their
     * branch's calendar (docs/domain.md "Reports"): read from the orders' index, as what is open
     * today moves with each day.
     */
    async orders(empresa: number, filials: number[]): Promise<OrdersReport['statuses']> {
      const statuses = ['new', 'scheduled', 'in_progress', 'on_hold', 'completed'] as const
      const rows = new Map(
        statuses.map((status) => [
          status,
          {
            status,
            orders: 0,
            total: 0,
            ...Object.fromEntries(ORDER_AGES.map((age) => [age, 0])),
          } as OrdersReport['statuses'][number],
        ]),
      )
      const now = deps.now()
      for (const order of (await orderStore(deps, empresa).rows()).values()) {
        const row = filials.includes(order.filial) ? rows.get(order.status as (typeof statuses)[number]) : undefined
        if (!row) continue
        row.orders++
        row.total += order.total
        row[orderAgeOf(dateIn(order.timeZone, Date.parse(order.createdAt)), dateIn(order.timeZone, now))]++
      }
      return [...rows.values()]
    },
  }
}
