import { data, Form, Link, redirect, type RouterContextProvider } from 'react-router'
import type { Route } from './+types/reset-password'
import { resetLinkAnswer, resetPasswordSchema } from '../../domain/schemas/auth.ts'
import { AuthCard } from '../layouts/auth-card'
import { apiClient } from '../lib/api.server'
import { chosenLocale, joinedCookie, requestLocale, setCookies } from '../lib/cookies.server'
import { formFields } from '../lib/forms'
import { fieldErrors, refusalErrors } from '../lib/form-errors.server'
import { loadMessages, titled, translator, useT } from '../lib/i18n'
import { serverContext } from '../server-context'
import { Alert } from '../ui/alert'
import { Button } from '../ui/button'
import { CsrfField } from '../ui/csrf-field'
import { TextField } from '../ui/text-field'
import { submittedForm } from '../lib/forms.server'

export const meta = titled('reset_title')

/**
 * What the link is (its language, an invitation of which company), without spending it; null when
 * it is no valid link, 'email_only' for an invitation's copied link that cannot set this account's password.
 */
async function linkFacts(request: Request, context: Readonly<RouterContextProvider>, token: string) {
  if (token.length < 20 || token.length > 200) return null
  const res = await apiClient(request, context).auth['reset-link'].$post({ json: { token } })
  if (res.status === 400) {
    const refusal = (await res.json().catch(() => null)) as { code?: string } | null
    return refusal?.code === 'invitation_link_email_only' ? ('email_only' as const) : null
  }
  if (!res.ok) throw data(null, { status: 500 })
  return resetLinkAnswer.parse(await res.json())
}

/** The page speaks the language of the person the link is for (an invitation's: the one the company chose); an invalid link says so at once. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const token = url.searchParams.get('token') ?? ''
  const facts = await linkFacts(request, context, token)
  if (facts === 'email_only') return { token, facts: null, invitedLink: true, emailOnly: true }
  if (!facts) return { token, facts: null, invitedLink: url.searchParams.get('invited') === '1', emailOnly: false }
  return {
    token,
    facts,
    invitedLink: facts.invited,
    emailOnly: false,
    pageLocale: chosenLocale(request) ?? facts.culture,
  }
}

/** Reached in the browser: the page's language comes before it shows. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader()
  if (data.facts) await loadMessages(data.facts.culture, ['layouts/signed-out-layout', 'routes/reset-password'])
  return data
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = formFields(await submittedForm(request, context))
  const read = await linkFacts(request, context, fields.token ?? '')
  const facts = read === 'email_only' ? null : read
  const t = translator(facts?.culture ?? requestLocale(request))
  if (read === 'email_only') return data({ fields: {}, error: t.invitation_link_email_only() }, 400)
  const parsed = resetPasswordSchema.safeParse(fields)
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error, t)
    return data({ fields: errors, error: errors.token ? t.reset_invalid() : null }, 400)
  }
  if (fields.passwordConfirm !== parsed.data.password)
    return data({ fields: { passwordConfirm: t.passwords_must_match() }, error: null }, 400)
  // an invitation's page speaks the invitation's language or the one the person picked on it: theirs from now on
  const culture = facts?.invited ? (chosenLocale(request) ?? facts.culture) : undefined
  const res = await apiClient(request, context).auth['reset-password'].$post({ json: { ...parsed.data, culture } })
  if (res.ok) {
    // an invitation: sign-in says which company they joined, in their language, their e-mail filled in
    if (facts?.invited && facts.company && culture) {
      const { email } = await res.json()
      const secure = context.get(serverContext).production
      throw redirect('/sign-in?joined=1', {
        headers: setCookies(joinedCookie({ culture, company: facts.company, email }, secure)),
      })
    }
    throw redirect('/sign-in?reset=1')
  }
  const refused = res.status === 400 ? refusalErrors(400, await res.json().catch(() => null), t) : {}
  if (refused.password) return data({ fields: { password: refused.password }, error: null }, 400)
  return data(
    { fields: {}, error: res.status === 400 ? t.reset_invalid() : t.error_unexpected() },
    res.status === 400 ? 400 : 500,
  )
}

/** The same page opens an invitation's link (`&invited=1`): there the person chooses their first password. */
export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const { token, facts, invitedLink, emailOnly } = loaderData
  const company = facts?.company
  const errors: Record<string, string> = actionData?.fields ?? {}
  return (
    <AuthCard
      title={invitedLink ? t.invited_title() : t.reset_title()}
      subtitle={
        !facts
          ? undefined
          : company
            ? t.invited_text_company({ company })
            : invitedLink
              ? t.invited_text()
              : t.reset_text()
      }
      backToSignIn
    >
      {!facts ? (
        // a spent, expired or replaced link: said before anything is typed
        <div className="mt-4 flex flex-col gap-4">
          <Alert tone="error">
            {emailOnly ? t.invitation_link_email_only() : invitedLink ? t.invited_invalid() : t.reset_invalid()}
          </Alert>
          {invitedLink ? null : (
            <Link to="/forgot-password" className="self-start font-semibold text-accent underline">
              {t.forgot_title()}
            </Link>
          )}
        </div>
      ) : (
        <>
          {actionData?.error ? <Alert tone="error">{actionData.error}</Alert> : null}
          <Form method="post" className="mt-4 flex flex-col gap-5" noValidate>
            <CsrfField />
            <input type="hidden" name="token" value={token} />
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
            <Button type="submit">{invitedLink ? t.invited_button() : t.reset_button()}</Button>
          </Form>
        </>
      )}
    </AuthCard>
  )
}
