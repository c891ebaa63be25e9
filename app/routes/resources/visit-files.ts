import { data, redirect } from 'react-router'
import type { Route } from './+types/visit-files'
import type { FileSendResult } from '../../ui/file-send-form'
import { callBff } from '../../lib/api.server'
import { requestLocale } from '../../lib/cookies.server'
import { refusalCode, refusalErrors } from '../../lib/form-errors.server'
import { submittedForm } from '../../lib/forms.server'
import { isMessageKey, translator } from '../../lib/i18n'
import { requireUser } from '../../lib/session.server'
import { FILE_FORM_MAX_BYTES, UPLOAD_MAX_BYTES } from '../../../domain/upload-limits.ts'
import type { PageRouteHandle } from '../../../domain/server-context.ts'

/**
 * Its forms carry a file (bff/server.ts reads this): one somewhat over the limit still reaches the
 * action, which says so; a form far over it, sent without scripts, goes back to the visit, which says so too.
 */
export const handle = {
  bodyLimit: FILE_FORM_MAX_BYTES,
  tooLarge: ({ id = '' }) => `${visitPage(id)}?photo_error=upload_too_big`,
} satisfies PageRouteHandle

const visitPage = (id: string) => `/view/cd_techorders/${encodeURIComponent(id)}`

/**
 * A visit's photo or the client's signature (docs/domain.md cd_techorders), sent on to the visits'
 * API as a file: the page's script sends the photo resized with its thumbnail and asks for data;
 * a form sent without scripts (the phone's original photo) comes back to the visit, with a toast
 * or with the refusal its form shows (`?photo_error=<message key>`).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  await requireUser(request, context)
  const form = await submittedForm(request, context)
  const signature = form.get('kind') === 'signature'
  const visit = visitPage(params.id)
  // the page's script asks for the answer as data; a form sent without scripts comes back to the visit
  const wantsJson = form.get('reply') === 'json'
  const t = translator(requestLocale(request))
  /** A refusal next to the form's field: as data, or back on the visit (its page shows it). */
  const refused = (status: number, code: string | null, text: string) => {
    if (wantsJson) return data<FileSendResult>({ ok: false, error: text }, { status })
    const key = code && isMessageKey(code) ? code : 'error_unexpected'
    throw redirect(`${visit}?${signature ? 'signature' : 'photo'}_error=${key}`)
  }
  const body = new FormData()
  const files: File[] = []
  const file = (name: string) => {
    const value = form.get(name)
    if (!(value instanceof File) || value.size === 0) return null
    files.push(value)
    return value
  }
  if (signature) {
    body.set('name', String(form.get('name') ?? ''))
    const drawn = file('signature')
    if (drawn) body.set('signature', drawn)
  } else {
    const [photo, thumbnail] = [file('photo'), file('thumbnail')]
    if (!photo) return refused(400, 'visit_photo_choose', t.visit_photo_choose())
    body.set('photo', photo)
    if (thumbnail) body.set('thumbnail', thumbnail)
    body.set('label', String(form.get('label') ?? 'other'))
  }
  // a file over the limit is refused here, in the user's language, before it is sent on
  if (files.some((f) => f.size > UPLOAD_MAX_BYTES)) return refused(413, 'upload_too_big', t.upload_too_big())
  const version = String(form.get('version') ?? '')
  const path = `/cd_techorders/${encodeURIComponent(params.id)}/${signature ? 'signature' : 'photos'}`
  const res = await callBff(request, context, path, {
    method: signature ? 'PUT' : 'POST',
    form: body,
    headers: version ? { 'If-Match': version } : undefined,
  })
  if (res.status === 401) await requireUser(request, context)
  if (res.ok) {
    if (wantsJson) return { ok: true } satisfies FileSendResult
    throw redirect(`${visit}?toast=done_visit_${signature ? 'signed' : 'photo'}`)
  }
  if (res.status === 413) return refused(413, 'upload_too_big', t.upload_too_big())
  const answer = await res.json().catch(() => null)
  const text = Object.values(refusalErrors(res.status, answer, t))[0] ?? t.error_unexpected()
  return refused(res.status, refusalCode(answer), text)
}
