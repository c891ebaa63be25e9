import { data, Form, redirect, useSearchParams } from 'react-router'
import type { Route } from './+types/reset-password'
import { resetPasswordSchema } from '../../domain/schemas/auth.ts'
import { AuthCard } from '../layouts/auth-card'
import { apiClient } from '../lib/api.server'
import { requestLocale } from '../lib/cookies.server'
import { formFields } from '../lib/forms'
import { fieldErrors, refusalErrors } from '../lib/form-errors.server'
import { titled, translator, useT } from '../lib/i18n'
import { Alert } from '../ui/alert'
import { Button } from '../ui/button'
import { CsrfField } from '../ui/csrf-field'
import { TextField } from '../ui/text-field'
import { submittedForm } from '../lib/forms.server'

export const meta = titled('reset_title')

export async function action({ request, context }: Route.ActionArgs) {
  const t = translator(requestLocale(request))
  const fields = formFields(await submittedForm(request, context))
  const parsed = resetPasswordSchema.safeParse(fields)
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error, t)
    return data({ fields: errors, error: errors.token ? t.reset_invalid() : null }, 400)
  }
  if (fields.passwordConfirm !== parsed.data.password)
    return data({ fields: { passwordConfirm: t.passwords_must_match() }, error: null }, 400)
  const res = await apiClient(request, context).auth['reset-password'].$post({ json: parsed.data })
  if (res.ok) throw redirect('/sign-in?reset=1')
  const refused = res.status === 400 ? refusalErrors(400, await res.json().catch(() => null), t) : {}
  if (refused.password) return data({ fields: { password: refused.password }, error: null }, 400)
  return data(
    { fields: {}, error: res.status === 400 ? t.reset_invalid() : t.error_unexpected() },
    res.status === 400 ? 400 : 500,
  )
}

/** The same page opens an invitation's link (`&invited=1`): there the person chooses their first password. */
export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const t = useT()
  const [params] = useSearchParams()
  const invited = params.get('invited') === '1'
  const errors: Record<string, string> = actionData?.fields ?? {}
  return (
    <AuthCard
      title={invited ? t.invited_title() : t.reset_title()}
      subtitle={invited ? t.invited_text() : t.reset_text()}
      backToSignIn
    >
      {actionData?.error ? <Alert tone="error">{actionData.error}</Alert> : null}
      <Form method="post" className="mt-4 flex flex-col gap-5" noValidate>
        <CsrfField />
        <input type="hidden" name="token" value={params.get('token') ?? ''} />
        <TextField
          label={t.new_password_label()}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          error={errors.password}
        />
        <TextField
          label={t.confirm_password_label()}
          name="passwordConfirm"
          type="password"
          autoComplete="new-password"
          required
          error={errors.passwordConfirm}
        />
        <Button type="submit">{invited ? t.invited_button() : t.reset_button()}</Button>
      </Form>
    </AuthCard>
  )
}
