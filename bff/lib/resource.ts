import { HTTPException } from 'hono/http-exception'
import { Hono, type Context, type MiddlewareHandler, type Schema } from 'hono'
import type { BlankSchema } from 'hono/types'
import { z } from 'zod'
import { atLeast, type AccessLevel } from '../../domain/access.ts'
import { requestCulture, type Culture } from '../../domain/cultures.ts'
import type { UserRecord } from '../../domain/tenancy.ts'
import { wrapper } from '../../domain/schemas/common.ts'
import { listAnswer, listQuerySchema } from '../../domain/schemas/resource.ts'
import type { ActionOf, ResourceModule } from '../../domain/module.ts'
import type { Versioned } from '../../storage/store.ts'
import { ConflictError, StorageUnavailableError } from '../../storage/errors.ts'
import type { ActivityLine } from '../../storage/repositories/activity.ts'
import { requireAuth } from './auth.ts'
import { sha256Hex, uuidFromHex } from './base64.ts'
import { recordIds, REPLAYED_HEADER } from './idempotency.ts'
import { csvResponse, toCsv } from './csv.ts'
import type { AppEnv, Deps, Tenant } from './deps.ts'
import { ifMatchVersion } from './etag.ts'
import { apiError } from './errors.ts'
import { pageOf, paginate, sortBy } from './list.ts'
import { apiErrorSchema, doc } from './openapi.ts'
import { FORBIDDEN_PAGE, levelsFor } from './page-access.ts'
import { requireTenant } from './tenancy.ts'
import { valid } from './validate.ts'
import { searchable } from '../../domain/search-text.ts'
import { rowFilter, type RowFilter } from '../../domain/list-filters.ts'

/** What a list asks for (docs/domain.md: search, sort, order, page, size; all=1 with deactivated records). */
export type ListQuery = {
  search: string
  sort: string
  order: 'asc' | 'desc'
  page: number
  size: number
  all: '0' | '1'
  state?: string
  /** What the module's filters keep of its rows (or of an index's rows with the same fields), when the query sets some. */
  filter?: RowFilter | null
}

/** Who is calling, in which company and branch, in which language: what every part of a module is given. */
/** Who calls a module's route; `env`: the request's (what a page request worked out once, page-request.ts). */
/** `newId`: the id of a record the request creates (the same on every run of a request with an Idempotency-Key). */
export type Caller = {
  deps: Deps
  user: UserRecord
  tenant: Tenant
  culture: Culture
  env: unknown
  newId: () => string
  /** The request's Idempotency-Key (its hash with the request's), when it sent one: its timeline lines carry it. */
  writeKey?: string
}

/** Where a module's records live: its repository, seen through the caller (company or branch scope). */
export type ResourceSource<Rec, Id> = {
  /** Every record the caller's list starts from, from an index of the scope: never a scan of storage. */
  list(caller: Caller): Promise<Rec[]>
  /** One record, or null when it does not exist for this caller (another company's is not there: 404). */
  find(caller: Caller, id: Id): Promise<Versioned<Rec> | null>
  /** Writes a new record; answers it with its version. */
  insert?(caller: Caller, record: Rec): Promise<Versioned<Rec>>
  /**
   * One page of the list, when the source keeps an index of its own (a list of 50,000 quotes):
   * the records of the page and how many match. Without it the list filters `list()`.
   */
  page?(caller: Caller, query: ListQuery): Promise<{ items: Rec[]; length: number }>
  /** Changes a record atomically; null when it is not there. A stale `expectVersion` throws (412). */
  update(
    caller: Caller,
    id: Id,
    change: (current: Rec) => Rec,
    expectVersion: number | undefined,
  ): Promise<Versioned<Rec> | null>
}

/** What a lifecycle action does besides moving the status: the module's own part of a transition the declaration lists. */
export type TransitionEffect<Rec> = {
  /** Runs before the write; throw to refuse. */
  effect?: (caller: Caller, record: Rec, input: Record<string, unknown>) => Promise<Rec> | Rec
  /** What follows the write (a message to send ...); a failure is logged, the transition stays done. */
  after?: (caller: Caller, saved: Rec) => Promise<void>
}

type Row = Record<string, unknown>
type ApiOf<D> = D extends { api: infer A } ? A : never
/** The row, path id and inputs of a declared module, as types. */
export type RowOf<D> = ApiOf<D> extends { row: z.ZodType<infer R> } ? R : never
export type IdOf<D> = ApiOf<D> extends { id: z.ZodType<infer I> } ? I : never
export type CreateOf<D> = ApiOf<D> extends { input: { create: z.ZodType<infer C> } } ? C : never
export type EditOf<D> = ApiOf<D> extends { input: { edit: z.ZodType<infer E> } } ? E : never

/**
 * What only the server knows of a declared module (the declaration is the rest: domain/modules/):
 * where its records live and what creating, changing, deactivating and each transition do. The
 * resource factory turns both into list, CSV export, one record with its ETag, create, full and
 * partial edit with If-Match, deactivate / restore, lifecycle transitions, an activity line per
 * change, page-level access on every call and OpenAPI entries, all in the { IsSuccess, Dados,
 * Msg } wrapper with stable error codes. What is left in a module is what is truly its own.
 */
export type ResourceServer<D, Rec> = {
  toRow: (record: Rec, caller: Caller) => RowOf<D>
  idOf: (record: Rec) => IdOf<D>
  source: ResourceSource<Rec, IdOf<D>>
  create?: {
    make: (caller: Caller, input: CreateOf<D>) => Promise<Rec> | Rec
    after?: (caller: Caller, saved: Versioned<Rec>) => Promise<void>
    /** The record was made but could not be stored: give back what `make` took (a claimed unique value ...). */
    undo?: (caller: Caller, made: Rec) => Promise<void>
  }
  edit?: {
    apply: (caller: Caller, current: Rec, input: Partial<EditOf<D>>, id: IdOf<D>) => Promise<Rec> | Rec
    after?: (caller: Caller, saved: Versioned<Rec>, before: Rec) => Promise<void>
    /** The change was made but not stored (a stale version ...): give back what `apply` took. */
    undo?: (caller: Caller, attempted: Rec, current: Rec) => Promise<void>
  }
  /** The stored status and how a transition sets it; each declared action with a `to` may add an effect. */
  lifecycle?: {
    status: (record: Rec) => string
    set: (record: Rec, status: string) => Rec
    effects?: Partial<Record<ActionOf<D>, TransitionEffect<Rec>>>
  }
  /** The caller's level on one record (default: their level on the module's page in the current company). */
  level?: (caller: Caller, id?: IdOf<D>) => Promise<AccessLevel>
  /** The company whose activity log holds a record's lines (default: the current one). */
  owner?: (caller: Caller, id: IdOf<D>) => number
} & (ApiOf<D> extends { deactivatable: true }
  ? {
      /** `DELETE /:id` deactivates, `?restore=1` activates again (the declaration says the module can). */ deactivate: {
        set: (caller: Caller, current: Rec, active: boolean, id: IdOf<D>) => Promise<Rec> | Rec
      }
    }
  : { deactivate?: never })

/** A middleware that does nothing (where a route takes no body). */
const passThrough: MiddlewareHandler<AppEnv> = (_c, next) => next()

const restoreQuery = z.object({ restore: z.enum(['0', '1']).default('0') })
/** A module's answer: the real backend's wrapper (docs/shell.md §3). */
export const ok = <T>(Dados: T, Msg = '') => ({ IsSuccess: true as const, Dados, Msg })

/** The caller of a module's route (after requireAuth and requireTenant), in the request's language. */
export const callerOf = (deps: Deps, c: Context<AppEnv>): Caller => ({
  deps,
  user: c.get('auth').user,
  tenant: c.get('tenant'),
  culture: requestCulture(c.req.header('accept-language'), 'en'),
  env: c.env,
  newId: recordIds(c.get('idempotency')),
  writeKey: c.get('idempotency'),
})

/** One line of a record's timeline (docs/domain.md: each change records who and when), now. */
function activityLine(
  deps: Deps,
  by: { id: string; name: string },
  action: string,
  fields?: string[],
  version?: number,
  key?: string,
): ActivityLine {
  return {
    id: crypto.randomUUID(),
    at: new Date(deps.now()).toISOString(),
    userId: by.id,
    userName: by.name,
    action,
    ...(fields?.length ? { fields } : {}),
    ...(version !== undefined ? { version } : {}),
    ...(key ? { key } : {}),
  }
}

/**
 * Whether a keyed request's change of a record landed (docs/api.md §8): its timeline line, written
 * with the change as one unit, shows at the record's version. A retry whose first run's outcome was
 * unknown (a crash, a 503) and that is now refused — the record has moved on by that very change —
 * is answered with the record as it is, not 409.
 */
export async function landed(
  deps: Deps,
  target: { empresa: number; module: string; id: string | number },
  key: string | undefined,
  version: number,
): Promise<boolean> {
  if (!key) return false
  return (await deps.repos.activity(target.empresa, target.module, target.id).all(version)).some((l) => l.key === key)
}

/** A record's timeline as answered: without the keys of the writes (bff/lib/idempotency.ts's, not the reader's). */
export const shownLines = (lines: ActivityLine[]) => lines.map(({ key: _key, ...line }) => line)

/** A line of a record's timeline that goes with no change of the record (a quote was duplicated from it). */
export function logActivity(
  deps: Deps,
  empresa: number,
  module: string,
  id: string | number,
  by: { id: string; name: string },
  action: string,
  fields?: string[],
) {
  return deps.repos.activity(empresa, module, id).add(activityLine(deps, by, action, fields))
}

/**
 * A timeline line about money an outside party told of (the card provider's payment the invoice
 * could not take, a refund of it), naming the amount and the provider's reference: once per
 * event, however often it is delivered (its id follows from the action and the event's id).
 */
export async function logMoneyOnce(
  deps: Deps,
  target: { empresa: number; module: string; id: string },
  by: { id: string; name: string },
  action: string,
  money: { amount: number; currency: string; reference: string; event: string },
) {
  const { event, ...named } = money
  const line = {
    ...activityLine(deps, by, action),
    id: uuidFromHex(await sha256Hex(`${action}\n${event}`)),
    money: named,
  }
  await deps.repos.activity(target.empresa, target.module, target.id).addOnce(line)
}

/**
 * A change of a record and its timeline line as one unit (docs/domain.md, "Every write exactly
 * once"): the line is written first, naming the version the change makes (`made`), then the
 * change; a change refused takes its line back. A crash or a lost reply between the two leaves a
 * line for a version the record never reached, which the timeline does not show (and a later
 * change at that version supersedes). No stored change is ever without its line.
 */
export async function withActivityLine<T>(
  deps: Deps,
  target: { empresa: number; module: string; id: string | number },
  line: { by: { id: string; name: string }; action: string; fields?: string[]; made: number; key?: string },
  write: () => Promise<T>,
): Promise<T> {
  const timeline = deps.repos.activity(target.empresa, target.module, target.id)
  const written = activityLine(deps, line.by, line.action, line.fields, line.made, line.key)
  await timeline.add(written)
  try {
    return await write()
  } catch (error) {
    // an unknown outcome keeps its line: the record's version decides whether it shows
    if (!(error instanceof StorageUnavailableError)) await timeline.remove(written.id).catch(() => undefined)
    throw error
  }
}
/**
 * Thrown by a change that finds nothing to change: withActivityLine takes its line back, and the
 * caller answers the record as it is (no version, no line for a delivery told twice).
 */
export class NothingToChange extends Error {
  constructor() {
    super('nothing to change')
  }
}

/**
 * A change with its timeline line (withActivityLine) on the version the caller saw (If-Match), or —
 * when they named none (`retry`) — on the version read, again on the latest when another change
 * came first: the change itself decides on what it finds (a payment above what is open is refused).
 */
export async function changeWithLine<T>(
  deps: Deps,
  target: { empresa: number; module: string; id: string | number },
  line: { by: { id: string; name: string }; action: string; fields?: string[]; key?: string },
  expected: { version: number; retry: boolean },
  write: (version: number) => Promise<T>,
  latest: () => Promise<number>,
): Promise<T> {
  for (let attempt = 1, version = expected.version; ; attempt++) {
    try {
      return await withActivityLine(deps, target, { ...line, made: version + 1 }, () => write(version))
    } catch (error) {
      if (!expected.retry || !(error instanceof ConflictError) || attempt >= 20) throw error
      version = await latest()
    }
  }
}

/**
 * Writes a change of one record with its timeline line (changeWithLine), on the version expected
 * (again on the latest when none was named). A change that finds nothing to change (it answers the
 * record itself: a payment already recorded, a delivery told again) writes nothing, no version and
 * no line, and answers the record as it is. `missing`: the error of a record that is gone.
 */
export async function changeRecord<T>(
  deps: Deps,
  target: { empresa: number; module: string; id: string },
  store: {
    update(id: string, fn: (value: T) => T, options: { expectVersion: number }): Promise<Versioned<T> | null>
    get(id: string): Promise<Versioned<T> | null>
  },
  line: { by: { id: string; name: string }; action: string },
  expected: { version: number; retry: boolean },
  change: (value: T) => T,
  missing: () => Error,
): Promise<Versioned<T>> {
  const changed = (value: T) => {
    const next = change(value)
    if (next === value) throw new NothingToChange()
    return next
  }
  try {
    return await changeWithLine(
      deps,
      target,
      line,
      expected,
      async (version) =>
        (await store.update(target.id, changed, { expectVersion: version })) ?? Promise.reject(missing()),
      async () => (await store.get(target.id))?.version ?? 0,
    )
  } catch (error) {
    if (!(error instanceof NothingToChange)) throw error
    return (await store.get(target.id)) ?? Promise.reject(missing())
  }
}

export const activitySchema = z.array(
  z.object({
    id: z.string(),
    at: z.string(),
    userId: z.string(),
    userName: z.string(),
    action: z.string(),
    fields: z.array(z.string()).optional(),
    money: z
      .object({ amount: z.number().int(), currency: z.string(), reference: z.string() })
      .optional()
      .describe('Money the line is about (cents), with the card provider’s reference'),
    version: z.number().int().optional().describe('The record’s version this change made'),
  }),
)

/** The fields whose values differ (an activity line names them, never their values). */
const changedFields = (before: object, after: object) =>
  Object.keys({ ...before, ...after }).filter(
    (k) => JSON.stringify((before as Row)[k]) !== JSON.stringify((after as Row)[k]),
  )

/** The server part as the factory works with it: any module's, its types erased. */
type AnyServer<Rec> = {
  toRow: (record: Rec, caller: Caller) => Row
  idOf: (record: Rec) => string | number
  source: ResourceSource<Rec, string | number>
  create?: {
    make: (caller: Caller, input: unknown) => Promise<Rec> | Rec
    after?: (caller: Caller, saved: Versioned<Rec>) => Promise<void>
    undo?: (caller: Caller, made: Rec) => Promise<void>
  }
  edit?: {
    apply: (caller: Caller, current: Rec, input: Row, id: string | number) => Promise<Rec> | Rec
    after?: (caller: Caller, saved: Versioned<Rec>, before: Rec) => Promise<void>
    undo?: (caller: Caller, attempted: Rec, current: Rec) => Promise<void>
  }
  deactivate?: { set: (caller: Caller, current: Rec, active: boolean, id: string | number) => Promise<Rec> | Rec }
  lifecycle?: {
    status: (record: Rec) => string
    set: (record: Rec, status: string) => Rec
    effects?: Record<string, TransitionEffect<Rec> | undefined>
  }
  level?: (caller: Caller, id?: string | number) => Promise<AccessLevel>
  owner?: (caller: Caller, id: string | number) => number
}

/**
 * The module's routes, from its declaration and its server part. `extra` adds what is the
 * module's own; its routes keep their types for the pages' typed client (the generic ones are
 * described by the module's zod schemas instead).
 */
export function resourceRoutes<const D extends ResourceModule, Rec, S extends Schema = BlankSchema>(
  deps: Deps,
  module: D,
  server: ResourceServer<D, Rec>,
  extra?: (app: Hono<AppEnv>) => Hono<AppEnv, S>,
): Hono<AppEnv, S> {
  type Id = string | number
  const def = module.api
  const srv = server as unknown as AnyServer<Rec>
  const moduleId = module.id
  if (Object.values(def.actions ?? {}).some((a) => a.to) && !srv.lifecycle)
    throw new Error(`${moduleId} declares transitions but has no lifecycle`)
  const tags = [moduleId]
  const answer = wrapper(def.row)
  const idParam = z.object({ id: def.id })
  const listQuery = listQuerySchema(
    def.list.sortable.map(String) as [string, ...string[]],
    def.list.defaultSort,
    def.list.states?.values,
    def.list.filters,
  )
  const notFoundAnswer = { 404: apiErrorSchema } as const
  const one = def.noun.toLowerCase()
  const many = def.nouns.toLowerCase()
  // a value one record holds alone, taken by another: 409 (bff/lib/unique-field.ts)
  const uniqueAnswer = def.unique?.length ? ({ 409: apiErrorSchema } as const) : {}
  const uniqueNote = def.unique?.length
    ? ` ${def.unique.join(', ')} ${def.unique.length > 1 ? 'are' : 'is'} one ${one}'s in the company: 409 when another holds it.`
    : ''
  const named = (verb: string, noun: string) => `${verb}${noun.replace(/\s+/g, '')}`
  const levelNote = (level: AccessLevel) =>
    `Needs the ${moduleId} page at ${level} or above in the company (403 below it).`
  const notFound = () => apiError(404, `${def.noun} not found`)

  const caller = (c: Context<AppEnv>) => callerOf(deps, c)
  const levelOf = async (who: Caller, id?: Id): Promise<AccessLevel> =>
    srv.level ? srv.level(who, id) : ((await levelsFor(deps, who.tenant, who.user.id, who.env))[moduleId] ?? 'none')
  const require = async (who: Caller, needed: AccessLevel, id?: Id) => {
    if (!atLeast(await levelOf(who, id), needed)) throw apiError(403, FORBIDDEN_PAGE)
  }
  const empresaOf = (who: Caller, id: Id) => (srv.owner ? srv.owner(who, id) : who.tenant.empresa)
  /** Writes a change with its timeline line (withActivityLine): `made`, the version the change makes. */
  const recorded = <T>(who: Caller, id: Id, action: string, made: number, write: () => Promise<T>, fields?: string[]) =>
    withActivityLine(
      deps,
      { empresa: empresaOf(who, id), module: moduleId, id },
      { by: who.user, action, fields, made, key: who.writeKey },
      write,
    )
  const rows = async (who: Caller, q: Omit<ListQuery, 'page' | 'size'>) => {
    const needle = searchable(q.search)
    const filter = q.filter ?? rowFilter(def.list.filters, q as Record<string, unknown>)
    // a day range reads an instant on the record's branch's calendar (its time zone, which a row may leave out)
    const all = (await srv.source.list(who)).flatMap((r) => {
      const row = srv.toRow(r, who)
      const zone = (r as { timeZone?: unknown }).timeZone
      return !filter || filter.keeps(zone === undefined ? row : { ...row, timeZone: zone }) ? [row] : []
    })
    const states = def.list.states
    const shown = all.filter(
      (r) =>
        (q.all === '1' || !def.list.active || def.list.active(r)) &&
        (!needle || searchable(def.list.search(r)).includes(needle)) &&
        (!q.state || !states || r[states.key] === q.state),
    )
    return sortBy(shown, q.sort, q.order, who.culture)
  }
  const found = async (who: Caller, id: Id) => {
    const hit = await srv.source.find(who, id)
    if (!hit) throw notFound()
    return hit
  }
  /** A change of one record: checked, written with the version the client edited, logged. */
  const change = async (
    c: Context<AppEnv>,
    who: Caller,
    id: Id,
    current: Versioned<Rec>,
    action: string,
    apply: (current: Rec) => Promise<Rec> | Rec,
    undo?: (attempted: Rec) => Promise<void>,
  ) => {
    // the version the client edited, else the one this request read: a change made meanwhile is never overwritten (412)
    const expected = ifMatchVersion(c.req.header('if-match')) ?? current.version
    // a stale edit is refused before the change is worked out: what that does (an e-mail ...) never happens for it
    if (expected !== current.version) throw new ConflictError(`${moduleId}:${id}`, expected, current.version)
    const next = await apply(current.value)
    const fields = action === 'updated' ? changedFields(current.value as object, next as object) : undefined
    const saved = await recorded(
      who,
      id,
      action,
      expected + 1,
      () =>
        srv.source
          .update(who, id, () => next, expected)
          .then((written) => written ?? Promise.reject(notFound()))
          .catch(async (error: unknown) => {
            if (!(error instanceof StorageUnavailableError)) await undo?.(next)
            throw error
          }),
      fields,
    )
    c.header('ETag', `"${saved.version}"`)
    return { saved, before: current.value }
  }

  // A module's own routes come first (they are matched in order, before `/:id`) and pick their own tenancy.
  const base = new Hono<AppEnv>().use(requireAuth(deps))
  let app = (extra ? extra(base) : base) as unknown as Hono<AppEnv>
  app = app
    .use(requireTenant(deps))
    .get(
      '/',
      doc({
        operationId: named('list', def.nouns),
        summary: `The ${many}: searched, sorted, paged`,
        description: `One page of the ${many} the caller's company and branch hold: \`search\` looks in their text without case or accents, \`sort\` and \`order\` order them, \`page\` and \`size\` page them${def.list.active ? ', `all=1` shows deactivated ones too' : ''}${def.list.states ? ', `state` narrows them to one state' : ''}. ${levelNote('view')}`,
        tags,
        responses: { 200: listAnswer(def.row) },
      }),
      valid('query', listQuery),
      async (c) => {
        const who = caller(c)
        await require(who, 'view')
        const query = c.req.valid('query')
        const q = { ...query, filter: rowFilter(def.list.filters, query as Record<string, unknown>) }
        if (srv.source.page) {
          const { items, length } = await srv.source.page(who, q)
          return c.json(ok({ items: items.map((r) => srv.toRow(r, who)), pagination: pageOf(length, q.page, q.size) }))
        }
        return c.json(ok(paginate(await rows(who, q), q.page, q.size)))
      },
    )
    .get(
      '/export.csv',
      doc({
        operationId: named('export', def.nouns),
        summary: `The ${many} as CSV`,
        description: `The same list as \`${named('list', def.nouns)}\`, every page of it, as a CSV file (UTF-8, comma-separated, a header row). ${levelNote('view')}`,
        tags,
        responses: { 200: { description: 'The CSV file', content: 'text/csv' } },
      }),
      valid('query', listQuery),
      async (c) => {
        const who = caller(c)
        await require(who, 'view')
        return csvResponse(moduleId, toCsv(await rows(who, c.req.valid('query')), def.csv))
      },
    )
  if (srv.create && def.input?.create) {
    const create = srv.create
    app = app.post(
      '/',
      doc({
        operationId: named('create', def.noun),
        summary: `Create a ${one}`,
        description: `Creates a ${one} in the caller's company and answers it with its version as ETag.${uniqueNote} ${levelNote(def.createLevel ?? 'edit')}`,
        tags,
        versioned: true,
        responses: { 200: answer, ...uniqueAnswer },
        example: def.examples?.create,
      }),
      valid('json', def.input.create),
      async (c) => {
        const who = caller(c)
        await require(who, def.createLevel ?? 'edit')
        if (!srv.source.insert) throw apiError(405, 'Not allowed')
        const made = await create.make(who, c.req.valid('json'))
        // run again after a crash lost its answer: the record it made has the same id, and is the answer
        const earlier = c.get('idempotency') ? await srv.source.find(who, srv.idOf(made)) : null
        if (earlier) {
          c.header('ETag', `"${earlier.version}"`)
          return c.json(ok(srv.toRow(earlier.value, who), `${def.noun} created`))
        }
        const insert = srv.source.insert
        const saved = await recorded(who, srv.idOf(made), 'created', 1, () =>
          insert(who, made).catch(async (error: unknown) => {
            // an unknown outcome (the storage went away) may have landed: what `make` took stays
            if (!(error instanceof StorageUnavailableError)) await create.undo?.(who, made)
            throw error
          }),
        )
        // a create that met a record there already (an invited user who has an account) changed that one
        if (srv.idOf(saved.value) !== srv.idOf(made) || saved.version !== 1)
          await logActivity(
            deps,
            empresaOf(who, srv.idOf(saved.value)),
            moduleId,
            srv.idOf(saved.value),
            who.user,
            'created',
          )
        const row = srv.toRow(saved.value, who)
        await create.after?.(who, saved)
        c.header('ETag', `"${saved.version}"`)
        return c.json(ok(row, `${def.noun} created`))
      },
    )
  }
  app = app
    .get(
      '/:id',
      doc({
        operationId: named('get', def.noun),
        summary: `One ${one}`,
        description: `The ${one} with its version as ETag, to send back as If-Match when changing it. 404 when the caller's company does not hold it. ${levelNote('view')}`,
        tags,
        versioned: true,
        responses: { 200: answer, ...notFoundAnswer },
      }),
      valid('param', idParam),
      async (c) => {
        const who = caller(c)
        const { id } = c.req.valid('param') as { id: Id }
        const hit = await found(who, id)
        await require(who, 'view', id)
        c.header('ETag', `"${hit.version}"`)
        return c.json(ok(srv.toRow(hit.value, who)))
      },
    )
    .get(
      '/:id/activity',
      doc({
        operationId: named('list', `${def.noun}Activity`),
        summary: `The ${one}'s timeline`,
        description: `Who created and changed the ${one}, when, and which fields (never their values), newest first. ${levelNote('view')}`,
        tags,
        responses: { 200: wrapper(activitySchema), ...notFoundAnswer },
      }),
      valid('param', idParam),
      async (c) => {
        const who = caller(c)
        const { id } = c.req.valid('param') as { id: Id }
        const hit = await found(who, id)
        await require(who, 'view', id)
        return c.json(ok(shownLines(await deps.repos.activity(empresaOf(who, id), moduleId, id).all(hit.version))))
      },
    )
  if (srv.edit && def.input?.edit) {
    const edit = srv.edit
    const editInput = def.input.edit
    const save = async (c: Context<AppEnv>) => {
      const who = caller(c)
      const { id } = (c.req.valid as (t: 'param') => { id: Id })('param')
      const parsed = (c.req.valid as (t: 'json') => Row)('json')
      // PATCH changes the fields sent, never resets the others to their schema's defaults
      const raw: unknown = c.req.method === 'PATCH' ? await c.req.json().catch(() => ({})) : null
      const sent =
        raw !== null && typeof raw === 'object' && !Array.isArray(raw)
          ? (raw as Row)
          : c.req.method === 'PATCH'
            ? {}
            : null
      const input = sent
        ? Object.fromEntries(Object.entries(parsed).filter(([key]) => Object.hasOwn(sent, key)))
        : parsed
      const current = await found(who, id)
      await require(who, 'edit', id)
      // PUT and PATCH differ in their schema only: PATCH's fields are all optional
      const { saved, before } = await change(
        c,
        who,
        id,
        current,
        'updated',
        (rec) => edit.apply(who, rec, input, id),
        edit.undo && ((attempted) => edit.undo!(who, attempted, current.value)),
      )
      await edit.after?.(who, saved, before)
      return c.json(ok(srv.toRow(saved.value, who), `${def.noun} saved`))
    }
    // a record with a lifecycle may be closed to changes in some statuses (a sent quote, an issued invoice): 409
    const lifecycled = Object.values(def.actions ?? {}).some((a) => a.to)
    const responses = {
      200: answer,
      ...notFoundAnswer,
      ...uniqueAnswer,
      ...(lifecycled ? { 409: apiErrorSchema } : {}),
    }
    const statusNote = lifecycled
      ? ` In a status that takes no change the answer is 409 with its code, and nothing is written.`
      : ''
    app = app
      .put(
        '/:id',
        doc({
          operationId: named('replace', def.noun),
          summary: `Change a ${one}, every field`,
          description: `Replaces the ${one}'s fields with the ones sent (a field left out takes its default). If-Match names the version edited: 412 when someone changed it since, and nothing is written.${uniqueNote}${statusNote} ${levelNote('edit')}`,
          tags,
          versioned: true,
          responses,
          example: def.examples?.replace,
        }),
        valid('param', idParam),
        valid('json', editInput),
        save,
      )
      .patch(
        '/:id',
        doc({
          operationId: named('update', def.noun),
          summary: `Change some fields of a ${one}`,
          description: `Changes the fields sent and keeps the others. If-Match names the version edited: 412 when someone changed it since, and nothing is written.${uniqueNote}${statusNote} ${levelNote('edit')}`,
          tags,
          versioned: true,
          responses,
          example: def.examples?.update,
        }),
        valid('param', idParam),
        valid('json', editInput.partial()),
        save,
      )
  }
  if (def.deactivatable && srv.deactivate) {
    const deactivate = srv.deactivate
    app = app.delete(
      '/:id',
      doc({
        operationId: named('deactivate', def.noun),
        summary: `Deactivate a ${one}, or restore it`,
        description: `Deactivates the ${one}: its data is kept and it leaves the lists (\`all=1\` shows it); \`restore=1\` activates it again. ${levelNote('delete')}`,
        tags,
        versioned: true,
        responses: { 200: answer, ...notFoundAnswer },
      }),
      valid('param', idParam),
      valid('query', restoreQuery),
      async (c) => {
        const who = caller(c)
        const { id } = c.req.valid('param') as { id: Id }
        const active = c.req.valid('query').restore === '1'
        const current = await found(who, id)
        await require(who, 'delete', id)
        const { saved } = await change(c, who, id, current, active ? 'restored' : 'deactivated', (rec) =>
          deactivate.set(who, rec, active, id),
        )
        return c.json(ok(srv.toRow(saved.value, who), `${def.noun} ${active ? 'activated' : 'deactivated'}`))
      },
    )
  }
  if (srv.lifecycle) {
    const life = srv.lifecycle
    const transitions = Object.entries(def.actions ?? {}).flatMap(([name, action]) =>
      action.to
        ? [
            {
              name,
              from: action.from,
              to: action.to,
              level: action.level,
              input: action.input,
              example: action.example,
              ...life.effects?.[name],
            },
          ]
        : [],
    )
    for (const transition of transitions) {
      const action = transition.name
      app = app.post(
        `/:id/${action}`,
        doc({
          operationId: named(action, def.noun),
          summary: `${action[0].toUpperCase()}${action.slice(1)} a ${one}: ${transition.from.join(' or ')} → ${transition.to}`,
          description: `Moves the ${one} from ${transition.from.join(' or ')} to ${transition.to}. From any other status it answers 409 with the actions allowed now, and changes nothing. ${levelNote(transition.level ?? 'edit')}`,
          tags,
          versioned: true,
          responses: { 200: answer, ...notFoundAnswer, 409: apiErrorSchema },
          example: transition.example,
        }),
        valid('param', idParam),
        // what the action takes in its body, when it takes something (an order's hold: why)
        (transition.input ? valid('json', transition.input) : passThrough) as MiddlewareHandler<AppEnv>,
        async (c) => {
          const who = caller(c)
          const { id } = c.req.valid('param') as { id: Id }
          const input = transition.input ? (c.req.valid as (t: 'json') => Row)('json') : {}
          const current = await found(who, id)
          await require(who, transition.level ?? 'edit', id)
          const made = await change(c, who, id, current, action, async (rec) => {
            const status = life.status(rec)
            if (!transition.from.includes(status)) {
              const allowed = transitions.flatMap((t) => (t.from.includes(status) ? [t.name] : []))
              throw apiError(
                409,
                `Not allowed while the ${def.noun.toLowerCase()} is ${status}${allowed.length ? `: allowed now: ${allowed.join(', ')}` : ''}`,
                undefined,
                { code: 'transition_not_allowed', allowed },
              )
            }
            return life.set(transition.effect ? await transition.effect(who, rec, input) : rec, transition.to)
          }).catch(async (error: unknown) => {
            // a retry of this very change, which landed though its first run could not say so: the record as it is
            const now = error instanceof HTTPException && error.status === 409 ? await found(who, id) : null
            if (
              now &&
              (await landed(deps, { empresa: empresaOf(who, id), module: moduleId, id }, who.writeKey, now.version))
            )
              return null
            throw error
          })
          if (!made) {
            c.header(REPLAYED_HEADER, 'true')
            return c.json(ok(srv.toRow((await found(who, id)).value, who), `${def.noun} ${transition.to}`))
          }
          const { saved } = made
          await transition
            .after?.(who, saved.value)
            .catch((error: unknown) => deps.log.error(`${moduleId} ${action}: what follows the change failed`, error))
          return c.json(ok(srv.toRow(saved.value, who), `${def.noun} ${transition.to}`))
        },
      )
    }
  }
  return app as unknown as Hono<AppEnv, S>
}
