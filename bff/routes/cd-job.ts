import { z } from 'zod'
import { jobInput, jobRow, type JobInput, type JobRecord, type JobRow, JOBS } from '../../domain/schemas/jobs.ts'
import { collectionSource } from '../lib/collection-source.ts'
import type { Deps } from '../lib/deps.ts'
import { fieldError } from '../lib/errors.ts'
import { resourceRoutes, type Caller, type ResourceDefinition } from '../lib/resource.ts'

const source = collectionSource<JobRecord>(JOBS)

/** A code names one job of a company. */
async function checkCode(who: Caller, code: string, self?: string) {
  if ((await source.list(who)).some((j) => j.id !== self && j.code === code)) throw fieldError('code', 'code_taken')
}

/**
 * cd_job (DOMAIN.md): the service catalogue quote and order lines pick from: price in the
 * company's currency (integer cents), tax, duration, the skills it needs and the checklist the
 * technician ticks. A job is deactivated, never deleted (lines keep their copy of it).
 */
export function cdJobRoutes(deps: Deps) {
  const jobs = {
    module: 'cd_job',
    noun: 'Job',
    id: z.string().uuid(),
    row: jobRow,
    toRow: (j) => j,
    idOf: (j) => j.id,
    source,
    list: {
      sortable: ['code', 'name', 'unit', 'unitPrice', 'durationMinutes', 'active'],
      defaultSort: 'code',
      search: (j) => `${j.code} ${j.name} ${j.description} ${j.skills.join(' ')}`,
      active: (j) => j.active,
    },
    csv: [
      ['Code', (j) => j.code],
      ['Name', (j) => j.name],
      ['Unit', (j) => j.unit],
      ['Unit price', (j) => (j.unitPrice / 100).toFixed(2)],
      ['Currency', (j) => j.currency],
      ['Tax %', (j) => j.taxPercent],
      ['Minutes', (j) => j.durationMinutes],
      ['Skills', (j) => j.skills.join(', ')],
      ['Active', (j) => (j.active ? 'yes' : 'no')],
    ],
    create: {
      input: jobInput,
      async make(who, input) {
        await checkCode(who, input.code)
        const company = await deps.repos.companies.find(who.tenant.empresa)
        return { id: crypto.randomUUID(), ...input, currency: company?.CURRENCY ?? 'BRL', active: true }
      },
    },
    edit: {
      input: jobInput,
      async apply(who, current, input, id) {
        if (input.code !== undefined) await checkCode(who, input.code, id)
        return { ...current, ...input }
      },
    },
    deactivate: { set: (_who, current, active) => ({ ...current, active }) },
  } satisfies ResourceDefinition<JobRecord, JobRow, string, JobInput, JobInput>
  return resourceRoutes(deps, jobs)
}
