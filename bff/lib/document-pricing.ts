import { z } from 'zod'
import { documentTotals, lineInput, type LineDraft, type LineInput } from '../../domain/document-lines.ts'
import { addressLine, CLIENTS, type ClientRecord } from '../../domain/schemas/clients.ts'
import { JOBS, type JobRecord } from '../../domain/schemas/jobs.ts'
import type { Deps } from './deps.ts'
import { fieldError } from './errors.ts'
import type { Caller } from './resource.ts'
import { checked } from './validate.ts'

/**
 * One of the client's service addresses (as their list shows it), the default one when none is
 * given (an order's, a machine's): another answers 400 address_not_clients.
 */
export function serviceAddressOf(client: ClientRecord, typed: string | undefined): string {
  const listed = client.addresses.map(addressLine)
  if (typed) {
    if (!listed.includes(typed)) throw fieldError('serviceAddress', 'address_not_clients')
    return typed
  }
  const byDefault = client.addresses.find((a) => a.isDefault) ?? client.addresses[0]
  return byDefault ? addressLine(byDefault) : ''
}

/** The largest document, in cents (a hundred billion in the currency): sums stay exact integers. */
const MAX_DOCUMENT_CENTS = 10_000_000_000_000
/** The lines as priced, checked again before they are totalled. */
const lineInputs = z.array(lineInput)

/**
 * What every priced document (quotes, service orders, invoices) shares (docs/domain.md: totals
 * computed on the server): its client, active in the company, and its lines priced from the
 * catalogue where they leave a price empty.
 */
export function documentPricing(deps: Deps) {
  /** The lines as priced: a job's description, price and tax where the line left them empty; and those jobs. */
  async function pricedWithJobs(who: Caller, drafts: LineDraft[]): Promise<{ lines: LineInput[]; jobs: JobRecord[] }> {
    const catalogue = deps.repos.collection<JobRecord>(who.tenant.empresa, JOBS)
    const lines = []
    const jobs: JobRecord[] = []
    for (const [i, draft] of drafts.entries()) {
      const job = draft.jobId ? (await catalogue.get(draft.jobId))?.value : null
      if (draft.jobId && !job) throw fieldError(`lines.${i}.jobId`, 'invalid_value')
      if (job) jobs.push(job)
      const line = {
        ...draft,
        description: draft.description || job?.name || '',
        unitPrice: draft.unitPrice ?? job?.unitPrice,
        taxPercent: draft.taxPercent ?? job?.taxPercent ?? 0,
      }
      if (!line.description || line.unitPrice === undefined) throw fieldError(`lines.${i}.description`, 'invalid_line')
      lines.push(line)
    }
    const checkedLines = checked(lineInputs, lines)
    // amounts stay far within what integer cents hold exactly
    if (documentTotals(checkedLines).subtotal > MAX_DOCUMENT_CENTS) throw fieldError('lines', 'amount_too_large')
    return { lines: checkedLines, jobs }
  }
  return {
    async clientOf(who: Caller, id: string): Promise<ClientRecord> {
      const client = (await deps.repos.collection<ClientRecord>(who.tenant.empresa, CLIENTS).get(id))?.value
      if (!client) throw fieldError('clientId', 'invalid_value')
      if (!client.active) throw fieldError('clientId', 'client_inactive')
      return client
    },
    pricedWithJobs,
    /** The lines as priced (pricedWithJobs without the jobs). */
    priced: async (who: Caller, drafts: LineDraft[]): Promise<LineInput[]> => (await pricedWithJobs(who, drafts)).lines,
  }
}
