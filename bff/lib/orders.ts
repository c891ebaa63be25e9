import { counts, documentTotals, type LineInput } from '../../domain/document-lines.ts'
import { EQUIPMENT, type EquipmentRecord } from '../../domain/schemas/equipment.ts'
import { JOBS, type JobRecord } from '../../domain/schemas/jobs.ts'
import type { OrderInput, StoredOrder } from '../../domain/schemas/orders.ts'
import type { StoredQuote } from '../../domain/schemas/quotes.ts'
import { sha256Hex, uuidFromHex } from './base64.ts'
import type { Deps } from './deps.ts'
import { documentPricing, serviceAddressOf } from './document-pricing.ts'
import { fieldError } from './errors.ts'
import { orderSource } from './order-store.ts'
import { blankDocument } from './document-store.ts'
import { withActivityLine, type Caller } from './resource.ts'
import { ConflictError } from '../../storage/errors.ts'

/** The skills a set of jobs requires, each once, in the order first met. */
const skillsOf = (jobs: JobRecord[]) => [...new Set(jobs.flatMap((j) => j.skills))]

/**
 * How service orders are made (docs/domain.md cd_ordem), from the office's form or from an
 * approved quote: the client and one of their addresses, the lines priced by the rules quotes
 * use (bff/lib/document-pricing.ts), the skills of their jobs, a number of the branch's series
 * with its prefix.
 */
export function orderMaking(deps: Deps) {
  const source = orderSource(deps)
  const { clientOf, pricedWithJobs } = documentPricing(deps)

  /** A new order of the caller's branch (not numbered yet: the number comes with the write). */
  async function blank(who: Caller, id: string): Promise<StoredOrder> {
    return {
      ...(await blankDocument(deps, who, id)).document,
      priority: 'normal',
      problem: '',
      instructions: '',
      warrantyDays: 0,
      equipmentIds: [],
      skills: [],
      notes: '',
      status: 'new',
      hold: null,
      quoteId: null,
      quoteNumber: null,
    }
  }

  /**
   * The client's machines an order names: each the client's (400 equipment_other_client), and in
   * service unless the order named it already (400 equipment_retired). Another client picked
   * without naming machines: the former client's are left out.
   */
  async function equipmentOf(who: Caller, ids: string[] | undefined, clientId: string, current: StoredOrder) {
    const named = current.equipmentIds ?? []
    const machines = await deps.repos.collection<EquipmentRecord>(who.tenant.empresa, EQUIPMENT).getMany(ids ?? named)
    const byId = new Map(machines.map((m) => [m.id, m]))
    if (ids === undefined) return named.filter((id) => byId.get(id)?.clientId === clientId)
    for (const id of ids) {
      const machine = byId.get(id)
      if (machine?.clientId !== clientId) throw fieldError('equipmentIds', 'equipment_other_client')
      if (!machine.active && !named.includes(id)) throw fieldError('equipmentIds', 'equipment_retired')
    }
    return ids
  }

  /** An order's fields from what the office typed (the client's name copied as it is now). */
  async function fill(who: Caller, input: Partial<OrderInput>, current: StoredOrder): Promise<StoredOrder> {
    const clientChanged = input.clientId !== undefined && input.clientId !== current.clientId
    const client = input.clientId ? await clientOf(who, input.clientId) : null
    const priced = input.lines ? await pricedWithJobs(who, input.lines) : null
    const equipmentIds =
      input.equipmentIds !== undefined || clientChanged
        ? await equipmentOf(who, input.equipmentIds, client?.id ?? current.clientId, current)
        : current.equipmentIds
    return {
      ...current,
      ...(equipmentIds ? { equipmentIds } : {}),
      ...(client ? { clientId: client.id, clientName: client.name, clientTaxId: client.taxId } : {}),
      serviceAddress:
        client && (clientChanged || input.serviceAddress !== undefined)
          ? serviceAddressOf(client, input.serviceAddress)
          : current.serviceAddress,
      ...(input.priority ? { priority: input.priority } : {}),
      ...(input.problem !== undefined ? { problem: input.problem } : {}),
      ...(input.instructions !== undefined ? { instructions: input.instructions } : {}),
      ...(input.warrantyDays !== undefined ? { warrantyDays: input.warrantyDays } : {}),
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
      ...(priced ? { lines: priced.lines, totals: documentTotals(priced.lines), skills: skillsOf(priced.jobs) } : {}),
    }
  }

  /** The jobs of some lines, as the catalogue has them now (for their skills). */
  async function jobsOf(who: Caller, lines: LineInput[]): Promise<JobRecord[]> {
    const catalogue = deps.repos.collection<JobRecord>(who.tenant.empresa, JOBS)
    const ids = [...new Set(lines.map((l) => l.jobId).filter(Boolean))]
    return catalogue.getMany(ids)
  }

  return {
    source,
    blank,
    fill,
    /**
     * The order of an approved quote, made once: its id follows from the quote's, so converting
     * again (a retry, a double click, two offices at once) finds the order made the first time.
     */
    async fromQuote(who: Caller, quote: StoredQuote): Promise<StoredOrder> {
      const id = uuidFromHex(await sha256Hex(`order of quote\n${quote.id}`))
      const made = await source.find(who, id)
      if (made) return made.value
      // what the client bought: the optional lines they left out are not the order's
      const soldLines = quote.lines.filter(counts).map(({ optional: _o, chosen: _c, ...line }) => line)
      const order: StoredOrder = {
        ...(await blank(who, id)),
        filial: quote.filial,
        clientId: quote.clientId,
        clientName: quote.clientName,
        clientTaxId: quote.clientTaxId,
        serviceAddress: quote.serviceAddress,
        lines: soldLines,
        totals: documentTotals(soldLines),
        currency: quote.currency,
        skills: skillsOf(await jobsOf(who, soldLines)),
        instructions: quote.notes,
        quoteId: quote.id,
        quoteNumber: quote.number,
        timeZone: quote.timeZone,
      }
      // made with its timeline line, as every record is (bff/lib/resource.ts withActivityLine); of two
      // converts at once, the second finds the order the first made
      try {
        const saved = await withActivityLine(
          deps,
          { empresa: who.tenant.empresa, module: 'cd_ordem', id },
          { by: who.user, action: 'created', made: 1 },
          () => source.insert!(who, order),
        )
        return saved.value
      } catch (error) {
        const other = error instanceof ConflictError ? await source.find(who, id) : null
        if (!other) throw error
        return other.value
      }
    },
  }
}
