import { redirect } from 'react-router'
import type { Route } from './+types/language'
import { apiClient } from '../../lib/api.server'
import { cultureCookie } from '../../lib/cookies.server'
import { toLocale } from '../../lib/i18n'
import { getUser, safeRedirect } from '../../lib/session.server'
import { serverContext } from '../../server-context'
import { submittedForm } from '../../lib/forms.server'

/** The language picker: kept in the culture cookie and, when signed in, on the user. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await submittedForm(request, context)
  const locale = toLocale(String(form.get('locale') ?? ''))
  if (await getUser(request, context))
    await apiClient(request, context).common.user.$patch({ json: { user: { culture: locale } } })
  throw redirect(safeRedirect(form.get('redirectTo'), '/'), {
    headers: { 'Set-Cookie': cultureCookie(locale, context.get(serverContext).production) },
  })
}
