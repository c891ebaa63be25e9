import { data, Form, Link, redirect, useNavigation, useSearchParams } from 'react-router'
import type { Route } from './+types/sign-in'
import { signInSchema } from '../../domain/schemas/auth.ts'
import { AuthCard } from '../layouts/auth-card'
import { apiClient } from '../lib/api.server'
import {
  appearanceCookies,
  chosenLocale,
  clearJoinedCookie,
  clearTenantCookies,
  cultureCookie,
  setCookies,
  tokenCookie,
  requestLocale,
  joinedOf,
} from '../lib/cookies.server'
import { credentialError, formFields, type FieldErrors } from '../lib/forms'
import { fieldErrors } from '../lib/form-errors.server'
import { loadMessages, titled, toLocale, translator, useT } from '../lib/i18n'
import { FIRST_SIGN_IN, safeRedirect } from '../lib/session.server'
import { serverContext } from '../server-context'
import { Alert } from '../ui/alert'
import { Button } from '../ui/button'
import { CsrfField } from '../ui/csrf-field'
import { TextField } from '../ui/text-field'
import { submittedForm } from '../lib/forms.server'

export const meta = titled('sign_in_title')

/**
 * Whether sign-up is offered; and just after choosing the first password of an invitation, which
 * company they joined, with the page in their language.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { signUpOpen } = context.get(serverContext)
  const joined = new URL(request.url).searchParams.get('joined') ? joinedOf(request) : null
  return joined
    ? { signUpOpen, joined, pageLocale: chosenLocale(request) ?? joined.culture }
    : { signUpOpen, joined: null }
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader()
  if (data.joined) await loadMessages(data.joined.culture, ['layouts/signed-out-layout', 'routes/sign-in'])
  return data
}

export async function action({ request, context }: Route.ActionArgs) {
  const t = translator(requestLocale(request))
  const form = await submittedForm(request, context)
  const fields = formFields(form)
  const parsed = signInSchema.safeParse(fields)
  if (!parsed.success)
    return data({ fields: fieldErrors(parsed.error, t), error: null, email: fields.email ?? '' }, 400)
  const res = await apiClient(request, context).auth['sign-in'].$post({ json: parsed.data })
  if (res.status === 200) {
    const body = await res.json()
    const secure = context.get(serverContext).production
    // the person's own language and colours from now on, whatever this browser showed before
    const cookies = [
      tokenCookie(body.accessToken, secure),
      ...clearTenantCookies(secure),
      ...appearanceCookies(body.user.scheme, body.user.theme, secure),
      cultureCookie(toLocale(body.user.culture), secure),
      clearJoinedCookie(secure),
    ]
    // a person who has just joined a company signs in for the first time: their home welcomes them
    const to = joinedOf(request) ? FIRST_SIGN_IN : safeRedirect(form.get('redirectURL'))
    throw redirect(to, { headers: setCookies(...cookies) })
  }
  const error = credentialError(res.status, t)
  return data({ fields: {} as FieldErrors, error, email: parsed.data.email }, res.status === 404 ? 401 : res.status)
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const [params] = useSearchParams()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  const redirectURL = params.get('redirectURL') ?? ''
  return (
    <AuthCard
      title={t.sign_in_title()}
      subtitle={
        // a server closed to sign-ups (production, by default) invites no stranger to make an account
        loaderData.signUpOpen ? (
          <>
            {t.sign_in_no_account()}{' '}
            <Link to="/sign-up" className="font-semibold text-accent underline">
              {t.sign_up_link()}
            </Link>
          </>
        ) : undefined
      }
    >
      {params.get('signedOut') ? <Alert tone="success">{t.signed_out_notice()}</Alert> : null}
      {params.get('reset') ? <Alert tone="success">{t.reset_done()}</Alert> : null}
      {loaderData.joined ? <Alert tone="success">{t.joined_done({ company: loaderData.joined.company })}</Alert> : null}
      {actionData?.error ? <Alert tone="error">{actionData.error}</Alert> : null}
      <Form method="post" className="mt-4 flex flex-col gap-5" noValidate>
        <CsrfField />
        <input type="hidden" name="redirectURL" value={redirectURL} />
        <TextField
          label={t.email_label()}
          name="email"
          type="email"
          autoComplete="username"
          required
          defaultValue={actionData?.email ?? loaderData.joined?.email}
          error={actionData?.fields.email}
        />
        <TextField
          label={t.password_label()}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={actionData?.fields.password}
        />
        <Link to="/forgot-password" className="self-end text-sm font-medium text-accent underline">
          {t.forgot_password_link()}
        </Link>
        <Button type="submit" disabled={busy}>
          {busy ? t.signing_in() : t.sign_in_button()}
        </Button>
      </Form>
    </AuthCard>
  )
}
