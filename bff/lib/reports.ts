import type { z } from 'zod'
import { AGES, ageOf, ORDER_AGES, orderAgeOf, type Age } from '../../domain/report-ages.ts'
import {
  QUOTE_FIGURES,
  RECEIVABLE_INVOICES_SHOWN,
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
import type { Versioned } from '../../storage/store.ts'
import type { TechOrderRecord } from '../../domain/schemas/appointments.ts'
import type { Deps } from './deps.ts'
import { invoiceStore, type InvoiceIndexRow } from './invoice-store.ts'
import { payableStore } from './payable-store.ts'
import { orderStore } from './order-store.ts'
import { quoteStore } from './quote-store.ts'
import { scheduling } from './scheduling.ts'

/** Raised when what the figures hold changes (a new measure): every company's are worked out again once. */
const FIGURES_VERSION = 8

/** How many records the figures are worked out for at once when they all are (each bucket is written once a batch). */
const BACKFILL_BATCH = 1_000

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

  /**
   * A company's open invoices (issued or partly paid, with money open), the earliest due first:
   * walked from the due-date order the index keeps across changes, once until the invoices change.
   */
  async function openInvoices(empresa: number): Promise<InvoiceIndexRow[]> {
    const store = invoiceStore(deps, empresa)
    const byDue = await store.sorted('receivables', (a, b) =>
      a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.number < b.number ? -1 : a.number > b.number ? 1 : 0,
    )
    return store.memo('open invoices', () =>
      byDue.filter((row) => row.open > 0 && (row.status === 'issued' || row.status === 'partially_paid')),
    )
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
        const empresa = company.COD_EMPRESA
        const rollups = deps.repos.rollups(empresa)
        /** Each record of `records` settled as `name.<id>`, a batch at a time: each bucket written once a batch. */
        const all = async <T extends { id: string }>(
          name: string,
          records: { rows(): Promise<Map<string, unknown>>; getVersioned(ids: string[]): Promise<Versioned<T>[]> },
          parts: (record: T) => Record<string, Figures>,
        ) => {
          const ids = [...(await records.rows()).keys()]
          for (let at = 0; at < ids.length; at += BACKFILL_BATCH) {
            const hits = await records.getVersioned(ids.slice(at, at + BACKFILL_BATCH))
            await rollups.contributeMany(
              hits.map((hit) => ({ source: `${name}.${hit.value.id}`, version: hit.version, parts: parts(hit.value) })),
            )
            settled += hits.length
          }
        }
        const zones = new Map([...(await orderStore(deps, empresa).rows()).values()].map((o) => [o.id, o.timeZone]))
        await all('invoice', invoiceStore(deps, empresa), invoiceRevenue)
        await all('payable', payableStore(deps, empresa), payableFigures)
        await all('visit', scheduling(deps).visits(empresa), (v: TechOrderRecord) =>
          visitFigures(v, zones.get(v.orderId) ?? 'UTC'),
        )
        await all('quote', quoteStore(deps, empresa), quoteFigures)
        await all('transfer', deps.repos.collection<TransferRecord>(empresa, TRANSFERS), transferFigures)
      }
      await deps.repos.figuresMarker.done(FIGURES_VERSION, stale.seed)
      return settled
    },

    /**
     * What a company's reports are worked out from, as one text that any change of it changes (a
     * write by any process): the figures, the invoices', payables' and orders' indexes, the
     * services' names and the members' names. A report's ETag is made of it and of what was asked;
     * read before the report is worked out, so an answer never bears a newer stamp than its data.
     */
    async stamp(empresa: number): Promise<string> {
      const [figures, invoices, payables, orders, jobs, members] = await Promise.all([
        deps.repos.rollups(empresa).generation(),
        invoiceStore(deps, empresa).generation(),
        payableStore(deps, empresa).generation(),
        orderStore(deps, empresa).generation(),
        deps.repos.collection(empresa, JOBS).generation(),
        deps.repos.users.members(empresa),
      ])
      const people = members.map((m) => `${m.value.id}.${m.version}`).join(',')
      return [figures, invoices, payables, orders, jobs, people].join('|')
    },

    /**
     * What the clients of `filials` owe, by age (docs/domain.md "Reports"): every issued invoice with
     * money open, aged from its due date on its branch's today, and the first `shown` of them, the
     * longest overdue first, with their reminders' state. Read from the invoices' index (what is open
     * today moves with each day, so it is not kept ahead); worked out once until the invoices change
     * or the quarter hour turns.
     */
    async receivables(
      empresa: number,
      filials: number[],
      shown = RECEIVABLE_INVOICES_SHOWN,
    ): Promise<Omit<ReceivablesReport, 'currency'>> {
      const store = invoiceStore(deps, empresa)
      const open = await openInvoices(empresa)
      const now = deps.now()
      const { totals, clients, rows, days } = await store.memo(
        `receivables ${filials}`,
        () => {
          const zero = () => Object.fromEntries([...AGES, 'total'].map((k) => [k, 0])) as Record<Age | 'total', number>
          const totals = zero()
          const clients = new Map<string, ReceivablesReport['clients'][number]>()
          const days = new Map<string, string>()
          // the age of each due day, worked out once per zone and day (a few hundred, not one per invoice)
          const ages = new Map<string, Age>()
          const rows = open.filter((row) => filials.includes(row.filial))
          for (const row of rows) {
            let today = days.get(row.timeZone)
            if (!today) days.set(row.timeZone, (today = dateIn(row.timeZone, now)))
            const key = `${row.timeZone}|${row.dueDate}`
            let age = ages.get(key)
            if (!age) ages.set(key, (age = ageOf(row.dueDate, today)))
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
          const owing = [...clients.values()].sort(
            (a, b) => b.total - a.total || a.clientName.localeCompare(b.clientName),
          )
          return { totals, clients: owing, rows, days }
        },
        now,
      )
      const listed = rows.slice(0, Math.min(shown, RECEIVABLE_INVOICES_SHOWN))
      const records = new Map((await store.getMany(listed.map((r) => r.id))).map((i) => [i.id, i]))
      return {
        totals: { ...totals },
        clients: clients.map((c) => ({ ...c })),
        invoices: listed.map((row) => {
          const today = days.get(row.timeZone)!
          const reminders = records.get(row.id)?.reminders ?? []
          const last = reminders.at(-1)
          return {
            id: row.id,
            number: row.number,
            clientName: row.clientName,
            dueDate: row.dueDate,
            daysOverdue: Math.max(0, daysBetween(row.dueDate, today)),
            open: row.open,
            age: ageOf(row.dueDate, today),
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
     * and payables by their due dates (read from their indexes, summed per due day until they
     * change), around `today`: six months back and six ahead, or eight weeks back and eight ahead.
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
      /** What is due each day: cents by due day. */
      const byDay = <R>(rows: Iterable<R>, take: (row: R) => [due: string, cents: number] | null) => {
        const due = new Map<string, number>()
        for (const row of rows) {
          const hit = take(row)
          if (hit) due.set(hit[0], (due.get(hit[0]) ?? 0) + hit[1])
        }
        return due
      }
      const open = await openInvoices(empresa)
      const dueIn = await invoiceStore(deps, empresa).memo(`due in ${filials}`, () =>
        byDay(open, (row) => (filials.includes(row.filial) ? [row.dueDate, row.open] : null)),
      )
      const dueOut = await payableStore(deps, empresa).memo(`due out ${filials}`, (rows) =>
        byDay(rows.values(), (row) =>
          filials.includes(row.filial) && row.status === 'open' ? [row.dueDate, row.amount] : null,
        ),
      )
      const expected = new Map<string, { in: number; out: number }>()
      for (const [side, due] of [
        ['in', dueIn],
        ['out', dueOut],
      ] as const)
        for (const [day, cents] of due) {
          const period = day < today ? current : periodOf(day)
          const e = expected.get(period) ?? { in: 0, out: 0 }
          e[side] += cents
          expected.set(period, e)
        }
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

    /** What each technician of `filials` did in the period and his share of what was invoiced, the most visits first (docs/domain.md "Reports"). */
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
          const [visits, done, failed, minutes, parts, invoiced] = TECH_MEASURES.map((m) => sum[`${id}:${m}`] ?? 0)
          return {
            technicianId: id,
            name: names.get(id) ?? '',
            visits,
            done,
            failed,
            minutes,
            parts,
            averageMinutes: visits ? Math.round(minutes / visits) : 0,
            invoiced,
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
      const store = orderStore(deps, empresa)
      // worked out once until the orders change or the quarter hour turns (each one's age moves with the day)
      const counted = await store.memo(
        `orders report ${filials}`,
        (orders) => {
          const days = new Map<string, string>()
          for (const order of orders.values()) {
            const row = filials.includes(order.filial) ? rows.get(order.status as (typeof statuses)[number]) : undefined
            if (!row) continue
            let today = days.get(order.timeZone)
            if (!today) days.set(order.timeZone, (today = dateIn(order.timeZone, now)))
            row.orders++
            row.total += order.total
            row[orderAgeOf(dateIn(order.timeZone, Date.parse(order.createdAt)), today)]++
          }
          return [...rows.values()]
        },
        now,
      )
      return counted.map((row) => ({ ...row }))
    },
  }
}
