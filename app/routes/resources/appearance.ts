import { redirect } from 'react-router'
import type { Route } from './+types/appearance'
import { SCHEMES, THEMES, type Scheme, type Theme } from '../../../domain/tenancy.ts'
import { apiClient } from '../../lib/api.server'
import { appearanceCookies, COOKIE, readCookies, setCookies } from '../../lib/cookies.server'
import { requireUser, safeRedirect } from '../../lib/session.server'
import { serverContext } from '../../server-context'
import { submittedForm } from '../../lib/forms.server'

/** The user menu's colour scheme switch: kept on the user and in the cookie the first paint reads. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context)
  const form = await submittedForm(request, context)
  const scheme = SCHEMES.find((s) => s === form.get('scheme'))
  const back = safeRedirect(form.get('redirectTo'), '/view/home')
  if (!scheme) throw redirect(back)
  const theme: Theme = THEMES.find((t) => t === readCookies(request)[COOKIE.theme]) ?? 'default'
  await apiClient(request, context).common.user.$patch({ json: { user: { scheme: scheme satisfies Scheme } } })
  throw redirect(back, {
    headers: setCookies(...appearanceCookies(scheme, theme, context.get(serverContext).production)),
  })
}
