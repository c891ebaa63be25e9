import { redirect } from 'react-router'
import type { Route } from './+types/statement-import'
import { wrapper } from '../../../domain/schemas/common.ts'
import { statementRow } from '../../../domain/schemas/statements.ts'
import { FILE_FORM_MAX_BYTES } from '../../../domain/upload-limits.ts'
import type { PageRouteHandle } from '../../../domain/server-context.ts'
import { fileSender } from '../../lib/file-sender.server'
import { submittedForm } from '../../lib/forms.server'
import { requireUser } from '../../lib/session.server'
import { accountPage, statementPage } from '../../features/cd_contas/statement-links'

/** Its form carries a file (bff/server.ts reads this): one far over the limit goes back to the account, which says so. */
export const handle = {
  bodyLimit: FILE_FORM_MAX_BYTES,
  tooLarge: ({ account = '' }) => `${accountPage(account)}?statement_error=upload_too_big`,
} satisfies PageRouteHandle

/** The answer of an import: the statement's id. */
const imported = wrapper(statementRow.pick({ id: true }))

/**
 * A bank statement (an OFX file) imported into an account (docs/domain.md cd_contas "Bank
 * statement"): sent on to the accounts' API; read, the statement's page to go through its lines;
 * refused, back to the account with what was wrong (`?statement_error=<message key>`).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  await requireUser(request, context)
  const form = await submittedForm(request, context)
  const sender = fileSender(request, context, accountPage(params.account), 'statement_error')
  const path = `/cd_contas/${encodeURIComponent(params.account)}/statements`
  const res = await sender.send(form, path, 'POST', 'statement_choose')
  const statement = imported.parse(await res.json())
  throw redirect(`${statementPage(params.account, statement.Dados.id)}?toast=done_statement_imported`)
}
