import { data, redirect } from 'react-router'
import type { Route } from './+types/visit-files'
import { callBff } from '../../lib/api.server'
import { requestLocale } from '../../lib/cookies.server'
import { refusalErrors } from '../../lib/form-errors.server'
import { submittedForm } from '../../lib/forms.server'
import { translator } from '../../lib/i18n'
import { requireUser } from '../../lib/session.server'

export type VisitFileResult = { ok: true } | { ok: false; error: string }

/**
 * A visit's photo or the client's signature (docs/domain.md cd_techorders), sent on to the visits'
 * API as a file: the page's script sends the photo resized with its thumbnail and asks for data;
 * a form sent without scripts comes back to the visit with a toast.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  await requireUser(request, context)
  const form = await submittedForm(request, context)
  const signature = form.get('kind') === 'signature'
  const body = new FormData()
  const file = (name: string) => {
    const value = form.get(name)
    return value instanceof File && value.size > 0 ? value : null
  }
  if (signature) {
    body.set('name', String(form.get('name') ?? ''))
    const drawn = file('signature')
    if (drawn) body.set('signature', drawn)
  } else {
    const [photo, thumbnail] = [file('photo'), file('thumbnail')]
    if (photo) body.set('photo', photo)
    if (thumbnail) body.set('thumbnail', thumbnail)
    body.set('label', String(form.get('label') ?? 'other'))
  }
  const version = String(form.get('version') ?? '')
  const path = `/cd_techorders/${encodeURIComponent(params.id)}/${signature ? 'signature' : 'photos'}`
  const res = await callBff(request, context, path, {
    method: signature ? 'PUT' : 'POST',
    form: body,
    headers: version ? { 'If-Match': version } : undefined,
  })
  if (res.status === 401) await requireUser(request, context)
  // the page's script asks for the answer as data; a form sent without scripts comes back to the visit
  const wantsJson = form.get('reply') === 'json'
  if (res.ok) {
    if (wantsJson) return { ok: true } satisfies VisitFileResult
    throw redirect(
      `/view/cd_techorders/${encodeURIComponent(params.id)}?toast=done_visit_${signature ? 'signed' : 'photo'}`,
    )
  }
  const t = translator(requestLocale(request))
  const errors = refusalErrors(res.status, await res.json().catch(() => null), t)
  const error = Object.values(errors)[0] ?? t.error_unexpected()
  if (wantsJson) return data<VisitFileResult>({ ok: false, error }, { status: res.status })
  throw redirect(`/view/cd_techorders/${encodeURIComponent(params.id)}?toast=error_unexpected`)
}
