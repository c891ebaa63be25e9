import type { Route } from './+types/visit-files'
import { callBff } from '../../lib/api.server'
import { fileReply } from '../../lib/file-reply.server'
import { submittedForm } from '../../lib/forms.server'
import { requireUser } from '../../lib/session.server'
import { FILE_FORM_MAX_BYTES } from '../../../domain/upload-limits.ts'
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
  const reply = fileReply(request, context, form, visitPage(params.id), `${signature ? 'signature' : 'photo'}_error`)
  const body = new FormData()
  const sent: Array<File | null> = []
  if (signature) {
    body.set('name', String(form.get('name') ?? ''))
    const [drawn] = reply.chosen('signature')
    if (drawn) body.set('signature', drawn)
    sent.push(drawn)
  } else {
    const [photo, thumbnail] = reply.chosen('photo', 'thumbnail')
    if (!photo) return reply.refused(400, 'visit_photo_choose', reply.t.visit_photo_choose())
    body.set('photo', photo)
    if (thumbnail) body.set('thumbnail', thumbnail)
    body.set('label', String(form.get('label') ?? 'other'))
    sent.push(photo, thumbnail)
  }
  const big = reply.tooBig(sent)
  if (big) return big
  const version = String(form.get('version') ?? '')
  const path = `/cd_techorders/${encodeURIComponent(params.id)}/${signature ? 'signature' : 'photos'}`
  const res = await callBff(request, context, path, {
    method: signature ? 'PUT' : 'POST',
    form: body,
    headers: version ? { 'If-Match': version } : undefined,
  })
  return reply.answered(res, `done_visit_${signature ? 'signed' : 'photo'}`)
}
