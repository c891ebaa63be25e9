import { data, Form, redirect, useNavigation } from 'react-router'
import type { Route } from './+types/confirm-email'
import { signUpLinkAnswerSchema, signUpTokenSchema } from '../../domain/schemas/auth.ts'
import { AuthCard } from '../layouts/auth-card'
import { apiClient } from '../lib/api.server'
import { FIRST_SIGN_IN } from '../lib/session.server'
import {
  appearanceCookies,
  clearTenantCookies,
  chosenLocale,
  cultureCookie,
  requestLocale,
  setCookies,
  tokenCookie,
} from '../lib/cookies.server'
import { codeText } from '../lib/form-errors.server'
import { submittedForm } from '../lib/forms.server'
import { floodRefusal, proofOf } from '../lib/account-request.server'
import { ProofOfWork } from '../components/proof-of-work'
import { titled, toLocale, translator, useLocale, useT } from '../lib/i18n'
import { serverContext } from '../server-context'
import { Alert } from '../ui/alert'
import { Button } from '../ui/button'
import { CsrfField } from '../ui/csrf-field'

export const meta = titled('confirm_title')

const tokenOf = (request: Request) =>
  signUpTokenSchema.safeParse({ token: new URL(request.url).searchParams.get('token') })

/**
 * A sign-up's link: the page speaks the language chosen for the company (or the one the person
 * picks here), and says what it will create — or why it will not (used, expired, sign-up closed).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = tokenOf(request)
  const res = token.success ? await apiClient(request, context).auth['sign-up-link'].$post({ json: token.data }) : null
  if (!res?.ok) {
    const refusal = res ? ((await res.json().catch(() => null)) as { code?: string } | null) : null
    const t = translator(requestLocale(request))
    return { link: null, problem: codeText(refusal?.code, t) ?? t.sign_up_link_invalid() }
  }
  const link = signUpLinkAnswerSchema.parse(await res.json())
  return { link, problem: null, pageLocale: chosenLocale(request) ?? link.culture }
}

/**
 * A button, not the link itself, founds the company: mail scanners that open links do not. The
 * new admin is signed in and lands in their company.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await submittedForm(request, context)
  const token = tokenOf(request)
  // the page's language, which its form carries
  const t = translator(toLocale(String(form.get('culture') ?? '')))
  if (!token.success) return data({ error: t.sign_up_link_invalid() }, 400)
  const res = await apiClient(request, context).auth['confirm-sign-up'].$post(
    { json: token.data },
    proofOf({ proof: String(form.get('proof') ?? '') }),
  )
  if (res.status === 200) {
    const body = await res.json()
    const secure = context.get(serverContext).production
    // the new company and its main branch are the account's current ones: the home opens there
    throw redirect(FIRST_SIGN_IN, {
      headers: setCookies(
        tokenCookie(body.accessToken, secure),
        ...clearTenantCookies(secure),
        ...appearanceCookies(body.user.scheme, body.user.theme, secure),
        cultureCookie(toLocale(body.user.culture), secure),
      ),
    })
  }
  const flood = await floodRefusal(res)
  if (flood) return data({ error: flood.proof ? null : t.too_many_requests(), proof: flood.proof }, 429)
  const refusal = (await res.json().catch(() => null)) as { code?: string } | null
  return data(
    { error: codeText(refusal?.code ?? 'unexpected', t) ?? t.error_unexpected() },
    res.status === 409 ? 409 : 400,
  )
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const locale = useLocale()
  const busy = useNavigation().state === 'submitting'
  const { link, problem } = loaderData
  if (!link) return <AuthCard title={t.confirm_title()} subtitle={problem} backToSignIn />
  return (
    <AuthCard title={t.confirm_title()} subtitle={t.confirm_text({ company: link.company })}>
      {actionData?.error ? <Alert tone="error">{actionData.error}</Alert> : null}
      <Form method="post" className="mt-4 flex flex-col gap-5">
        <CsrfField />
        <input type="hidden" name="culture" value={locale} />
        {actionData && 'proof' in actionData && actionData.proof ? <ProofOfWork proof={actionData.proof} /> : null}
        <Button type="submit" disabled={busy}>
          {busy ? t.confirming() : t.confirm_button({ company: link.company })}
        </Button>
      </Form>
    </AuthCard>
  )
}
