import type { z } from 'zod'
import type { AccessLevel, PageGroup } from './access.ts'
import type { Role } from './tenancy.ts'

type Row = Record<string, unknown>
type Key<R> = keyof R & string

/**
 * A lifecycle action (docs/domain.md: a status changes only along the transitions listed):
 * `POST /:id/<name>`, allowed from the states in `from`, at `level` on the module's page (edit
 * unless said). With `to`, the resource factory moves the status; without it, the module answers
 * the action itself (a duplicate answers a new record).
 */
export type ActionDeclaration = {
  from: readonly string[]
  to?: string
  level?: AccessLevel
  /** What the action takes in its body (an order put on hold: why), and a body it accepts for the API document. */
  input?: z.ZodObject<z.ZodRawShape>
  example?: Row
}

/** A column of the CSV export: its header and its value of a row. */
export type CsvColumn<R> = readonly [header: string, value: { of(row: R): unknown }['of']]

/** What a module's API is, as every layer reads it: the pages, the API, the access table, the tests. */
export type ModuleApi<R extends Row = Row> = {
  /** The record's name in answers: 'Branch' → 'Branch not found', 'Branch saved'. */
  noun: string
  /** Its plural, for the API's operation names (listClients, exportBranches). */
  nouns: string
  /** Fields whose value one record of the company holds alone (a second answers 409 with the field's code). */
  unique?: readonly string[]
  /** The answer's shape of one record (documented; the pages parse answers with it). */
  row: z.ZodType<R>
  /** The path id. */
  id: z.ZodType<string | number>
  /** The row field that is its id, and the one that names it in titles and confirmations. */
  idKey: Key<R>
  nameKey: Key<R>
  /** The input schemas of create and of a full edit (a partial edit takes the edit schema's fields, each optional). */
  input?: { create?: z.ZodType<Row>; edit?: z.ZodObject<z.ZodRawShape> }
  /**
   * Bodies the API accepts, shown in the API document and sent by its contract test (docs/api.md):
   * a create, a full change and a change of some fields. Required with `input`.
   */
  examples?: { create?: Row; replace: Row; update: Row }
  /** What creating takes (edit unless said; a company's creator becomes its admin, so that takes delete). */
  createLevel?: 'edit' | 'delete'
  list: {
    /** The fields a list may be sorted by: the API's and the list screen's. */
    sortable: readonly [Key<R>, ...Array<Key<R>>]
    defaultSort: Key<R>
    // methods, not arrow types: a list of every module holds each with its own row
    /** The text a search looks in (compared without case and accents). */
    search(row: NoInfer<R>): string
    /** Deactivated records show only on request (`all=1`). */
    active?(row: NoInfer<R>): boolean
    /** The row field holding the record's state as the user sees it, and the states a list may be narrowed to (`state=sent`). */
    states?: { key: Key<R>; values: readonly [string, ...string[]] }
    /**
     * Filters by a linked record (`clientId=`) and by a day range (`dueDateFrom=`, `dueDateTo=`):
     * related lists, home cards and pickers narrow a list with them (domain/list-filters.ts).
     */
    filters?: { links?: readonly Key<R>[]; ranges?: readonly Key<R>[] }
  }
  /** The CSV export's columns. */
  csv: Array<CsvColumn<NoInfer<R>>>
  /** `DELETE /:id` deactivates and `?restore=1` activates again (the pages offer it only then). */
  deactivatable: boolean
  /** Whether each change is kept on the record's timeline (`GET /:id/activity`). */
  activity?: boolean
  actions?: Record<string, ActionDeclaration>
  /**
   * Its records in the header search: the group they come under, their order, and a result's line
   * and second line. The module's own list answers (its search text, its scope, its access), so
   * what the list would not show is not found.
   */
  headerSearch?: {
    group: string
    sort: Key<R>
    order?: 'asc' | 'desc'
    value(row: NoInfer<R>): string
    detail(row: NoInfer<R>): string
  }
}

/**
 * One module, declared once (docs/domain.md): its page of the registry, each role's preset level
 * on it, and its API. Data and zod only, importable by every layer; what only the server does
 * (where records live, what a change does) is attached in `bff/routes/<module>.ts`, what only the
 * pages show (columns, fields, facts) in `app/features/<module>/`.
 */
export type ModuleDeclaration<R extends Row = Row> = {
  /** The page id: its route (`/view/<id>`), its API (`/api/<id>`) and its access. */
  id: string
  page: { titles: { en: string; es: string; pt: string }; icon: string; group: PageGroup; order: number }
  /** Each role's preset level on the page (docs/domain.md ac_usuarios); a role not named has none. */
  roles: Partial<Record<Role, AccessLevel>>
  /** The API the resource factory makes; absent while the module has no screens (its page shows its title) or when `own` says why. */
  api?: ModuleApi<R>
  /** Screens and API routes written for it alone, not the factory's (a user's page matrix). */
  own?: string
}

/** A module with its API, as the factory and the kit take it. */
export type ResourceModule<R extends Row = Row> = ModuleDeclaration<R> & { api: ModuleApi<R> }

/** Declares a module, keeping its literal types (the sortable fields, the actions) for the layers that check against them. */
export const declareModule = <R extends Row, const D extends ModuleDeclaration<R>>(
  declaration: D & ModuleDeclaration<R>,
): D => declaration

/** The fields a module's list may be sorted by, as a type. */
export type SortOf<D> = D extends { api: { list: { sortable: readonly (infer S)[] } } } ? S : never
/** The states a module's list may be narrowed to, as a type. */
export type StateOf<D> = D extends { api: { list: { states: { values: readonly (infer S)[] } } } } ? S : never
/** The actions a module declares, as a type. */
export type ActionOf<D> = D extends { api: { actions: infer A } } ? Key<A> : never
