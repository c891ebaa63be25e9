import type { z } from 'zod'
import type { Translator } from '../lib/i18n'
import { atLeast, type AccessLevel } from '../../domain/access.ts'

/** A message of the user's language, by its key. */
export type TextKey = keyof Translator

/** Named option lists a module's screens need from the BFF (its branches ...), value → label. */
export type Lookups = Record<string, Array<[string, string]>>

/** How a list column shows its value: as it is, a status badge, yes / no, or a label from a map or a lookup. */
export type Column = {
  key: string
  label: TextKey
  sortable?: boolean
  /** 'money': integer cents in the row's `currency`, in the user's culture. */
  show?: 'active' | 'yesno' | 'money'
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
  type: 'text' | 'email' | 'tel' | 'password' | 'number' | 'select' | 'checkbox' | 'timezone' | 'textarea' | 'money' | 'rows'
  /** For 'rows': the fields of one row, named inside the row. */
  of?: Field[]
  options?: Array<[value: string, label: TextKey | { text: string }]>
  lookup?: string
  /** A first option for the value 'all' (all branches ...). */
  all?: TextKey
  /** Only when creating (e-mail, initial password); shown read-only when editing. */
  createOnly?: boolean
  /** Only when creating; not shown when editing (the initial password). */
  newOnly?: boolean
  required?: boolean
  wide?: boolean
  /** For a checkbox: the values of checked and unchecked. */
  values?: [string, string]
}

type Fetch = <T>(path: string, schema: z.ZodType<T>) => Promise<T>

/**
 * One module as the kit draws it (list, record form): declared in its folder under
 * app/features/, rendered by thin route files. Nothing in the kit names a module.
 */
export type FeatureModule = {
  module: string
  /** The BFF path of its API (/api/<path>). */
  api: string
  /** The answer's row (the same schema the BFF documents). */
  row: z.ZodType<Record<string, unknown>>
  idKey: string
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
  /** Option lists from the BFF, loaded with the list and the form. */
  lookups?: (get: Fetch) => Promise<Lookups>
  /** Whether a record's page shows its timeline (the resource factory's `/:id/activity`). */
  activity?: boolean
  /** Links shown on a record's page (its page access ...). */
  recordLinks?: (values: Record<string, unknown>) => Array<{ href: string; label: TextKey }>
}

/** Whether a user at `level` may create records of the module (its New button and empty form). */
export const mayCreate = (def: FeatureModule, level: AccessLevel) => Boolean(def.input?.create) && atLeast(level, def.createLevel ?? 'edit')
