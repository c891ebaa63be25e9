import { redirect } from 'react-router'
import type { Route } from './+types/payable-attachment'
import { FILE_FORM_MAX_BYTES, UPLOAD_MAX_BYTES } from '../../../domain/upload-limits.ts'
import type { PageRouteHandle } from '../../../domain/server-context.ts'
import { callBff } from '../../lib/api.server'
import { refusalCode } from '../../lib/form-errors.server'
import { submittedForm } from '../../lib/forms.server'
import { isMessageKey } from '../../lib/i18n'
import { requireUser } from '../../lib/session.server'

const payablePage = (id = '') => `/view/cd_financeiro/${encodeURIComponent(id)}`

/** Its form carries a file (bff/server.ts reads this): one far over the limit goes back to the payable, which says so. */
export const handle = {
  bodyLimit: FILE_FORM_MAX_BYTES,
  tooLarge: ({ id = '' }) => `${payablePage(id)}?attachment_error=upload_too_big`,
} satisfies PageRouteHandle

/**
 * A payable's bill (docs/domain.md cd_financeiro): a PDF or a photo attached, or taken off
 * (`intent=remove`), sent on to the payables' API; back to the payable with a toast, or with what
 * was wrong (`?attachment_error=<message key>`).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  await requireUser(request, context)
  const form = await submittedForm(request, context)
  const back = (code: string) =>
    redirect(`${payablePage(params.id)}?attachment_error=${isMessageKey(code) ? code : 'error_unexpected'}`)
  const path = `/cd_financeiro/${encodeURIComponent(params.id)}/attachment`
  let res: Response
  if (form.get('intent') === 'remove') res = await callBff(request, context, path, { method: 'DELETE' })
  else {
    const file = form.get('file')
    if (!(file instanceof File) || file.size === 0) throw back('attachment_choose')
    if (file.size > UPLOAD_MAX_BYTES) throw back('upload_too_big')
    const body = new FormData()
    body.set('file', file)
    res = await callBff(request, context, path, { method: 'PUT', form: body })
  }
  if (res.status === 401) await requireUser(request, context)
  if (res.status === 413) throw back('upload_too_big')
  if (!res.ok) throw back(refusalCode(await res.json().catch(() => null)) ?? 'error_unexpected')
  await res.body?.cancel()
  const done = form.get('intent') === 'remove' ? 'done_attachment_removed' : 'done_attachment_added'
  throw redirect(`${payablePage(params.id)}?toast=${done}`)
}
