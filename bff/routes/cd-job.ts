import { jobs } from '../../domain/modules/cd-job.ts'
import { type JobRecord, JOBS } from '../../domain/schemas/jobs.ts'
import { collectionSource } from '../lib/collection-source.ts'
import type { Deps } from '../lib/deps.ts'
import { uniqueField } from '../lib/unique-field.ts'
import { resourceRoutes, type ResourceServer } from '../lib/resource.ts'

const source = collectionSource<JobRecord>(JOBS)

/** A code names one job of a company: a second answers 409 code_taken. */
const codes = uniqueField(JOBS, source, 'code', (j: JobRecord) => j.code, 'code_taken')

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
        const company = await deps.repos.companies.find(who.tenant.empresa)
        const job = { id: who.newId(), ...input, currency: company?.CURRENCY ?? 'BRL', active: true }
        await codes.claim(who, job)
        return job
      },
      undo: (who, made) => codes.release(who, made),
    },
    edit: {
      async apply(who, current, input) {
        const next = { ...current, ...input }
        if (!codes.same(current, next)) await codes.claim(who, next)
        return next
      },
      async after(who, saved, before) {
        if (!codes.same(before, saved.value)) await codes.release(who, before)
      },
      async undo(who, attempted, current) {
        if (!codes.same(current, attempted)) await codes.release(who, attempted)
      },
    },
    deactivate: { set: (_who, current, active) => ({ ...current, active }) },
  } satisfies ResourceServer<typeof jobs, JobRecord>)
}
