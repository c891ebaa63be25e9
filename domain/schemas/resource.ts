import { z } from 'zod'
import { derivedSchema, paginationSchema, wrapper } from './common.ts'
import { filterParams, type ListFilters } from '../list-filters.ts'

/**
 * The list query of every module (docs/domain.md): search, sort, order, page (1-based), size; all=1 shows
 * deactivated records too; a module with states also takes `state` (only the records in it), one
 * with filters their parameters (domain/list-filters.ts).
 */
export const listQuerySchema = <const F extends readonly [string, ...string[]]>(
  sortable: F,
  defaultSort: F[number],
  states?: readonly [string, ...string[]],
  filters?: ListFilters,
) => {
  const query = z.object({
    search: z.string().trim().max(200).default(''),
    sort: z.enum(sortable).default(defaultSort as never),
    order: z.enum(['asc', 'desc']).default('asc'),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    size: z.coerce.number().int().min(1).max(100).default(10),
    all: z.enum(['0', '1']).default('0'),
  })
  // the filters' parameters are read by name (rowFilter), not by their type
  const filtered = query.extend(filterParams(filters)) as unknown as typeof query
  return states ? filtered.extend({ state: z.enum(states).optional() }) : filtered
}

/** A list's answer: one page of rows and the spec's pagination, in the wrapper. */
export const listAnswer = derivedSchema(<T extends z.ZodType>(row: T) =>
  wrapper(z.object({ items: z.array(row), pagination: paginationSchema })),
)
