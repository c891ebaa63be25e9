import { data, redirect } from 'react-router'
import type { z } from 'zod'
import type { Route } from './+types/record'
import { AccessMatrix, type AccessRow } from '../../admin/access-matrix'
import { ADMIN_MODULES, type AdminModule } from '../../admin/modules'
import { RecordForm, type FormState, type RecordValues } from '../../admin/record-form'
import { callBff } from '../../lib/api.server'
import { COOKIE, readCookies } from '../../lib/cookies.server'
import { fieldErrors, formFields, knownMessage } from '../../lib/forms'
import { DEFAULT_LOCALE, toLocale, translator, useT, type Locale } from '../../lib/i18n'
import { requireUser } from '../../lib/session.server'
import { branchInput, companyInput, pageInput, userCreateInput, userUpdateInput } from '../../../domain/schemas/admin.ts'
import { Breadcrumb } from '../../components/breadcrumb'
import { pageInfo } from '../../lib/page-info.server'

type Answer<T> = { IsSuccess: boolean; Dados: T; Msg: string; fields?: Record<string, string[]> }

const schemaFor = (def: AdminModule, isNew: boolean): z.ZodType<Record<string, unknown>> =>
  (({ ac_empresas: companyInput, cd_filial: branchInput, ac_usuarios: isNew ? userCreateInput : userUpdateInput, ac_paginas: pageInput }) as Record<string, z.ZodType<Record<string, unknown>>>)[def.module]

const recordPath = (def: AdminModule, id: string) => `${def.api}/${encodeURIComponent(id)}`

/** One record of an administration module (id "new" to create one), or one user's page matrix. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const page = await pageInfo(request, context, params.module)
  const def = ADMIN_MODULES[page.module]
  if (!def) throw data(null, { status: 404 })
  const confirming = new URL(request.url).searchParams.get('confirm') === 'deactivate'
  if (def.module === 'ac_usuariospaginas') {
    const [matrix, user] = await Promise.all([callBff(request, context, `/ac_usuariospaginas?userId=${encodeURIComponent(params.id)}`), callBff(request, context, `/ac_usuarios/${encodeURIComponent(params.id)}`)])
    if (matrix.status === 404 || user.status === 404) throw data(null, { status: 404 })
    if (!matrix.ok || !user.ok) throw data(null, { status: matrix.status === 403 || user.status === 403 ? 403 : 500 })
    const person = ((await user.json()) as Answer<{ name: string; role: string }>).Dados
    return { kind: 'matrix' as const, page, user: person, rows: ((await matrix.json()) as Answer<AccessRow[]>).Dados, version: matrix.headers.get('etag') }
  }
  const isNew = params.id === 'new'
  if (isNew && (!def.canCreate || page.level === 'view')) throw data(null, { status: 403 })
  let values: RecordValues = {}
  let version: string | null = null
  if (!isNew) {
    const res = await callBff(request, context, recordPath(def, params.id))
    if (res.status === 404 || res.status === 400) throw data(null, { status: 404 })
    if (!res.ok) throw data(null, { status: res.status === 403 ? 403 : 500 })
    values = ((await res.json()) as Answer<RecordValues>).Dados
    version = res.headers.get('etag')
  }
  let branches: Array<[string, string]> = []
  if (def.fields.some((f) => f.type === 'branch')) {
    const res = await callBff(request, context, '/cd_filial?size=100')
    if (res.ok) branches = ((await res.json()) as Answer<{ items: Array<{ COD_FILIAL: number; NOM_FILIAL: string }> }>).Dados.items.map((b) => [String(b.COD_FILIAL), b.NOM_FILIAL])
  }
  return { kind: 'record' as const, page, isNew, values, version, confirming, branches }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireUser(request, context)
  const t = translator(toLocale(readCookies(request)[COOKIE.culture]))
  const def = ADMIN_MODULES[params.module]
  if (!def) throw data(null, { status: 404 })
  const form = await request.formData()
  const fields = formFields(form)
  const version = fields.version ? { 'If-Match': fields.version } : undefined
  const back = `/view/${def.module}`
  const refused = async (res: Response): Promise<FormState> => {
    if (res.status === 412) return { stale: true, values: fields }
    const body = (await res.json().catch(() => null)) as Answer<unknown> | null
    if (res.status === 400 && body?.fields) {
      return { values: fields, errors: Object.fromEntries(Object.entries(body.fields).map(([k, [m]]) => [k.split('.')[0], knownMessage(m, t) ?? m])) }
    }
    return { values: fields, errors: { form: res.status === 403 ? t.error_403_text() : body?.Msg ? (knownMessage(body.Msg, t) ?? body.Msg) : t.error_unexpected() } }
  }

  if (def.module === 'ac_usuariospaginas') {
    const intent = fields.intent
    const res =
      intent === 'reset'
        ? await callBff(request, context, `/ac_usuariospaginas?userId=${encodeURIComponent(params.id)}`, { method: 'DELETE' })
        : await callBff(request, context, '/ac_usuariospaginas', {
            method: 'PUT',
            headers: version,
            json: { userId: params.id, levels: Object.fromEntries(Object.entries(fields).flatMap(([k, v]) => (k.startsWith('level:') ? [[k.slice(6), v]] : []))) },
          })
    if (!res.ok) return data(await refused(res), res.status === 412 ? 412 : 400)
    throw redirect(`${back}/${encodeURIComponent(params.id)}?toast=admin_saved`)
  }

  if (fields.intent === 'deactivate' || fields.intent === 'activate') {
    const restore = fields.intent === 'activate' ? '?restore=1' : ''
    const res = await callBff(request, context, `${recordPath(def, params.id)}${restore}`, { method: 'DELETE', headers: version })
    if (!res.ok) return data(await refused(res), res.status === 412 ? 412 : 400)
    throw redirect(`${back}?toast=${fields.intent === 'activate' ? 'admin_activated' : 'admin_deactivated'}`)
  }

  const isNew = params.id === 'new'
  for (const field of def.fields) if (field.type === 'checkbox' && !(field.name in fields)) fields[field.name] = field.values?.[1] ?? 'false'
  const parsed = schemaFor(def, isNew).safeParse(fields)
  if (!parsed.success) return data<FormState>({ values: fields, errors: fieldErrors(parsed.error, t) }, 400)
  const res = await callBff(request, context, isNew ? def.api : recordPath(def, params.id), { method: isNew ? 'POST' : 'PUT', json: parsed.data, headers: version })
  if (!res.ok) return data(await refused(res), res.status === 412 ? 412 : 400)
  throw redirect(`${back}?toast=admin_saved`)
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { locale?: Locale } | undefined
  const t = translator(root?.locale ?? DEFAULT_LOCALE)
  return [{ title: loaderData ? `${loaderData.page.title} · ${t.app_name()}` : t.app_name() }]
}

export default function RecordPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const { page } = loaderData
  const def = ADMIN_MODULES[page.module]
  const canEdit = page.level === 'edit' || page.level === 'delete'
  if (loaderData.kind === 'matrix') {
    return (
      <section className="flex flex-col gap-4">
        <Breadcrumb group={page.group} title={page.title} />
        <h1 className="text-3xl font-extrabold tracking-tight">{t.admin_access_title({ name: loaderData.user.name })}</h1>
        <AccessMatrix user={loaderData.user} rows={loaderData.rows} version={loaderData.version} stale={!!(actionData as FormState)?.stale} canEdit={canEdit} />
      </section>
    )
  }
  const name = String(loaderData.values[def.nameKey] ?? '')
  return (
    <section className="flex flex-col gap-4">
      <Breadcrumb group={page.group} title={page.title} />
      <h1 className="text-3xl font-extrabold tracking-tight">{loaderData.isNew ? t.admin_new_title() : t.admin_edit_title({ name })}</h1>
      {!loaderData.isNew && def.module === 'ac_usuarios' ? (
        <a href={`/view/ac_usuariospaginas/${encodeURIComponent(String(loaderData.values.id))}`} className="self-start text-sm font-semibold text-primary-700 underline dark:text-primary-100">
          {t.admin_access_manage()}
        </a>
      ) : null}
      <RecordForm
        def={def}
        isNew={loaderData.isNew}
        values={loaderData.values}
        version={loaderData.version}
        state={actionData as FormState}
        canEdit={canEdit}
        canDelete={page.level === 'delete'}
        confirming={loaderData.confirming}
        branches={loaderData.branches}
      />
    </section>
  )
}

export { ModuleError as ErrorBoundary } from '../../components/module-error'
