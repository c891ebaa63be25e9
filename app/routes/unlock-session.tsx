import { data, Form, Link, redirect } from 'react-router'
import type { Route } from './+types/unlock-session'
import { signInSchema } from '../../domain/schemas/auth.ts'
import { AuthCard } from '../layouts/auth-card'
import { apiClient } from '../lib/api.server'
import { tokenCookie, requestLocale } from '../lib/cookies.server'
import { credentialError, formFields } from '../lib/forms'
import { fieldErrors } from '../lib/form-errors.server'
import { titled, translator, useT } from '../lib/i18n'
import { requireUser, safeRedirect } from '../lib/session.server'
import { serverContext } from '../server-context'
import { Alert } from '../ui/alert'
import { Button } from '../ui/button'
import { CsrfField } from '../ui/csrf-field'
import { TextField } from '../ui/text-field'
import { submittedForm } from '../lib/forms.server'

export const meta = titled('unlock_title')

export async function loader({ request, context }: Route.LoaderArgs) {
  return { user: await requireUser(request, context) }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context)
  const t = translator(requestLocale(request))
  const form = await submittedForm(request, context)
  const parsed = signInSchema.safeParse({ ...formFields(form), email: user.email })
  if (!parsed.success) return data({ fields: fieldErrors(parsed.error, t), error: null }, 400)
  const res = await apiClient(request, context).auth['unlock-session'].$post({ json: parsed.data })
  if (res.status === 200) {
    const body = await res.json()
    throw redirect(safeRedirect(form.get('redirectURL')), {
      headers: { 'Set-Cookie': tokenCookie(body.accessToken, context.get(serverContext).production) },
    })
  }
  const error = credentialError(res.status, t)
  return data({ fields: {}, error }, res.status === 404 ? 401 : res.status)
}

export default function UnlockSession({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const errors: Record<string, string> = actionData?.fields ?? {}
  return (
    <AuthCard title={t.unlock_title()} subtitle={t.unlock_text()}>
      {actionData?.error ? <Alert tone="error">{actionData.error}</Alert> : null}
      <Form method="post" className="mt-4 flex flex-col gap-5" noValidate>
        <CsrfField />
        <TextField label={t.name_label()} value={loaderData.user.name} disabled readOnly />
        <TextField
          label={t.password_label()}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password}
        />
        <Button type="submit">{t.unlock_button()}</Button>
      </Form>
      <p className="mt-6 text-sm">
        <Link to="/sign-out" className="font-semibold text-accent underline">
          {t.unlock_not_you({ name: loaderData.user.name })}
        </Link>
      </p>
    </AuthCard>
  )
}
