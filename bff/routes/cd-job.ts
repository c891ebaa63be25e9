import { jobs } from '../../domain/modules/cd-job.ts'
import { type JobRecord, JOBS } from '../../domain/schemas/jobs.ts'
import { collectionSource } from '../lib/collection-source.ts'
import type { Deps } from '../lib/deps.ts'
import { fieldError } from '../lib/errors.ts'
import { resourceRoutes, type Caller, type ResourceServer } from '../lib/resource.ts'

const source = collectionSource<JobRecord>(JOBS)

/** A code names one job of a company. */
async function checkCode(who: Caller, code: string, self?: string) {
  if ((await source.list(who)).some((j) => j.id !== self && j.code === code)) throw fieldError('code', 'code_taken')
}

/**
 * cd_job (docs/domain.md): the service catalogue quote and order lines pick from: price in the
 * company's currency (integer cents), tax, duration, the skills it needs and the checklist the
 * technician ticks. A job is deactivated, never deleted (lines keep their copy of it).
 */
export function cdJobRoutes(deps: Deps) {
  return resourceRoutes(deps, jobs, {
    toRow: (j) => j,
    idOf: (j) => j.id,
    source,
    create: {
      async make(who, input) {
        await checkCode(who, input.code)
        const company = await deps.repos.companies.find(who.tenant.empresa)
        return { id: crypto.randomUUID(), ...input, currency: company?.CURRENCY ?? 'BRL', active: true }
      },
    },
    edit: {
      async apply(who, current, input, id) {
        if (input.code !== undefined) await checkCode(who, input.code, id)
        return { ...current, ...input }
      },
    },
    deactivate: { set: (_who, current, active) => ({ ...current, active }) },
  } satisfies ResourceServer<typeof jobs, JobRecord>)
}
