import type { ComponentType } from 'react'
import type { z } from 'zod'
import type { Locale, Translator } from '../lib/i18n'
import { atLeast, type AccessLevel } from '../../domain/access.ts'
import type { ActionOf, ResourceModule, SortOf, StateOf } from '../../domain/module.ts'

/** A message of the user's language, by its key. */
export type TextKey = keyof Translator

/** Named option lists a module's screens need from the BFF (its branches ...), value → label. */
export type Lookups = Record<string, Array<[string, string]>>

/** How a list column shows its value: as it is, a status badge, yes / no, or a label from a map or a lookup. */
export type Column = {
  key: string
  label: TextKey
  sortable?: boolean
  /** 'money': integer cents in the row's `currency`; 'date': a day (or a moment's day); both in the user's culture. */
  show?: 'active' | 'yesno' | 'money' | 'date'
  /** The value's label: a message per value ... */
  labels?: Record<string, TextKey>
  /** ... or the option of a lookup (with `all` for the value 'all'). */
  lookup?: string
  all?: TextKey
}

/** A form field; its options are value → message key, plain text, or the options of a lookup. */
export type Field = {
  name: string
  label: TextKey
  /** 'money': integer cents shown and typed as an amount; 'rows': a list of records (contacts ...) made of `of`. */
  type:
    | 'text'
    | 'email'
    | 'tel'
    | 'password'
    | 'number'
    | 'select'
    | 'checkbox'
    | 'choices'
    | 'timezone'
    | 'textarea'
    | 'money'
    | 'rows'
    | 'date'
    | 'picker'
  /** A sentence under the label (how the field is filled). */
  hint?: TextKey
  /** For a select: the label of the record's own value when the options lack it (a client's name ...). */
  currentLabel?: (values: Record<string, unknown>) => string | undefined
  /** For 'rows': the fields of one row, named inside the row. ('choices': a checkbox per option, the checked ones a list.) */
  of?: Field[]
  options?: Array<[value: string, label: TextKey | { text: string }]>
  lookup?: string
  /**
   * For a 'picker': which of the module's pickers searches its choices as the user types. For
   * 'choices': the picker whose records are the boxes (with `within`).
   */
  picker?: string
  /**
   * The choices are those of the record chosen in another field (`field`), asked of the picker's
   * list as `param` (an invoice's orders to bill: the picked client's); none until it is chosen.
   * A 'picker' (a row's too: a plan's machines, the plan's client's) searches within it the same way.
   */
  within?: { field: string; param: string }
  /**
   * A text field whose suggestions follow the choice of a picker field (`field`): the picked
   * option's list `key` (a client's addresses); the first fills the field when it is empty.
   */
  follows?: { field: string; key: string }
  /**
   * A picker of a 'rows' field's row: the option the user picks fills these fields of its row with
   * the first of its lists (field → `follow` key: a service's description, price and tax), replacing
   * what they held; a money field takes cents.
   */
  fills?: Record<string, string>
  /** With `fills`: these fields of the row take these values when they are empty (a line's quantity 1). */
  fillsEmpty?: Record<string, string>
  /** For a text field: a lookup whose values it suggests as it is typed (the company's own kinds of machine). */
  suggest?: string
  /** A first option for the value 'all' (all branches ...). */
  all?: TextKey
  /** A first option for no value ('' — a free-text line instead of a job ...). */
  empty?: TextKey
  /** Only when creating (e-mail, initial password); shown read-only when editing. */
  createOnly?: boolean
  /** Only when creating; not shown when editing (the initial password). */
  newOnly?: boolean
  /** Only when editing; not shown on a new record's form (a person's working hours, set once they are in the company). */
  editOnly?: boolean
  required?: boolean
  wide?: boolean
  /** For a checkbox: the values of checked and unchecked. */
  values?: [string, string]
  /** For the rows of a priced document's lines: their totals under them as they are typed (app/kit/live-totals.tsx). */
  totals?: true
}

/**
 * A lifecycle action of a record's page (docs/domain.md transitions: `POST /:id/<name>`), offered in
 * the states its declaration leaves from (`when`). `to: 'new'`: the answer is another record (a
 * duplicate), opened next.
 */
export type RecordAction = {
  name: string
  label: TextKey
  when: readonly string[]
  /** What it says once done; from the answer where that depends on how it went (a send that e-mailed or not). */
  done: DoneKey | ((answer: Record<string, unknown>) => DoneKey)
  variant?: 'primary' | 'secondary' | 'danger-outline'
  to?: 'new'
  /** What the action asks first (an order's hold: why), sent as its body's field `name`. */
  choice?: { name: string; label: TextKey; options: ReadonlyArray<readonly [string, TextKey]> }
  /** A text it asks first (an invoice's void: the reason), sent as its body's field `name`. */
  text?: { name: string; label: TextKey }
  /** Whether the record's values allow it besides its state (an invoice is voided only while nothing is paid). */
  offered?: (values: Record<string, unknown>) => boolean
  /** Where the answer leads, when not back to the record (an order's invoice: the invoice made). */
  opens?: (answer: Record<string, unknown>) => string
  /**
   * The answer is a link to pass on (an invitation's `url`): the record's page shows it under this
   * label in a read-only field with Copy, and `done` above it, instead of going back to the record.
   */
  shows?: TextKey
  /** The action only reads (`GET /:id/<name>`: a sent quote's client link), shown as `shows` says. */
  read?: true
}

/** What a new record's form may start from: the signed-in frame's current branch and company language. */
export type CreateFrame = { branch: number | null; culture: Locale }

/**
 * A form of a record's own panel (an invoice's payment): its fields checked by the API's schema
 * first, then `POST /<module>/<id>/<path>`; done, back to the record with `done` said.
 */
export type RecordSubForm = {
  schema: z.ZodType<Record<string, unknown>>
  path: (fields: Record<string, string>) => string
  /** The form's fields that name what it acts on (a payment's id): they make the path, never the body. */
  pathFields?: readonly string[]
  done: DoneKey
}

/** A link of a record's page; one to another module's page (`page`) shows only to who may read it. */
export type RecordLink = { href: string; label: TextKey; page?: string }

/** What a record's panel gets: the record, its version and the form state of its last post. */
export type PanelProps = {
  values: Record<string, unknown>
  version: string | null
  level: AccessLevel
  state: { errors?: Record<string, string>; values?: Record<string, string>; form?: string } | undefined
  /** The module's lookups (the accounts a payment may land in ...). */
  lookups: Lookups
}

/** What an action says once done: a message named done_… (the toaster shows any of them as a success). */
export type DoneKey = Extract<TextKey, `done_${string}`>

/** Amounts and dates a fact shows, in the user's culture. */
export type FactFormat = {
  money: (cents: number) => string
  date: (isoDate: string) => string
  label: (key: TextKey) => string
}

/** One page of a module's list, as its API answers it. */
export type ListAnswer = { items: Array<Record<string, unknown>>; pagination: { length: number } }

/** A line of a home card: what it names, a second line, an amount or date at the end (it links to the record). */
export type CardItem = { label: string; detail: string; aside?: string }

/**
 * A card of the signed-in home (a home that shows the day): the first rows of one list of the
 * module's API, with how many there are and a link to the module's list filtered the same way.
 * Shown to whoever may read that list, whatever their role.
 */
export type HomeCard = {
  id: string
  title: TextKey
  /** The list's filter and order (`state=sent&sort=validUntil&order=asc`), the API's and the list screen's (made from the declared one). */
  query: string
  /** Said when there are none. */
  empty: TextKey
  /** The fields of a row the card shows, checked (the rest of the row is not parsed). */
  row: z.ZodType<Record<string, unknown>>
  item: (row: Record<string, unknown>, format: FactFormat) => CardItem
  /** Shown only to who may open this page at this level besides the list (completed orders: to who bills them). */
  needs?: { page: string; level: AccessLevel }
}

/**
 * The module's step in a new company's setup checklist: done once its list holds what it asks
 * (`query` default: one row of all records). Offered to whoever may create the module's records.
 */
/**
 * A step of a new company's setup checklist: done when the module's list (`query`) says so; a step
 * about the company itself (its details) is told which company the home works in.
 */
export type SetupStep = {
  label: TextKey
  href: string | ((empresa: number) => string)
  query?: string
  done: (list: ListAnswer, empresa: number) => boolean
}

type Fetch = <T>(path: string, schema: z.ZodType<T>) => Promise<T>

/** One choice of a picker: the value stored, the label shown, and the lists fields that follow it take. */
export type PickOption = { value: string; label: string; follow?: Record<string, string[]> }

/**
 * Records of another module a form field picks, searched as the user types (the resource route
 * /resources/pick/<module>/<picker>, answered from that module's API, so its access holds): the
 * list path for what is typed, the path of one record (the form's current choice, for what
 * follows it), the row those answer and what a row offers.
 */
export type Picker = {
  /** The list path for what is typed, narrowed by the values of `narrow` (another field's choice). */
  search: (text: string, narrow?: Record<string, string>) => string
  /** The list filters a form may narrow it by (Field.within); it offers nothing without them. */
  narrow?: readonly string[]
  one: (id: string) => string
  row: z.ZodType<Record<string, unknown>>
  option: (row: Record<string, unknown>) => PickOption
}

/**
 * One module as the kit draws it (list, record form), made by `defineFeature` from the module's
 * declaration (domain/modules/) and what its pages add (app/features/<module>/). Nothing in the
 * kit names a module.
 */
export type FeatureModule = {
  /** The page (its route /view/<module>, its access). */
  module: string
  /** The BFF path of its API (/api/<path>). */
  api: string
  /** The answer's row (the same schema the BFF documents). */
  row: z.ZodType<Record<string, unknown>>
  idKey: string
  /** The title of the form of a new record ("New client"); "New record" without it. */
  newTitle?: TextKey
  /** The record's name in titles and confirmations. */
  nameKey: string
  columns: Column[]
  defaultSort: string
  fields: Field[]
  /** The input schemas the API validates, used by the form's action first (same words, no round trip). */
  input?: { create?: z.ZodType<Record<string, unknown>>; edit: z.ZodType<Record<string, unknown>> }
  /** The level creating takes, as the BFF declares it (edit unless said). */
  createLevel?: 'edit' | 'delete'
  /** Where a row's link goes (default: the record form). */
  rowLink?: (id: string) => string
  /** Its form's pickers (a quote's client), by name (Field.picker). */
  pickers?: Record<string, Picker>
  /** Option lists from the BFF, loaded with the list and the form. */
  lookups?: (get: Fetch) => Promise<Lookups>
  /** Whether a record's page shows its timeline (the resource factory's `/:id/activity`). */
  activity?: boolean
  /** The fields the API sorts by (a column among them can be sorted; a card or link may ask for the others). */
  sortable: readonly string[]
  /** Whether its records can be deactivated (the record's page offers it only then). */
  deactivatable: boolean
  /**
   * The words of deactivating when the module has its own (a machine is retired and returned to
   * service): the buttons, the question (with `{name}`) and what is said once done.
   */
  deactivation?: {
    deactivate: TextKey
    activate: TextKey
    confirm: TextKey
    deactivated: DoneKey
    activated: DoneKey
  }
  /** The values a new record's form starts with (the current branch, the company's language), unless typed. */
  createDefaults?: (frame: CreateFrame) => Record<string, unknown>
  /** After a create, the new record's page opens saying this (what follows happens there: an invitation's link), instead of the list. */
  afterCreate?: DoneKey
  /** Saved (made or changed), the record's page opens again, not the list: a document is sent or issued from there. */
  staysOnSave?: true
  /**
   * A document (a quote, an order, an invoice): once it may not be edited it opens as one, titled so
   * ("Quote {number}"), its fields read as text and its lines as a table (app/kit/record-document.tsx).
   */
  documentTitle?: Extract<TextKey, `doc_${string}`>
  /**
   * A document that may still be changed but opens as one in these states (an order under way: its
   * work is the visits'), with an Edit link to its form (`?edit=1`).
   */
  readsAsDocument?: (values: Record<string, unknown>) => boolean
  /** The row field holding the record's state (its actions and badge follow it). */
  stateKey?: string
  /** Labels of the states, for the badge. */
  states?: Record<string, TextKey>
  actions?: RecordAction[]
  /** Whether a record may still be edited in its state (default: always). */
  editable?: (values: Record<string, unknown>) => boolean
  /** Read-only facts shown beside the form (number, totals, the client's answer ...). */
  facts?: (
    values: Record<string, unknown>,
    format: FactFormat,
  ) => Array<{ label: TextKey; value: string; strong?: boolean }>
  /**
   * Records of other modules that point at this one (a client's quotes ...): each a small table
   * on the record's page, loaded from `path`; not shown to a user who may not read them.
   */
  related?: Array<{
    title: TextKey
    path: (id: string) => string
    row: z.ZodType<Record<string, unknown>>
    /** Where a row's first cell leads; null: nowhere (a stock move that no order made). */
    href: (row: Record<string, unknown>) => string | null
    columns: Column[]
    /** Its own view of the rows instead of the table (an order's visits with their work). */
    view?: ComponentType<{ rows: Array<Record<string, unknown>> }>
    /** Left out when there is no row (an order's deposit: most orders have none). */
    hideEmpty?: boolean
  }>
  /**
   * Whom deactivating a record leaves without what it gives them (a branch: the people whose only
   * branch it is): their names come with the confirmation, under `text`, and it asks again.
   */
  deactivateWarning?: { path: (id: string) => string; text: TextKey }
  /** A panel of its own under the facts (an invoice's payments), and the forms it posts (by `intent=form:<name>`). */
  panel?: ComponentType<PanelProps>
  /** The panel goes under the record's form instead (a machine's photos: the form first on a phone). */
  panelAfterForm?: boolean
  /** A panel of its own under the list (the products' price list import), given the user's level on the page. */
  listPanel?: ComponentType<{ level: AccessLevel }>
  forms?: Record<string, RecordSubForm>
  /** Links shown on a record's page (its page access ...). */
  recordLinks?: (values: Record<string, unknown>) => Array<RecordLink>
  /** Its cards on the signed-in home. */
  homeCards?: HomeCard[]
  /** Its step of the setup checklist a new company's home shows. */
  setupStep?: SetupStep
}

/** Whether a user at `level` may create records of the module (its New button and empty form). */
export const mayCreate = (def: FeatureModule, level: AccessLevel) =>
  Boolean(def.input?.create) && atLeast(level, def.createLevel ?? 'edit')

/** The page of one of the module's records (its list's links, a home card's lines). */
export const recordHref = (def: FeatureModule, id: string) =>
  def.rowLink ? def.rowLink(id) : `/view/${def.module}/${encodeURIComponent(id)}`

type RowKey<D> = D extends { api: { row: z.ZodType<infer R> } } ? keyof R & string : never

/** A home card as a module's pages declare it: its filter and order are the declaration's states and sortable fields. */
export type HomeCardOf<D> = Omit<HomeCard, 'query'> & {
  query: { state?: StateOf<D>; sort: SortOf<D>; order?: 'asc' | 'desc' }
}

/**
 * What a module's pages add to its declaration: how its list, form and record look. Keys, states,
 * sort fields and actions are checked against the declaration (a card sorting by a field the API
 * does not sort by, or an action it does not declare, does not compile).
 */
export type FeaturePage<D extends ResourceModule> = Omit<
  FeatureModule,
  | 'module'
  | 'api'
  | 'row'
  | 'idKey'
  | 'nameKey'
  | 'defaultSort'
  | 'input'
  | 'createLevel'
  | 'activity'
  | 'stateKey'
  | 'sortable'
  | 'deactivatable'
  | 'columns'
  | 'states'
  | 'actions'
  | 'homeCards'
> & {
  /** The page, when it is not the declared module's own (the user pages list the users). */
  module?: string
  /** False: the page creates nothing, whatever the API offers. */
  creates?: false
  columns: Array<Omit<Column, 'sortable'> & { key: RowKey<D> }>
  states?: Record<StateOf<D> & string, TextKey>
  /** Its declared transitions as the page offers them, and reads (`read: true`) in the states it names. */
  actions?: Array<
    (Omit<RecordAction, 'when' | 'name' | 'read'> & { name: ActionOf<D> }) | (RecordAction & { read: true })
  >
  homeCards?: Array<HomeCardOf<D>>
}

/** A module's screens: its declaration (the API, its fields and rules) with what its pages add. */
export function defineFeature<const D extends ResourceModule>(declaration: D, page: FeaturePage<D>): FeatureModule {
  const api = declaration.api
  const declared = (api.actions ?? {}) as Record<string, { from: readonly string[] }>
  const { columns, actions, homeCards, creates, module, ...rest } = page
  return {
    ...rest,
    module: module ?? declaration.id,
    api: `/${declaration.id}`,
    row: api.row,
    idKey: api.idKey,
    nameKey: api.nameKey,
    defaultSort: api.list.defaultSort,
    sortable: api.list.sortable,
    input:
      creates === false ? undefined : api.input?.edit ? { create: api.input.create, edit: api.input.edit } : undefined,
    createLevel: api.createLevel,
    activity: api.activity,
    stateKey: api.list.states?.key,
    deactivatable: api.deactivatable,
    columns: columns.map((column) => ({ ...column, sortable: api.list.sortable.includes(column.key) })),
    actions: actions?.map((action) => ('read' in action ? action : { ...action, when: declared[action.name].from })),
    homeCards: homeCards?.map((card) => ({
      ...card,
      query: new URLSearchParams(
        Object.entries(card.query).flatMap(([key, value]) => (typeof value === 'string' ? [[key, value]] : [])),
      ).toString(),
    })),
  }
}

/** The row a module's API answers, as a type. */
type RowOf<D> = D extends { api: { row: z.ZodType<infer R> } } ? R : never

/** How many choices a picker offers at once (the first ones, in its order, for what is typed). */
export const PICK_SIZE = 20

/**
 * A picker of another module's records, made from its declaration: searched and sorted by its
 * list API (`sort` one of its sortable fields), one record by its id; `option` what a row offers;
 * `filter` what its list is always and may be narrowed by.
 */
export function pickerOf<const D extends ResourceModule>(
  of: D,
  sort: SortOf<D>,
  option: (row: RowOf<D>) => PickOption,
  /** Filters of its list always applied (`state`), and those a form narrows it by (Field.within). */
  filter: { fixed?: Record<string, string>; narrow?: readonly string[] } = {},
): Picker {
  const base = `/${of.id}`
  return {
    search: (text, narrow = {}) =>
      `${base}?${new URLSearchParams({ size: String(PICK_SIZE), sort: String(sort), ...filter.fixed, ...narrow, ...(text ? { search: text } : {}) })}`,
    narrow: filter.narrow,
    one: (id) => `${base}/${encodeURIComponent(id)}`,
    row: of.api.row,
    option: (row) => option(row as RowOf<D>),
  }
}
