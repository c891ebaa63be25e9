import { z } from 'zod'
import { CURRENCIES } from '../money.ts'
import { rule } from '../messages.ts'
import { decimal, lines, money, optionalText, percent, tags, text } from './fields.ts'

/** Where a company's jobs are stored (a collection of storage/repositories). */
export const JOBS = 'jobs'

/** docs/domain.md cd_job: how a job is counted. */
export const JOB_UNITS = ['hour', 'unit', 'visit'] as const

/** A job of the service catalogue as the API and the form take it (price in cents, tax in percent). */
export const jobInput = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => /^[A-Z0-9-]{1,20}$/.test(v), rule('invalid_code'))
    .meta({
      description: 'The job’s code: 1 to 20 letters, digits or hyphens, kept in capitals; one job’s in the company',
      pattern: '^\\s*[A-Za-z0-9-]{1,20}\\s*$',
    }),
  name: text(120),
  description: optionalText(2000),
  unit: z.enum(JOB_UNITS, { message: 'Choose a unit' }),
  unitPrice: money(),
  taxPercent: percent.default(0),
  /** Estimated duration in minutes (up to a week); none given is 0. */
  durationMinutes: decimal(0, 0, 10_080).default(0),
  skills: tags,
  checklist: lines(50, 200),
})

export type JobInput = z.output<typeof jobInput>

export type JobRecord = JobInput & { id: string; currency: (typeof CURRENCIES)[number]; active: boolean }

export const jobRow = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  unit: z.enum(JOB_UNITS),
  unitPrice: z.number(),
  currency: z.enum(CURRENCIES),
  taxPercent: z.number(),
  durationMinutes: z.number(),
  skills: z.array(z.string()),
  checklist: z.array(z.string()),
  active: z.boolean(),
})
export type JobRow = z.output<typeof jobRow>
