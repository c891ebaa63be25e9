import { redirect } from 'react-router'
import type { Route } from './+types/switch-branch'
import { currentBranchAnswer } from '../../../domain/schemas/tenancy.ts'
import { callBff } from '../../lib/api.server'
import { setCookies, tenantCookies } from '../../lib/cookies.server'
import { requireUser, safeRedirect } from '../../lib/session.server'
import { serverContext } from '../../server-context'
import { submittedForm } from '../../lib/forms.server'

/**
 * The company/branch switcher: the BFF checks and stores the pick, the cookies mirror it
 * (the spec's currentEmpresa / currentFilial), and the page comes back flagged when the
 * company changed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context)
  const form = await submittedForm(request, context)
  const back = new URL(safeRedirect(form.get('redirectTo'), '/view/home'), 'http://x')
  back.searchParams.delete('empresaChanged')
  const [empresa, filial] = String(form.get('branch') ?? '')
    .split(':')
    .map(Number)
  if (!Number.isInteger(empresa) || !Number.isInteger(filial)) throw redirect(back.pathname + back.search)
  const res = await callBff(request, context, '/cd_filial/current', {
    method: 'PUT',
    json: { COD_EMPRESA: empresa, COD_FILIAL: filial },
  })
  if (!res.ok) {
    back.searchParams.set('toast', 'switch_failed')
    throw redirect(back.pathname + back.search)
  }
  const body = currentBranchAnswer.parse(await res.json())
  if (body.Dados.empresaChanged) back.searchParams.set('empresaChanged', '1')
  throw redirect(back.pathname + back.search, {
    headers: setCookies(
      ...tenantCookies(body.Dados.COD_EMPRESA, body.Dados.COD_FILIAL, context.get(serverContext).production),
    ),
  })
}
