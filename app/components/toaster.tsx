import { useEffect } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { useT, type Translator } from '../lib/i18n'
import { dismissToast, showToast, useToasts, type ToastTone } from '../lib/toasts'

/** The messages a server action may ask to show after it redirects (?toast=key). */
const SERVER_TOASTS = { switch_failed: 'error', error_unexpected: 'error', refresh_failed: 'error', admin_saved: 'success', admin_deactivated: 'success', admin_activated: 'success', invitation_accepted: 'success', invitation_declined: 'success', done_sent: 'success', done_approved: 'success', done_rejected: 'success', done_converted: 'success', done_duplicated: 'success' } as const satisfies Partial<Record<keyof Translator, ToastTone>>

const TONE: Record<ToastTone, string> = {
  error: 'bg-red-700 text-white',
  warning: 'bg-amber-100 text-amber-950',
  success: 'bg-green-800 text-white',
  info: 'bg-slate-800 text-white',
}

/**
 * The toasts of product-shell.md §8, bottom right, each with a Dismiss button. Client code calls
 * showToast; a server action redirects with ?toast=key, shown here in the user's language and
 * dropped from the address.
 */
export function Toaster() {
  const t = useT()
  const toasts = useToasts()
  const [params] = useSearchParams()
  const navigate = useNavigate()
  useEffect(() => {
    const key = params.get('toast')
    if (!key) return
    if (key in SERVER_TOASTS) showToast(SERVER_TOASTS[key as keyof typeof SERVER_TOASTS], (t[key as keyof typeof SERVER_TOASTS] as () => string)())
    const rest = new URLSearchParams(params)
    rest.delete('toast')
    navigate({ search: rest.toString() }, { replace: true, preventScrollReset: true })
  }, [params, navigate, t])
  if (toasts.length === 0) return null
  return (
    <div className="fixed right-4 bottom-4 left-4 z-50 flex flex-col items-end gap-2 sm:left-auto">
      {toasts.map((toast) => (
        <div key={toast.id} role={toast.tone === 'error' ? 'alert' : 'status'} data-testid="toast" data-tone={toast.tone} className={`flex max-w-sm items-start gap-3 rounded-xl px-4 py-3 text-sm shadow-lg ${TONE[toast.tone]}`}>
          <span>{toast.text}</span>
          <button type="button" onClick={() => dismissToast(toast.id)} className="font-semibold underline">
            {t.dismiss()}
          </button>
        </div>
      ))}
    </div>
  )
}
