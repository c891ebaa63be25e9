import { data, redirect } from 'react-router'
import type { Route } from './+types/equipment-photos'
import { callBff } from '../../lib/api.server'
import { requestLocale } from '../../lib/cookies.server'
import { refusalCode, refusalErrors } from '../../lib/form-errors.server'
import { submittedForm } from '../../lib/forms.server'
import { isMessageKey, translator } from '../../lib/i18n'
import { requireUser } from '../../lib/session.server'
import type { FileSendResult } from '../../ui/file-send-form'
import { FILE_FORM_MAX_BYTES, UPLOAD_MAX_BYTES } from '../../../domain/upload-limits.ts'
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
  const page = machinePage(params.id)
  const wantsJson = form.get('reply') === 'json'
  const t = translator(requestLocale(request))
  const remove = form.get('intent') === 'remove'
  // a removal's refusal shows over the photos, a photo's next to its field
  const param = remove ? 'photo_remove_error' : 'photo_error'
  const refused = (status: number, code: string | null, text: string) => {
    if (wantsJson) return data<FileSendResult>({ ok: false, error: text }, { status })
    throw redirect(`${page}?${param}=${code && isMessageKey(code) ? code : 'error_unexpected'}`)
  }
  const photos = `/cd_equipamento/${encodeURIComponent(params.id)}/photos`
  let res: Response
  if (remove) {
    res = await callBff(request, context, `${photos}/${encodeURIComponent(String(form.get('photoId') ?? ''))}`, {
      method: 'DELETE',
    })
  } else {
    const [photo, thumbnail] = ['photo', 'thumbnail'].map((name) => {
      const value = form.get(name)
      return value instanceof File && value.size > 0 ? value : null
    })
    if (!photo) return refused(400, 'visit_photo_choose', t.visit_photo_choose())
    // a file over the limit is refused here, in the user's language, before it is sent on
    if ([photo, thumbnail].some((f) => f && f.size > UPLOAD_MAX_BYTES))
      return refused(413, 'upload_too_big', t.upload_too_big())
    const body = new FormData()
    body.set('photo', photo)
    if (thumbnail) body.set('thumbnail', thumbnail)
    res = await callBff(request, context, photos, { method: 'POST', form: body })
  }
  if (res.status === 401) await requireUser(request, context)
  // a photo taken off meanwhile (another tab, a second click): what was asked holds
  if (res.ok || (remove && res.status === 404)) {
    await res.body?.cancel()
    if (wantsJson) return { ok: true } satisfies FileSendResult
    throw redirect(`${page}?toast=${remove ? 'done_visit_photo_remove' : 'done_visit_photo'}`)
  }
  if (res.status === 413) return refused(413, 'upload_too_big', t.upload_too_big())
  const answer = await res.json().catch(() => null)
  const text = Object.values(refusalErrors(res.status, answer, t))[0] ?? t.error_unexpected()
  return refused(res.status, refusalCode(answer), text)
}
