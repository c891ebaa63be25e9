import { Form, Link, redirect } from 'react-router'
import type { Route } from './+types/sign-out'
import { AuthCard } from '../layouts/auth-card'
import { apiClient } from '../lib/api.server'
import { clearTenantCookies, clearTokenCookie, setCookies } from '../lib/cookies.server'
import { titled, useT } from '../lib/i18n'
import { requireUser } from '../lib/session.server'
import { serverContext } from '../server-context'
import { Button } from '../ui/button'
import { CsrfField } from '../ui/csrf-field'

export const meta = titled('sign_out_title')

export async function loader({ request, context }: Route.LoaderArgs) {
  return { user: await requireUser(request, context) }
}

/** Revokes the session in the BFF, then forgets the cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  await apiClient(request, context).auth['sign-out'].$post()
  const secure = context.get(serverContext).production
  throw redirect('/sign-in?signedOut=1', {
    headers: setCookies(clearTokenCookie(secure), ...clearTenantCookies(secure)),
  })
}

export default function SignOut({ loaderData }: Route.ComponentProps) {
  const t = useT()
  return (
    <AuthCard title={t.sign_out_title()} subtitle={t.sign_out_text({ email: loaderData.user.email })}>
      <Form method="post" className="flex gap-3">
        <CsrfField />
        <Button type="submit">{t.sign_out_button()}</Button>
        <Link
          to="/view/home"
          className="inline-flex min-h-10 items-center rounded-full px-5 text-sm font-semibold text-ink-soft hover:bg-canvas"
        >
          {t.cancel()}
        </Link>
      </Form>
    </AuthCard>
  )
}
