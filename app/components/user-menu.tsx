import { Form, Link, useFetcher, useLocation, useRouteLoaderData } from 'react-router'
import type { PublicUser } from '../../domain/tenancy.ts'
import { useT } from '../lib/i18n'
import { Avatar } from '../ui/avatar'
import { CsrfField } from '../ui/csrf-field'
import { Popover } from './popover'

const DOT: Record<PublicUser['status'], string> = {
  online: 'bg-green-500',
  away: 'bg-amber-400',
  busy: 'bg-red-500',
  'not-visible': 'bg-slate-400',
}

/** The colour scheme the page is drawn in (the root loader read it from its cookie). */
function useScheme(): string {
  return (useRouteLoaderData('root') as { scheme?: string } | undefined)?.scheme ?? 'light'
}

/** The user menu (docs/shell.md §2): 'Signed in as' the e-mail, Profile, status, Sign out. */
export function UserMenu({ user }: { user: PublicUser }) {
  const t = useT()
  const fetcher = useFetcher()
  const location = useLocation()
  const labels: Record<PublicUser['status'], string> = {
    online: t.status_online(),
    away: t.status_away(),
    busy: t.status_busy(),
    'not-visible': t.status_not_visible(),
  }
  const schemes = { light: t.scheme_light(), dark: t.scheme_dark(), auto: t.scheme_short_auto() }
  const scheme = useScheme()
  const status = (fetcher.formData?.get('status') as PublicUser['status'] | null) ?? user.status
  const trigger = (
    <span className="relative flex">
      {/* the initials are drawn by CSS, so the button's visible text matches its name (User menu) */}
      <Avatar src={user.avatar} name={user.name} drawn className="h-9 w-9 bg-primary-600 text-sm text-white" />
      <span
        className={`absolute right-0 bottom-0 h-3 w-3 rounded-full ring-2 ring-white ${DOT[status]}`}
        data-testid="status-dot"
        data-status={status}
      />
    </span>
  )
  return (
    <Popover label={t.user_menu_label()} trigger={trigger} testId="user-menu">
      <div className="border-b border-line px-4 py-3">
        <div className="text-sm text-muted">{t.signed_in_as()}</div>
        <div className="font-semibold text-ink">{user.email}</div>
      </div>
      <nav className="flex flex-col py-1">
        <Link to="/view/myaccount" className="px-4 py-2 hover:bg-canvas">
          {t.profile()}
        </Link>
        <Link to="/view/help" className="px-4 py-2 hover:bg-canvas">
          {t.help_title()}
        </Link>
      </nav>
      <fetcher.Form method="post" action="/resources/panel" className="border-t border-line px-4 py-2">
        <CsrfField />
        <input type="hidden" name="intent" value="status" />
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <fieldset>
          <legend className="mb-1 text-sm text-muted">{t.status_label()}</legend>
          {(Object.keys(labels) as Array<PublicUser['status']>).map((s) => (
            <button
              key={s}
              type="submit"
              name="status"
              value={s}
              aria-pressed={status === s}
              className="flex w-full items-center gap-3 rounded-md px-2 py-1.5 text-left hover:bg-canvas aria-pressed:font-semibold"
            >
              <span className={`h-3 w-3 rounded-full ${DOT[s]}`} aria-hidden="true" />
              {labels[s]}
            </button>
          ))}
        </fieldset>
      </fetcher.Form>
      <Form method="post" action="/resources/appearance" className="border-t border-line px-4 py-2">
        <CsrfField />
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <fieldset>
          <legend className="mb-1 text-sm text-muted">{t.scheme_label()}</legend>
          <div className="flex gap-1">
            {(['light', 'dark', 'auto'] as const).map((s) => (
              <button
                key={s}
                type="submit"
                name="scheme"
                value={s}
                aria-pressed={scheme === s}
                className="flex-1 rounded-md border border-line px-2 py-1.5 text-sm hover:bg-canvas aria-pressed:border-primary-600 aria-pressed:font-semibold"
              >
                {schemes[s]}
              </button>
            ))}
          </div>
        </fieldset>
      </Form>
      {/* one click signs out: the form posts to /sign-out with the page's CSRF token (its page asks only a typed address) */}
      <Form method="post" action="/sign-out" className="border-t border-line">
        <CsrfField />
        <button type="submit" className="block w-full px-4 py-3 text-left hover:bg-canvas">
          {t.sign_out_button()}
        </button>
      </Form>
    </Popover>
  )
}
