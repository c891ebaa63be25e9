import { useCallback, useState } from 'react'
import { data, Form, useNavigation, useRouteLoaderData } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/myaccount'
import { passwordChangeSchema } from '../../../domain/schemas/auth.ts'
import type { ViewLayoutData } from '../../layouts/view-layout'
import { apiClient } from '../../lib/api.server'
import { appearanceCookies, cultureCookie, setCookies, tokenCookie, requestLocale } from '../../lib/cookies.server'
import { SCHEMES, THEMES } from '../../../domain/tenancy.ts'
import { formFields, type FieldErrors } from '../../lib/forms'
import { fieldErrors, refusalErrors } from '../../lib/form-errors.server'
import { LOCALES, titled, translator, useT } from '../../lib/i18n'
import { serverContext } from '../../server-context'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { CsrfField } from '../../ui/csrf-field'
import { SelectField } from '../../ui/select-field'
import { TextField } from '../../ui/text-field'
import { UploadDialog } from '../../components/upload-dialog'
import { Avatar } from '../../ui/avatar'
import { submittedForm } from '../../lib/forms.server'

export const meta = titled('profile_title')

const profileForm = z.object({
  name: z.string().trim().min(1).max(120),
  culture: z.enum(LOCALES),
  status: z.enum(['online', 'away', 'busy', 'not-visible']),
  scheme: z.enum(SCHEMES),
  theme: z.enum(THEMES),
})

type Result = { form: 'profile' | 'password'; ok: boolean; fields: FieldErrors; error: string | null }

/** The profile (docs/shell.md view/myaccount): name, language, status and the password. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = formFields(await submittedForm(request, context))
  const t = translator(requestLocale(request))
  const secure = context.get(serverContext).production
  const api = apiClient(request, context)
  if (form.intent === 'password') {
    const parsed = passwordChangeSchema.safeParse(form)
    if (!parsed.success)
      return data<Result>({ form: 'password', ok: false, fields: fieldErrors(parsed.error, t), error: null }, 400)
    if (form.passwordConfirm !== parsed.data.newPassword)
      return data<Result>(
        { form: 'password', ok: false, fields: { passwordConfirm: t.passwords_must_match() }, error: null },
        400,
      )
    const res = await api.common.user.password.$post({ json: parsed.data })
    if (res.status === 200) {
      const { accessToken } = await res.json()
      return data<Result>(
        { form: 'password', ok: true, fields: {}, error: null },
        { headers: setCookies(tokenCookie(accessToken, secure)) },
      )
    }
    const error = res.status === 400 ? null : res.status === 429 ? t.sign_in_error_throttled() : t.error_unexpected()
    const refused = res.status === 400 ? refusalErrors(400, await res.json().catch(() => null), t) : {}
    // a new password refused (too common) at its field, else the current one was wrong
    const fields: Record<string, string> = refused.newPassword
      ? { newPassword: refused.newPassword }
      : res.status === 400
        ? { currentPassword: t.current_password_wrong() }
        : {}
    return data<Result>({ form: 'password', ok: false, fields, error }, res.status === 400 ? 400 : res.status)
  }
  const parsed = profileForm.safeParse(form)
  if (!parsed.success)
    return data<Result>({ form: 'profile', ok: false, fields: fieldErrors(parsed.error, t), error: null }, 400)
  const res = await api.common.user.$patch({ json: { user: parsed.data } })
  if (!res.ok) return data<Result>({ form: 'profile', ok: false, fields: {}, error: t.error_unexpected() }, 500)
  const { culture, scheme, theme } = parsed.data
  return data<Result>(
    { form: 'profile', ok: true, fields: {}, error: null },
    { headers: setCookies(cultureCookie(culture, secure), ...appearanceCookies(scheme, theme, secure)) },
  )
}

export default function MyAccount({ actionData }: Route.ComponentProps) {
  const t = useT()
  const frame = useRouteLoaderData('layouts/view-layout') as ViewLayoutData
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const user = frame.user
  const [avatarOpen, setAvatarOpen] = useState(false)
  const closeAvatar = useCallback(() => setAvatarOpen(false), [])
  const result = actionData as Result | undefined
  const profile = result?.form === 'profile' ? result : undefined
  const password = result?.form === 'password' ? result : undefined
  const names = { en: t.lang_en(), es: t.lang_es(), pt: t.lang_pt() }
  const statuses = {
    online: t.status_online(),
    away: t.status_away(),
    busy: t.status_busy(),
    'not-visible': t.status_not_visible(),
  }
  const schemes = { light: t.scheme_light(), dark: t.scheme_dark(), auto: t.scheme_auto() }
  const themes = {
    default: t.theme_default(),
    brand: t.theme_brand(),
    teal: t.theme_teal(),
    rose: t.theme_rose(),
    purple: t.theme_purple(),
    amber: t.theme_amber(),
  }
  return (
    <div className="flex max-w-2xl flex-col gap-8">
      <h1 className="text-3xl font-extrabold tracking-tight">{t.profile_title()}</h1>
      <section className="flex items-center gap-5 rounded-2xl bg-surface p-6 shadow-sm" aria-labelledby="avatar-title">
        <Avatar
          src={user.avatar}
          name={user.name}
          className="h-20 w-20 bg-primary-600 text-2xl text-white"
          testId="profile-avatar"
        />
        <div className="flex flex-col gap-2">
          <h2 id="avatar-title" className="text-lg font-bold">
            {t.avatar_label()}
          </h2>
          <Button type="button" variant="secondary" onClick={() => setAvatarOpen(true)} className="self-start">
            {t.avatar_change()}
          </Button>
        </div>
        <UploadDialog open={avatarOpen} onClose={closeAvatar} purpose="avatar" current={user.avatar} />
      </section>
      <section className="rounded-2xl bg-surface p-6 shadow-sm">
        {profile?.ok ? <Alert tone="success">{t.profile_saved()}</Alert> : null}
        {profile?.error ? <Alert tone="error">{profile.error}</Alert> : null}
        <Form method="post" className="mt-4 flex flex-col gap-5" noValidate>
          <CsrfField />
          <input type="hidden" name="intent" value="profile" />
          <TextField
            label={t.name_label()}
            name="name"
            defaultValue={user.name}
            autoComplete="name"
            required
            error={profile?.fields.name}
          />
          <TextField label={t.email_label()} value={user.email} readOnly disabled />
          <SelectField
            label={t.culture_label()}
            name="culture"
            defaultValue={user.culture}
            options={names}
            optionLang
          />
          <SelectField label={t.status_label()} name="status" defaultValue={user.status} options={statuses} />
          <SelectField label={t.scheme_label()} name="scheme" defaultValue={user.scheme} options={schemes} />
          <SelectField label={t.theme_label()} name="theme" defaultValue={user.theme} options={themes} />
          <Button type="submit" disabled={busy} className="self-start">
            {t.save()}
          </Button>
        </Form>
      </section>
      <section className="rounded-2xl bg-surface p-6 shadow-sm">
        <h2 className="text-xl font-bold">{t.password_title()}</h2>
        {password?.ok ? <Alert tone="success">{t.password_changed()}</Alert> : null}
        {password?.error ? <Alert tone="error">{password.error}</Alert> : null}
        <Form method="post" className="mt-4 flex flex-col gap-5" noValidate>
          <CsrfField />
          <input type="hidden" name="intent" value="password" />
          <TextField
            label={t.current_password_label()}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            error={password?.fields.currentPassword}
          />
          <TextField
            label={t.new_password_label()}
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
            error={password?.fields.newPassword}
          />
          <TextField
            label={t.confirm_password_label()}
            name="passwordConfirm"
            type="password"
            autoComplete="new-password"
            required
            error={password?.fields.passwordConfirm}
          />
          <Button type="submit" disabled={busy} className="self-start">
            {t.password_title()}
          </Button>
        </Form>
      </section>
    </div>
  )
}
