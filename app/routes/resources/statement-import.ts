import { redirect } from 'react-router'
import type { Route } from './+types/statement-import'
import { wrapper } from '../../../domain/schemas/common.ts'
import { statementRow } from '../../../domain/schemas/statements.ts'
import { FILE_FORM_MAX_BYTES, UPLOAD_MAX_BYTES } from '../../../domain/upload-limits.ts'
import type { PageRouteHandle } from '../../../domain/server-context.ts'
import { callBff } from '../../lib/api.server'
import { refusalCode } from '../../lib/form-errors.server'
import { submittedForm } from '../../lib/forms.server'
import { isMessageKey } from '../../lib/i18n'
import { requireUser } from '../../lib/session.server'
import { accountPage, statementPage } from '../../features/cd_contas/statement-links'

/** Its form carries a file (bff/server.ts reads this): one far over the limit goes back to the account, which says so. */
export const handle = {
  bodyLimit: FILE_FORM_MAX_BYTES,
  tooLarge: ({ account = '' }) => `${accountPage(account)}?statement_error=upload_too_big`,
} satisfies PageRouteHandle

/**
 * A bank statement (an OFX file) imported into an account (docs/domain.md cd_contas "Bank
 * statement"): sent on to the accounts' API; read, the statement's page to go through its lines;
 * refused, back to the account with what was wrong (`?statement_error=<message key>`).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  await requireUser(request, context)
  const form = await submittedForm(request, context)
  const back = (code: string) =>
    redirect(`${accountPage(params.account)}?statement_error=${isMessageKey(code) ? code : 'error_unexpected'}`)
  const file = form.get('file')
  if (!(file instanceof File) || file.size === 0) throw back('statement_choose')
  if (file.size > UPLOAD_MAX_BYTES) throw back('upload_too_big')
  const body = new FormData()
  body.set('file', file)
  const res = await callBff(request, context, `/cd_contas/${encodeURIComponent(params.account)}/statements`, {
    method: 'POST',
    form: body,
  })
  if (res.status === 401) await requireUser(request, context)
  if (res.status === 413) throw back('upload_too_big')
  const answer: unknown = await res.json().catch(() => null)
  if (!res.ok) throw back(refusalCode(answer) ?? 'error_unexpected')
  const statement = wrapper(statementRow.pick({ id: true })).parse(answer)
  throw redirect(`${statementPage(params.account, statement.Dados.id)}?toast=done_statement_imported`)
}
