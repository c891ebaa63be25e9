import { data, Form } from 'react-router'
import type { Route } from './+types/forgot-password'
import { forgotPasswordSchema } from '../../domain/schemas/auth.ts'
import { AuthCard } from '../layouts/auth-card'
import { apiClient } from '../lib/api.server'
import { requestLocale } from '../lib/cookies.server'
import { formFields } from '../lib/forms'
import { fieldErrors } from '../lib/form-errors.server'
import { titled, translator, useT } from '../lib/i18n'
import { Alert } from '../ui/alert'
import { Button } from '../ui/button'
import { CsrfField } from '../ui/csrf-field'
import { TextField } from '../ui/text-field'
import { submittedForm } from '../lib/forms.server'
import { floodRefusal, proofOf } from '../lib/account-request.server'
import { ProofOfWork } from '../components/proof-of-work'

export const meta = titled('forgot_title')

export async function action({ request, context }: Route.ActionArgs) {
  const t = translator(requestLocale(request))
  const fields = formFields(await submittedForm(request, context))
  const parsed = forgotPasswordSchema.safeParse(fields)
  if (!parsed.success) return data({ sent: false, fields: fieldErrors(parsed.error, t), error: null }, 400)
  const res = await apiClient(request, context).auth['forgot-password'].$post({ json: parsed.data }, proofOf(fields))
  if (res.ok) return { sent: true, fields: {}, error: null }
  const flood = await floodRefusal(res)
  if (flood)
    return data({ sent: false, fields: {}, error: flood.proof ? null : t.too_many_requests(), proof: flood.proof }, 429)
  return data({ sent: false, fields: {}, error: t.error_unexpected() }, 500)
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const t = useT()
  const errors: Record<string, string> = actionData?.fields ?? {}
  return (
    <AuthCard title={t.forgot_title()} subtitle={t.forgot_text()} backToSignIn>
      {actionData?.sent ? <Alert tone="success">{t.forgot_sent()}</Alert> : null}
      {actionData?.error ? <Alert tone="error">{actionData.error}</Alert> : null}
      <Form method="post" className="mt-4 flex flex-col gap-5" noValidate>
        <CsrfField />
        <TextField
          label={t.email_label()}
          name="email"
          type="email"
          autoComplete="email"
          required
          error={errors.email}
        />
        {actionData && 'proof' in actionData && actionData.proof ? <ProofOfWork proof={actionData.proof} /> : null}
        <Button type="submit">{t.forgot_button()}</Button>
      </Form>
    </AuthCard>
  )
}
