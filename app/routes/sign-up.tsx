import { useEffect, useRef } from 'react'
import { data, Form, Link, useNavigation } from 'react-router'
import { countries } from 'countries-list'
import type { Route } from './+types/sign-up'
import { signUpSchema } from '../../domain/schemas/auth.ts'
import { CURRENCIES } from '../../domain/money.ts'
import { CULTURES } from '../../domain/cultures.ts'
import { AuthCard } from '../layouts/auth-card'
import { apiClient } from '../lib/api.server'
import { requestLocale } from '../lib/cookies.server'
import { formFields } from '../lib/forms'
import { fieldErrors, refusalErrors } from '../lib/form-errors.server'
import { titled, translator, useT, type Locale } from '../lib/i18n'
import { serverContext } from '../server-context'
import { Alert } from '../ui/alert'
import { Button } from '../ui/button'
import { CheckboxField } from '../ui/checkbox-field'
import { CsrfField } from '../ui/csrf-field'
import { SelectField } from '../ui/select-field'
import { TextField } from '../ui/text-field'
import { submittedForm } from '../lib/forms.server'
import { floodRefusal, proofOf } from '../lib/account-request.server'
import { ProofOfWork } from '../components/proof-of-work'

export const meta = titled('sign_up_title')

/** Where a browser's language leaves no country: the one each of our languages is mostly spoken in. */
const LANGUAGE_COUNTRY: Record<Locale, string> = { en: 'US', es: 'MX', pt: 'BR' }
const COUNTRY_CURRENCY: Record<string, (typeof CURRENCIES)[number]> = { BR: 'BRL', MX: 'MXN' }
/** A first guess of the time zone before the browser tells its own. */
const COUNTRY_ZONE: Record<string, string> = {
  BR: 'America/Sao_Paulo',
  MX: 'America/Mexico_City',
  US: 'America/New_York',
}

/**
 * The company's defaults from the browser: its language and, from Accept-Language's region
 * (pt-BR, es-MX), the country, its currency and a time zone (the page then takes the browser's own).
 */
function defaultsFor(request: Request, locale: Locale) {
  const region = /^[a-z]{2}-([A-Z]{2})\b/i.exec(request.headers.get('accept-language') ?? '')?.[1]?.toUpperCase()
  const country = region && region in countries ? region : LANGUAGE_COUNTRY[locale]
  return {
    culture: locale,
    country,
    currency: COUNTRY_CURRENCY[country] ?? 'USD',
    timeZone: COUNTRY_ZONE[country] ?? 'UTC',
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  if (!context.get(serverContext).signUpOpen) return { open: false as const }
  const locale = requestLocale(request)
  return { open: true as const, defaults: defaultsFor(request, locale), countries: countryNamesIn(locale) }
}

const countryNamesByLocale = new Map<Locale, Record<string, string>>()
/** The countries by code, named and sorted in a language: made once per language, not on every request. */
function countryNamesIn(locale: Locale): Record<string, string> {
  let named = countryNamesByLocale.get(locale)
  if (!named) {
    const names = new Intl.DisplayNames([CULTURES[locale]], { type: 'region', fallback: 'none' })
    const entries = Object.keys(countries)
      .map((code) => [code, names.of(code) ?? countries[code as keyof typeof countries].name] as const)
      .sort((a, b) => a[1].localeCompare(b[1], CULTURES[locale]))
    named = Object.fromEntries(entries)
    countryNamesByLocale.set(locale, named)
  }
  return named
}

const linkPath = (link: string | null) => {
  if (!link) return null
  const url = new URL(link)
  return url.pathname + url.search
}

export async function action({ request, context }: Route.ActionArgs) {
  const t = translator(requestLocale(request))
  const fields = formFields(await submittedForm(request, context))
  // a checkbox sends its value only when ticked
  const parsed = signUpSchema.safeParse({ ...fields, agreements: fields.agreements === 'true' })
  if (!parsed.success) return data({ fields: fieldErrors(parsed.error, t), error: null, values: fields }, 400)
  const res = await apiClient(request, context).auth['sign-up'].$post({ json: parsed.data }, proofOf(fields))
  if (res.ok)
    return {
      sent: { email: parsed.data.email, company: parsed.data.company },
      // outside production with no mail server, the person follows the link from here (on the host they use)
      link: linkPath(res.headers.get('confirmation-link')),
    }
  const flood = await floodRefusal(res)
  if (flood)
    return data(
      { fields: {}, error: flood.proof ? null : t.too_many_requests(), values: fields, proof: flood.proof },
      429,
    )
  const body = await res.json().catch(() => null)
  if (res.status === 403) return data({ fields: {}, error: t.sign_up_closed(), values: fields }, 403)
  // a refused field (a too common password ...) is told next to it
  const refused = res.status === 400 ? refusalErrors(400, body, t) : {}
  return data(
    {
      fields: refused.form ? {} : refused,
      error: refused.form || res.status !== 400 ? t.error_unexpected() : null,
      values: fields,
    },
    res.status === 400 ? 400 : 500,
  )
}

/** The browser's own time zone replaces the first guess, unless the person chose one already. */
function useBrowserTimeZone(select: React.RefObject<HTMLSelectElement | null>, typed: boolean) {
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
    const el = select.current
    if (!typed && el && zone && [...el.options].some((o) => o.value === zone)) el.value = zone
  }, [select, typed])
}

const TIME_ZONES = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC']

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const busy = useNavigation().state === 'submitting'
  const zone = useRef<HTMLSelectElement>(null)
  const values: Record<string, string> = actionData && 'values' in actionData ? actionData.values : {}
  useBrowserTimeZone(zone, Boolean(values.timeZone))
  const signIn = (
    <>
      {t.already_account()}{' '}
      <Link to="/sign-in" className="font-semibold text-accent underline">
        {t.sign_in_link()}
      </Link>
    </>
  )
  if (!loaderData.open) return <AuthCard title={t.sign_up_closed_title()} subtitle={t.sign_up_closed()} backToSignIn />
  if (actionData && 'sent' in actionData) {
    const { sent, link } = actionData
    return (
      <AuthCard title={t.sign_up_sent_title()} subtitle={t.sign_up_sent_text(sent)} backToSignIn>
        {link ? (
          <Alert tone="info">
            {t.sign_up_dev_link()}{' '}
            <a href={link} className="font-semibold text-accent underline">
              {t.sign_up_dev_link_open()}
            </a>
          </Alert>
        ) : null}
      </AuthCard>
    )
  }
  const { defaults, countries: countryNames } = loaderData
  const errors: Record<string, string> = actionData?.fields ?? {}
  const languages = { en: t.lang_en(), es: t.lang_es(), pt: t.lang_pt() }
  const section = 'flex flex-col gap-5 border-0 p-0'
  const legend = 'mb-1 text-lg font-semibold'
  return (
    <AuthCard title={t.sign_up_title()} subtitle={signIn}>
      <p className="text-ink-soft">{t.sign_up_intro()}</p>
      {actionData?.error ? <Alert tone="error">{actionData.error}</Alert> : null}
      <Form method="post" className="mt-4 flex flex-col gap-8" noValidate>
        <CsrfField />
        <fieldset className={section}>
          <legend className={legend}>{t.sign_up_you()}</legend>
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
        </fieldset>
        <fieldset className={section}>
          <legend className={legend}>{t.sign_up_company()}</legend>
          <TextField
            label={t.company_label()}
            name="company"
            autoComplete="organization"
            required
            defaultValue={values.company}
            error={errors.company}
          />
          <TextField
            label={t.f_legal_name()}
            name="legalName"
            placeholder={t.branch_hint()}
            defaultValue={values.legalName}
            error={errors.legalName}
          />
          <SelectField
            label={t.country_label()}
            name="country"
            required
            defaultValue={values.country ?? defaults.country}
            options={countryNames}
            error={errors.country}
          />
          <SelectField
            label={t.currency_label()}
            name="currency"
            required
            defaultValue={values.currency ?? defaults.currency}
            options={Object.fromEntries(CURRENCIES.map((c) => [c, c]))}
            error={errors.currency}
          />
          <SelectField
            label={t.company_language_label()}
            name="culture"
            required
            optionLang
            defaultValue={values.culture ?? defaults.culture}
            options={languages}
            error={errors.culture}
          />
          <SelectField
            label={t.time_zone_label()}
            name="timeZone"
            ref={zone}
            required
            defaultValue={values.timeZone ?? defaults.timeZone}
            options={Object.fromEntries(TIME_ZONES.map((z) => [z, z.replaceAll('_', ' ')]))}
            error={errors.timeZone}
          />
          <TextField
            label={t.branch_label()}
            name="branch"
            placeholder={t.branch_hint()}
            defaultValue={values.branch}
            error={errors.branch}
          />
        </fieldset>
        <CheckboxField
          label={t.agreements_label()}
          name="agreements"
          value="true"
          required
          defaultChecked={values.agreements === 'true'}
          error={errors.agreements}
        />
        {actionData && 'proof' in actionData && actionData.proof ? <ProofOfWork proof={actionData.proof} /> : null}
        <Button type="submit" disabled={busy}>
          {t.sign_up_button()}
        </Button>
      </Form>
    </AuthCard>
  )
}
