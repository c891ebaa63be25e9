import { redirect } from 'react-router'
import type { Route } from './+types/payable-attachment'
import { FILE_FORM_MAX_BYTES } from '../../../domain/upload-limits.ts'
import type { PageRouteHandle } from '../../../domain/server-context.ts'
import { callBff } from '../../lib/api.server'
import { fileSender } from '../../lib/file-sender.server'
import { submittedForm } from '../../lib/forms.server'
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
  const sender = fileSender(request, context, payablePage(params.id), 'attachment_error')
  const path = `/cd_financeiro/${encodeURIComponent(params.id)}/attachment`
  const remove = form.get('intent') === 'remove'
  const res = remove
    ? await sender.answered(await callBff(request, context, path, { method: 'DELETE' }))
    : await sender.send(form, path, 'PUT', 'attachment_choose')
  await res.body?.cancel()
  throw redirect(`${payablePage(params.id)}?toast=${remove ? 'done_attachment_removed' : 'done_attachment_added'}`)
}
