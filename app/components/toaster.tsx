import { useEffect } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { useT, type Translator } from '../lib/i18n'
import { dismissToast, showToast, useToasts, type ToastTone } from '../lib/toasts'
import type { DoneKey } from '../kit/module'

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
  // on his way, and the client was not told: the technician should call
  done_visit_depart_unsent: 'warning',
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
  if (toasts.length === 0) return null
  return (
    <div className="fixed right-4 bottom-4 left-4 z-50 flex flex-col items-end gap-2 sm:left-auto">
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
  )
}
