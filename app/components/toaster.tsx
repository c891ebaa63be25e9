import { useEffect } from 'react'
import { useLocation, useNavigate, useSearchParams, useSubmit } from 'react-router'
import { useT, type Translator } from '../lib/i18n'
import { dismissToast, showToast, useToasts, type ToastTone } from '../lib/toasts'
import type { DoneKey } from '../kit/module'
import { forgetOfflineTarget, useOfflineTarget } from '../lib/route-loading'
import { forgetUnsent, useUnsent } from '../lib/unsent'
import { OfflinePage } from './offline-page'

/** The messages a server action may ask to show after it redirects (?toast=key), besides a module action's `done_…` (a success). */
const SERVER_TOASTS = {
  switch_failed: 'error',
  error_unexpected: 'error',
  refresh_failed: 'error',
  admin_saved: 'success',
  admin_deactivated: 'success',
  admin_activated: 'success',
  invitation_accepted: 'success',
  invitation_declined: 'success',
  // an account whose password came through a link the office saw accepts nothing until it proves its mailbox
  email_unconfirmed: 'error',
  // on his way, and the client was not told: the technician should call
  done_visit_depart_unsent: 'warning',
  // a document shared on WhatsApp to a client with no WhatsApp or mobile number
  share_no_whatsapp: 'warning',
} as const satisfies Partial<Record<keyof Translator, ToastTone>>

/** The tone of a toast a server action asked for, or null for a key that is not one (nothing is shown). */
function serverToast(key: string, t: Translator): { tone: ToastTone; text: string } | null {
  if (key in SERVER_TOASTS)
    return {
      tone: SERVER_TOASTS[key as keyof typeof SERVER_TOASTS],
      text: (t[key as keyof typeof SERVER_TOASTS] as () => string)(),
    }
  // what a record's lifecycle action says once done (app/kit/module.ts RecordAction.done)
  if (/^done_[a-z_]+$/.test(key) && key in t) return { tone: 'success', text: (t[key as DoneKey] as () => string)() }
  return null
}

const TONE: Record<ToastTone, string> = {
  error: 'bg-red-700 text-white',
  warning: 'bg-amber-100 text-amber-950',
  success: 'bg-green-800 text-white',
  info: 'bg-slate-800 text-white',
}

/**
 * The toasts of docs/shell.md §8, bottom right, each with a Dismiss button. Client code calls
 * showToast; a server action redirects with ?toast=key, shown here in the user's language and
 * dropped from the address.
 */
export function Toaster() {
  const t = useT()
  const toasts = useToasts()
  const unsent = useUnsent()
  const { pathname } = useLocation()
  // a form's notice goes with its page
  useEffect(() => {
    if (unsent && unsent.page !== pathname) forgetUnsent()
  }, [unsent, pathname])
  const [params] = useSearchParams()
  const navigate = useNavigate()
  useEffect(() => {
    const key = params.get('toast')
    if (!key) return
    const toast = serverToast(key, t)
    if (toast) showToast(toast.tone, toast.text)
    const rest = new URLSearchParams(params)
    rest.delete('toast')
    navigate({ search: rest.toString() }, { replace: true, preventScrollReset: true })
  }, [params, navigate, t])
  return (
    <>
      <OfflineScreen />
      {toasts.length > 0 || unsent ? (
        <div className="fixed right-4 bottom-4 left-4 z-50 flex flex-col items-end gap-2 sm:left-auto">
          {unsent ? <UnsentNotice /> : null}
          {toasts.map((toast) => (
            <div
              key={toast.id}
              role={toast.tone === 'error' ? 'alert' : 'status'}
              data-testid="toast"
              data-tone={toast.tone}
              className={`flex max-w-sm items-start gap-3 rounded-xl px-4 py-3 text-sm shadow-lg ${TONE[toast.tone]}`}
            >
              <span>{toast.text}</span>
              <button type="button" onClick={() => dismissToast(toast.id)} className="font-semibold underline">
                {t.dismiss()}
              </button>
            </div>
          ))}
        </div>
      ) : null}
    </>
  )
}

/**
 * docs/shell.md §8: a form the network or the server did not take. It stays on screen (what was
 * typed is still in the form) until it is sent again, dismissed or the user leaves the page; Try
 * again sends the same form again, with its key, so it is saved once whatever reached the server.
 */
function UnsentNotice() {
  const t = useT()
  const unsent = useUnsent()
  const submit = useSubmit()
  if (!unsent) return null
  // a form posted elsewhere (a panel's, by a fetcher) is not sent again as a page's form
  const own = new URL(unsent.action, window.location.href).pathname === unsent.page
  return (
    <div
      role="alert"
      data-testid="unsent"
      data-why={unsent.why}
      className={`flex max-w-sm flex-wrap items-center gap-3 rounded-xl px-4 py-3 text-sm shadow-lg ${TONE.error}`}
    >
      <span className="basis-full">{unsent.why === 'offline' ? t.unsent_offline() : t.unsent_server()}</span>
      {own ? (
        <button
          type="button"
          className="min-h-11 rounded-md bg-white px-3 font-semibold text-red-800"
          onClick={() => {
            forgetUnsent()
            void submit(unsent.form, { method: unsent.method, action: unsent.action, encType: unsent.encType })
          }}
        >
          {t.try_again()}
        </button>
      ) : null}
      <button type="button" onClick={forgetUnsent} className="min-h-11 font-semibold underline">
        {t.dismiss()}
      </button>
    </div>
  )
}

/** A navigation whose page's scripts could not load offline: the offline page over the one the user was on. */
function OfflineScreen() {
  const target = useOfflineTarget()
  const navigate = useNavigate()
  if (!target) return null
  return (
    <div role="dialog" aria-modal="true" aria-labelledby="offline-page-title" className="fixed inset-0 z-50 bg-canvas">
      <OfflinePage
        onTryAgain={() => {
          forgetOfflineTarget()
          void navigate(target)
        }}
      />
    </div>
  )
}
