import { documentTotals, type LineInput } from '../domain/document-lines.ts'
import { documentNumber } from '../domain/document-numbers.ts'
import { addressLine, type ClientRecord } from '../domain/schemas/clients.ts'
import type { JobRecord } from '../domain/schemas/jobs.ts'
import { HOLD_REASONS, ORDER_PRIORITIES, type OrderStatus, type StoredOrder } from '../domain/schemas/orders.ts'
import type { StoredQuote } from '../domain/schemas/quotes.ts'
import { SEED_QUOTE_BRANCH, SEED_QUOTE_PREFIX } from './field-service.ts'
import { SEED_NOW, seeded } from './random.ts'

const DAY = 86_400_000
/** How many of the approved demo quotes were converted (their orders come first). */
const CONVERTED = 3
/** The demo orders' statuses, 60 in all: every status an order can have. */
const PLAN: Array<[OrderStatus, number]> = [
  ['new', 14],
  ['scheduled', 12],
  ['in_progress', 8],
  ['completed', 10],
  ['invoiced', 6],
  ['on_hold', 5],
  ['cancelled', 5],
]
const PROBLEMS = [
  'O ar-condicionado da sala de reuniões está pingando água.',
  'O equipamento não liga depois da queda de energia.',
  'Barulho alto na unidade externa.',
  'Manutenção preventiva semestral.',
  'Instalação de novo aparelho no escritório.',
  '',
]

/** One to three lines of catalogue jobs, priced as the catalogue prices them. */
function randomLines(r: ReturnType<typeof seeded>, jobs: JobRecord[]): LineInput[] {
  return Array.from({ length: r.int(1, 3) }, () => {
    const job = r.pick(jobs)
    return {
      jobId: job.id,
      description: job.name,
      quantity: job.unit === 'hour' ? r.int(1, 6) : r.int(1, 2),
      unitPrice: job.unitPrice,
      discountPercent: r.pick([0, 0, 5]),
      taxPercent: job.taxPercent,
    }
  })
}

/** The skills some lines' jobs require, each once. */
const skillsOf = (lines: LineInput[], jobs: JobRecord[]) => [
  ...new Set(lines.flatMap((l) => jobs.find((j) => j.id === l.jobId)?.skills ?? [])),
]

/**
 * docs/domain.md cd_ordem for the demo company: 60 service orders of the main branch in every
 * status, the first from approved quotes (which become *converted* and link to them), the others
 * made from scratch; numbered OS-SAO-2026-000001 to 000060, priced by the app's own code.
 * Answers the orders and the quotes as they are after the conversions.
 */
export function seedOrders(
  clients: ClientRecord[],
  jobs: JobRecord[],
  quotes: StoredQuote[],
): { orders: StoredOrder[]; quotes: StoredQuote[] } {
  const r = seeded(4040)
  const statuses = PLAN.flatMap(([status, count]) => Array.from({ length: count }, () => status))
  // spread over the plan: a converted quote's order may be in any status
  const order = (i: number) => statuses[(i * 7) % statuses.length]
  const converted = quotes.filter((q) => q.status === 'approved').slice(0, CONVERTED)
  const orders = statuses.map((_, i): StoredOrder => {
    const status = order(i)
    const quote = converted[i] as StoredQuote | undefined
    const client = quote ? clients.find((c) => c.id === quote.clientId)! : clients[(i * 5 + 2) % clients.length]
    const lines: LineInput[] = quote ? quote.lines : randomLines(r, jobs)
    const created = SEED_NOW - (75 - i) * DAY
    const address = client.addresses.find((a) => a.isDefault) ?? client.addresses[0]
    return {
      id: r.uuid(),
      filial: SEED_QUOTE_BRANCH,
      number: documentNumber('OS', SEED_QUOTE_PREFIX, '2026', i + 1),
      clientId: client.id,
      clientName: client.name,
      clientTaxId: client.taxId,
      serviceAddress: quote ? quote.serviceAddress : address ? addressLine(address) : '',
      priority: r.pick([...ORDER_PRIORITIES, 'normal', 'normal']),
      problem: quote ? '' : r.pick(PROBLEMS),
      instructions: quote ? quote.notes : r.pick(['', '', 'Procurar o zelador na portaria.']),
      warrantyDays: r.pick([0, 30, 90, 90]),
      skills: skillsOf(lines, jobs),
      lines,
      totals: documentTotals(lines),
      currency: 'BRL',
      notes: '',
      status,
      hold:
        status === 'on_hold'
          ? {
              reason: HOLD_REASONS[i % HOLD_REASONS.length],
              from: 'new',
              at: new Date(created + 2 * DAY).toISOString(),
            }
          : null,
      quoteId: quote?.id ?? null,
      quoteNumber: quote?.number ?? null,
      createdAt: new Date(created).toISOString(),
      timeZone: quote?.timeZone ?? 'America/Sao_Paulo',
    }
  })
  const byQuote = new Map(orders.filter((o) => o.quoteId).map((o) => [o.quoteId!, o]))
  return {
    orders,
    quotes: quotes.map((q) => {
      const made = byQuote.get(q.id)
      return made ? { ...q, status: 'converted', orderId: made.id, orderNumber: made.number } : q
    }),
  }
}

/**
 * Many orders of the main branch for the benchmarks (tests/bench/board.ts): numbered in 2025
 * (OS-SAO-2025-…), so the demo's 2026 series is untouched, in every status as the demo's plan
 * spreads them (one on hold waits from new), made over two years, priced by the app's own code.
 */
export function manyOrders(count: number, seed: number, clients: ClientRecord[], jobs: JobRecord[]): StoredOrder[] {
  const r = seeded(seed)
  const statuses = PLAN.flatMap(([status, n]) => Array.from({ length: n }, () => status))
  return Array.from({ length: count }, (_, i): StoredOrder => {
    const client = r.pick(clients)
    const lines = randomLines(r, jobs)
    const status = r.pick(statuses)
    const created = SEED_NOW - r.int(0, 700) * DAY
    const address = client.addresses.find((a) => a.isDefault) ?? client.addresses[0]
    return {
      id: r.uuid(),
      filial: SEED_QUOTE_BRANCH,
      number: documentNumber('OS', SEED_QUOTE_PREFIX, '2025', i + 1),
      clientId: client.id,
      clientName: client.name,
      clientTaxId: client.taxId,
      serviceAddress: address ? addressLine(address) : '',
      priority: r.pick([...ORDER_PRIORITIES, 'normal', 'normal']),
      problem: r.pick(PROBLEMS),
      instructions: r.pick(['', '', 'Procurar o zelador na portaria.']),
      warrantyDays: r.pick([0, 30, 90, 90]),
      skills: skillsOf(lines, jobs),
      lines,
      totals: documentTotals(lines),
      currency: 'BRL',
      notes: '',
      status,
      hold:
        status === 'on_hold'
          ? { reason: r.pick(HOLD_REASONS), from: 'new', at: new Date(created).toISOString() }
          : null,
      quoteId: null,
      quoteNumber: null,
      createdAt: new Date(created).toISOString(),
      timeZone: 'America/Sao_Paulo',
    }
  })
}
