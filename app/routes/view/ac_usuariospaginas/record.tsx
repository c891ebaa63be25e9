import { data, redirect } from 'react-router'
import { arrayOf } from '../../../../domain/schemas/common.ts'
import type { Route } from './+types/record'
import { userPageRow, userRow } from '../../../../domain/schemas/admin.ts'
import { Breadcrumb } from '../../../components/breadcrumb'
import { AccessMatrix } from '../../../features/ac_usuariospaginas/access-matrix'
import { userPages } from '../../../features/ac_usuariospaginas/module'
import { moduleMeta } from '../../../kit/module-meta'
import type { FormState } from '../../../kit/screens.server'
import { readAnswer } from '../../../lib/answer.server'
import { callBff } from '../../../lib/api.server'
import { requestLocale } from '../../../lib/cookies.server'
import { formFields } from '../../../lib/forms'
import { refusalErrors } from '../../../lib/form-errors.server'
import { translator, useT } from '../../../lib/i18n'
import { pageInfo } from '../../../lib/page-info.server'
import { requireUser } from '../../../lib/session.server'
import { submittedForm } from '../../../lib/forms.server'

/** One user's page matrix (docs/domain.md ac_usuariospaginas): the role's preset, adjusted page by page. */
export async function loader(args: Route.LoaderArgs) {
  const page = await pageInfo(args.request, args.context, userPages.module)
  const id = encodeURIComponent(args.params.id)
  const [matrix, user] = await Promise.all([
    readAnswer(args, `/ac_usuariospaginas?userId=${id}`, arrayOf(userPageRow)),
    readAnswer(args, `/ac_usuarios/${id}`, userRow),
  ])
  return { page, user: user.data, rows: matrix.data, version: matrix.version }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireUser(request, context)
  const t = translator(requestLocale(request))
  const fields = formFields(await submittedForm(request, context))
  const levels = Object.fromEntries(
    Object.entries(fields).flatMap(([k, v]) => (k.startsWith('level:') ? [[k.slice(6), v]] : [])),
  )
  const res =
    fields.intent === 'reset'
      ? await callBff(request, context, `/ac_usuariospaginas?userId=${encodeURIComponent(params.id)}`, {
          method: 'DELETE',
        })
      : await callBff(request, context, '/ac_usuariospaginas', {
          method: 'PUT',
          headers: fields.version ? { 'If-Match': fields.version } : undefined,
          json: { userId: params.id, levels },
        })
  if (res.status === 412) return data<FormState>({ stale: true }, 412)
  if (!res.ok)
    return data<FormState>(
      { errors: refusalErrors(res.status, await res.json().catch(() => null), t) },
      res.status === 403 ? 403 : 400,
    )
  throw redirect(`/view/ac_usuariospaginas/${encodeURIComponent(params.id)}?toast=admin_saved`)
}

export const meta: Route.MetaFunction = (args) => moduleMeta(args)

export default function UserPagesRecord({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const { page } = loaderData
  return (
    <section className="flex flex-col gap-4">
      <Breadcrumb group={page.group} title={page.title} />
      <h1 className="text-3xl font-extrabold tracking-tight">{t.admin_access_title({ name: loaderData.user.name })}</h1>
      <AccessMatrix
        user={loaderData.user}
        rows={loaderData.rows}
        version={loaderData.version}
        stale={!!actionData?.stale}
        canEdit={page.level === 'edit' || page.level === 'delete'}
      />
    </section>
  )
}

export { ModuleError as ErrorBoundary } from '../../../components/module-error'
