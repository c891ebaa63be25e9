import { data, Form, Link, redirect } from 'react-router'
import type { Route } from './+types/sign-up'
import { signUpSchema } from '../../domain/schemas/auth.ts'
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

export const meta = titled('sign_up_title')

export async function action({ request, context }: Route.ActionArgs) {
  const t = translator(requestLocale(request))
  const fields = formFields(await submittedForm(request, context))
  const parsed = signUpSchema.safeParse(fields)
  if (!parsed.success) return data({ fields: fieldErrors(parsed.error, t), error: null, values: fields }, 400)
  const res = await apiClient(request, context).auth['sign-up'].$post({ json: parsed.data })
  if (res.ok) throw redirect('/confirmation-required')
  // a refused field (a too common password ...) is told next to it
  const refused = res.status === 400 ? refusalErrors(400, await res.json().catch(() => null), t) : {}
  return data(
    {
      fields: refused.form ? {} : refused,
      error: refused.form || res.status !== 400 ? t.error_unexpected() : null,
      values: fields,
    },
    res.status === 400 ? 400 : 500,
  )
}

export default function SignUp({ actionData }: Route.ComponentProps) {
  const t = useT()
  const values = actionData?.values ?? {}
  const errors: Record<string, string> = actionData?.fields ?? {}
  return (
    <AuthCard
      title={t.sign_up_title()}
      subtitle={
        <>
          {t.already_account()}{' '}
          <Link to="/sign-in" className="font-semibold text-accent underline">
            {t.sign_in_link()}
          </Link>
        </>
      }
    >
      {actionData?.error ? <Alert tone="error">{actionData.error}</Alert> : null}
      <Form method="post" className="mt-4 flex flex-col gap-5" noValidate>
        <CsrfField />
        <TextField
          label={t.name_label()}
          name="name"
          autoComplete="name"
          required
          defaultValue={values.name}
          error={errors.name}
        />
        <TextField
          label={t.email_label()}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={values.email}
          error={errors.email}
        />
        <TextField
          label={t.password_label()}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          error={errors.password}
        />
        <TextField
          label={t.company_label()}
          name="company"
          autoComplete="organization"
          defaultValue={values.company}
          error={errors.company}
        />
        <Button type="submit">{t.sign_up_button()}</Button>
      </Form>
    </AuthCard>
  )
}
