import type { Route } from './+types/equipment-photos'
import { callBff } from '../../lib/api.server'
import { fileReply } from '../../lib/file-reply.server'
import { submittedForm } from '../../lib/forms.server'
import { requireUser } from '../../lib/session.server'
import { FILE_FORM_MAX_BYTES } from '../../../domain/upload-limits.ts'
import type { PageRouteHandle } from '../../../domain/server-context.ts'

const machinePage = (id = '') => `/view/cd_equipamento/${encodeURIComponent(id)}`

/** Its form carries a photo (bff/server.ts reads this): one far over the limit goes back to the machine, which says so. */
export const handle = {
  bodyLimit: FILE_FORM_MAX_BYTES,
  tooLarge: ({ id = '' }) => `${machinePage(id)}?photo_error=upload_too_big`,
} satisfies PageRouteHandle

/**
 * A machine's photo (docs/domain.md cd_equipamento) added, or taken off (`intent=remove`), sent on
 * to the machines' API: the page's script sends the photo resized with its thumbnail and asks for
 * data; a form sent without scripts (the phone's original photo) comes back to the machine, with a
 * toast or with what was wrong (`?photo_error=<message key>`).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  await requireUser(request, context)
  const form = await submittedForm(request, context)
  const remove = form.get('intent') === 'remove'
  // a removal's refusal shows over the photos, a photo's next to its field
  const reply = fileReply(request, context, form, machinePage(params.id), remove ? 'photo_remove_error' : 'photo_error')
  const photos = `/cd_equipamento/${encodeURIComponent(params.id)}/photos`
  if (remove) {
    const photoId = encodeURIComponent(String(form.get('photoId') ?? ''))
    const res = await callBff(request, context, `${photos}/${photoId}`, { method: 'DELETE' })
    // a photo taken off meanwhile (another tab, a second click): what was asked holds
    return reply.answered(res.status === 404 ? new Response(null) : res, 'done_visit_photo_remove')
  }
  const [photo, thumbnail] = reply.chosen('photo', 'thumbnail')
  if (!photo) return reply.refused(400, 'visit_photo_choose', reply.t.visit_photo_choose())
  const big = reply.tooBig([photo, thumbnail])
  if (big) return big
  const body = new FormData()
  body.set('photo', photo)
  if (thumbnail) body.set('thumbnail', thumbnail)
  return reply.answered(await callBff(request, context, photos, { method: 'POST', form: body }), 'done_visit_photo')
}
