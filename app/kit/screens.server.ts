import { data, redirect, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { arrayOf, wrapper } from '../../domain/schemas/common.ts'
import { listAnswer } from '../../domain/schemas/resource.ts'
import { callBff } from '../lib/api.server'
import { readAnswer } from '../lib/answer.server'
import { requestLocale } from '../lib/cookies.server'
import { formFields } from '../lib/forms'
import { fromTypedText } from './typed-text.server'
import { codeText, fieldErrors, refusalErrors } from '../lib/form-errors.server'
import { translator } from '../lib/i18n'
import { pageInfo } from '../lib/page-info.server'
import { requireUser } from '../lib/session.server'
import { listParams } from './data-table'
import { flatRows, rowsFromForm } from './form-rows'
import { mayCreate, type DoneKey, type FeatureModule, type Lookups, type TextKey } from './module'
import { submittedForm } from '../lib/forms.server'
import { myPageAnswer } from '../../domain/schemas/admin.ts'

type Args = { request: Request; context: Readonly<RouterContextProvider> }

/** What the list's address asks for; `state`: only the records in one state ('' all), for a module with states. */
export type ListQuery = {
  search: string
  sort: string
  order: 'asc' | 'desc'
  page: number
  all: boolean
  state: string
}
export type FormState =
  | {
      errors?: Record<string, string>
      stale?: boolean
      values?: Record<string, string>
      form?: string
      /** An action's link to pass on (RecordAction.shows), with what it says. */
      link?: { label: TextKey; url: string; done: DoneKey }
    }
  | undefined

/** The module's option lists; one the user may not read is simply empty (its values show as they are). */
export async function loadLookups(args: Args, def: FeatureModule): Promise<Lookups> {
  if (!def.lookups) return {}
  return def.lookups(async (path, schema) => (await readAnswer(args, path, schema)).data).catch(() => ({}))
}

/** The list screen's data: the page's title and level, one page of rows as the URL asks, the lookups. */
export async function loadList(args: Args, def: FeatureModule) {
  const page = await pageInfo(args.request, args.context, def.module)
  const url = new URL(args.request.url)
  // the fields the API sorts by: a column's, a home card's 'See all', a shared link
  const sortable = def.sortable
  const sort = url.searchParams.get('sort') ?? ''
  const state = url.searchParams.get('state') ?? ''
  const query: ListQuery = {
    search: (url.searchParams.get('search') ?? '').slice(0, 200),
    sort: sortable.includes(sort) ? sort : def.defaultSort,
    order: url.searchParams.get('order') === 'desc' ? 'desc' : 'asc',
    page: Math.max(1, Math.min(1_000_000, Number(url.searchParams.get('page')) || 1)),
    all: url.searchParams.get('all') === '1',
    state: def.states && Object.hasOwn(def.states, state) ? state : '',
  }
  const apiQuery = listParams(query)
  apiQuery.set('size', '20')
  // option lists only where a column shows one (the quotes list shows no client or job picker)
  const [list, lookups] = await Promise.all([
    readAnswer(args, `${def.api}?${apiQuery}`, listAnswer(def.row).shape.Dados),
    def.columns.some((c) => c.lookup) ? loadLookups(args, def) : {},
  ])
  // the page carries to the browser only what its table shows (a quote's lines and addresses stay behind)
  const shown = new Set([def.idKey, def.nameKey, 'currency', ...def.columns.map((c) => c.key)])
  const items = list.data.items.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => shown.has(key))))
  return { page, query, list: { ...list.data, items }, lookups }
}

/** The answer of an action that shows a link to pass on (RecordAction.shows). */
const linkAnswer = z.looseObject({ url: z.string().nullable() })

const soleUsersSchema = z.array(z.object({ name: z.string(), email: z.string() }))
export const activitySchema = z.array(
  z.object({
    id: z.string(),
    at: z.string(),
    userName: z.string(),
    action: z.string(),
    fields: z.array(z.string()).optional(),
  }),
)

const recordPath = (def: FeatureModule, id: string) => `${def.api}/${encodeURIComponent(id)}`

/** One record's form data (id "new": an empty form, when the user may create). */
export async function loadRecord(args: Args & { params: { id: string } }, def: FeatureModule) {
  const page = await pageInfo(args.request, args.context, def.module)
  const isNew = args.params.id === 'new'
  if (isNew && !mayCreate(def, page.level)) throw data(null, { status: 403 })
  const [record, lookups, activity, related] = await Promise.all([
    isNew ? null : readAnswer(args, recordPath(def, args.params.id), def.row),
    loadLookups(args, def),
    isNew || !def.activity
      ? null
      : readAnswer(args, `${recordPath(def, args.params.id)}/activity`, activitySchema).catch(() => null),
    // each list of related records, or null where the user may not read it
    Promise.all(
      (isNew ? [] : (def.related ?? [])).map((r) =>
        readAnswer(args, r.path(args.params.id), arrayOf(r.row)).then(
          (a) => a.data,
          () => null,
        ),
      ),
    ),
  ])
  // the record's links to other modules' pages, each only for who may read that page
  const links = isNew ? [] : (def.recordLinks?.(record?.data ?? {}) ?? [])
  const readable = new Map(
    await Promise.all(
      [...new Set(links.flatMap((l) => (l.page ? [l.page] : [])))].map(
        async (module) =>
          [
            module,
            await readAnswer(args, `/ac_paginas/mine?module=${encodeURIComponent(module)}`, myPageAnswer).then(
              (a) => a.data.level !== 'none',
              () => false,
            ),
          ] as const,
      ),
    ),
  )
  const confirming = def.deactivatable && new URL(args.request.url).searchParams.get('confirm') === 'deactivate'
  // who would be left without: asked for only while confirming a deactivation
  const warning =
    confirming && def.deactivateWarning
      ? (await readAnswer(args, def.deactivateWarning.path(args.params.id), soleUsersSchema)).data
      : []
  return {
    page,
    isNew,
    values: record?.data ?? {},
    version: record?.version ?? null,
    confirming,
    warning,
    lookups,
    activity: activity?.data ?? null,
    related,
    links: links.filter((l) => !l.page || readable.get(l.page)),
  }
}

type PageArgs = Args & { params: { id?: string } }

/** A module's page (/view/<module>[/<id>], app/features/<module>/page.tsx): its list, or one record. */
export async function loadPage(args: PageArgs, def: FeatureModule) {
  const { id } = args.params
  return id === undefined
    ? { kind: 'list' as const, ...(await loadList(args, def)) }
    : { kind: 'record' as const, ...(await loadRecord({ ...args, params: { id } }, def)) }
}

/** A post to a module's page: to one of its records (a list takes none). */
export function savePage(args: PageArgs, def: FeatureModule) {
  const { id } = args.params
  if (id === undefined) throw data(null, { status: 405 })
  return saveRecord({ ...args, params: { id } }, def)
}

/** The form's own fields, never sent to the API as input. */
const SKIP = new Set(['intent', 'version', 'csrf'])

/** Save, deactivate or activate one record; field errors come back next to their fields, a stale save as such. */
export async function saveRecord(args: Args & { params: { id: string } }, def: FeatureModule) {
  const { request, context, params } = args
  const locale = requestLocale(request)
  const t = translator(locale)
  const fields = formFields(await submittedForm(request, context))
  const headers = fields.version ? { 'If-Match': fields.version } : undefined
  const back = `/view/${def.module}`
  // the write itself checks the session: one that ended is sent to sign in (no session call before it)
  const refused = async (res: Response) => {
    if (res.status === 401) await requireUser(request, context)
    return data<FormState>(
      res.status === 412
        ? { stale: true, values: fields }
        : { values: fields, errors: refusalErrors(res.status, await res.json().catch(() => null), t) },
      res.status === 412 ? 412 : 400,
    )
  }

  if (fields.intent?.startsWith('action:')) {
    const action = def.actions?.find((a) => a.name === fields.intent.slice('action:'.length))
    if (!action) throw data(null, { status: 400 })
    const body = {
      ...(action.choice ? { [action.choice.name]: fields[action.choice.name] ?? '' } : {}),
      ...(action.text ? { [action.text.name]: fields[action.text.name] ?? '' } : {}),
    }
    const res = await callBff(
      request,
      context,
      `${recordPath(def, params.id)}/${action.name}`,
      action.read ? {} : { method: 'POST', headers, ...(action.choice || action.text ? { json: body } : {}) },
    )
    if (!res.ok) return refused(res)
    if (action.shows) {
      const answer = wrapper(linkAnswer).parse(await res.json()).Dados
      const done = typeof action.done === 'function' ? action.done(answer) : action.done
      // no link to show (one that goes by e-mail only): back to the record, saying so
      if (answer.url === null) throw redirect(`${back}/${encodeURIComponent(params.id)}?toast=${done}`)
      return data<FormState>({ link: { label: action.shows, url: answer.url, done } })
    }
    const answer = wrapper(def.row).parse(await res.json()).Dados
    const next = action.to === 'new' ? String(answer[def.idKey]) : params.id
    const done = typeof action.done === 'function' ? action.done(answer) : action.done
    throw redirect(`${action.opens ? action.opens(answer) : `${back}/${encodeURIComponent(next)}`}?toast=${done}`)
  }
  if (fields.intent?.startsWith('form:')) {
    const name = fields.intent.slice('form:'.length)
    const form = def.forms && Object.hasOwn(def.forms, name) ? def.forms[name] : null
    if (!form) throw data(null, { status: 400 })
    // amounts as typed become cents (docs/api.md §5); the API's own schema speaks first
    const typed = fromTypedText(
      form.schema,
      Object.fromEntries(Object.entries(fields).filter(([k]) => !SKIP.has(k) && !form.pathFields?.includes(k))),
      locale,
    )
    const parsed = form.schema.safeParse(typed.value)
    const textErrors = Object.fromEntries(
      Object.entries(typed.errors).map(([field, code]) => [field, codeText(code, t) ?? t.invalid_value()]),
    )
    if (!parsed.success || Object.keys(textErrors).length)
      return data<FormState>(
        {
          form: name,
          values: fields,
          errors: { ...(parsed.success ? {} : fieldErrors(parsed.error, t)), ...textErrors },
        },
        400,
      )
    const res = await callBff(request, context, `${recordPath(def, params.id)}/${form.path(fields)}`, {
      method: 'POST',
      json: parsed.data,
    })
    if (!res.ok) {
      const refusal = await refused(res)
      return data<FormState>({ ...refusal.data, form: name }, refusal.init?.status ?? 400)
    }
    throw redirect(`${back}/${encodeURIComponent(params.id)}?toast=${form.done}`)
  }
  if (fields.intent === 'deactivate' || fields.intent === 'activate') {
    if (!def.deactivatable) throw data(null, { status: 400 })
    const res = await callBff(
      request,
      context,
      `${recordPath(def, params.id)}${fields.intent === 'activate' ? '?restore=1' : ''}`,
      { method: 'DELETE', headers },
    )
    if (!res.ok) return refused(res)
    const words = def.deactivation
    const toast =
      fields.intent === 'activate'
        ? (words?.activated ?? 'admin_activated')
        : (words?.deactivated ?? 'admin_deactivated')
    throw redirect(`${back}?toast=${toast}`)
  }
  const isNew = params.id === 'new'
  const schema = isNew ? def.input?.create : def.input?.edit
  if (!schema) throw data(null, { status: 405 })
  for (const field of def.fields) {
    if (field.type === 'checkbox' && !(field.name in fields)) fields[field.name] = field.values?.[1] ?? 'false'
    // choices none of which is checked: an empty list
    if (field.type === 'choices' && !(field.name in fields)) fields[field.name] = ''
  }
  // a 'rows' field goes to the API as a list of records; the form gets them back numbered from 0
  const input: Record<string, unknown> = Object.fromEntries(
    Object.entries(fields).filter(([key]) => !key.includes('.')),
  )
  for (const field of def.fields) {
    if (field.type !== 'rows') continue
    const rows = rowsFromForm(fields, field)
    input[field.name] = rows
    for (const key of Object.keys(fields)) if (key.startsWith(`${field.name}.`)) delete fields[key]
    Object.assign(fields, flatRows(field.name, rows))
  }
  // amounts and decimals as typed become the API's values (docs/api.md §5); text that is no number keeps its rule's message
  const typed = fromTypedText(schema, input, locale)
  const parsed = schema.safeParse(typed.value)
  const textErrors = Object.fromEntries(
    Object.entries(typed.errors).map(([field, code]) => [field, codeText(code, t) ?? t.invalid_value()]),
  )
  if (!parsed.success || Object.keys(textErrors).length)
    return data<FormState>(
      {
        values: fields,
        errors: { ...(parsed.success ? {} : fieldErrors(parsed.error, t, input)), ...textErrors },
      },
      400,
    )
  const res = await callBff(request, context, isNew ? def.api : recordPath(def, params.id), {
    method: isNew ? 'POST' : 'PUT',
    json: parsed.data,
    headers,
  })
  if (!res.ok) return refused(res)
  if (isNew && def.afterCreate) {
    const made = wrapper(def.row).parse(await res.json()).Dados
    throw redirect(`${back}/${encodeURIComponent(String(made[def.idKey]))}?toast=${def.afterCreate}`)
  }
  if (def.staysOnSave) {
    const id = isNew ? String(wrapper(def.row).parse(await res.json()).Dados[def.idKey]) : params.id
    throw redirect(`${back}/${encodeURIComponent(id)}?toast=admin_saved`)
  }
  throw redirect(`${back}?toast=admin_saved`)
}
