import { useEffect, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { useT, type Translator } from '../lib/i18n'

/** The messages an action may ask to show after it redirects back (?toast=key). */
const TOASTS = { switch_failed: 'error', error_unexpected: 'error' } as const satisfies Partial<Record<keyof Translator, 'error' | 'info'>>
type ToastKey = keyof typeof TOASTS

/** Shows a toast an action asked for, in the user's language, then drops it from the address. */
export function Toaster() {
  const t = useT()
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const [toast, setToast] = useState<ToastKey | null>(null)
  useEffect(() => {
    const key = params.get('toast')
    if (!key) return
    if (key in TOASTS) setToast(key as ToastKey)
    const next = new URLSearchParams(params)
    next.delete('toast')
    navigate({ search: next.toString() }, { replace: true, preventScrollReset: true })
  }, [params, navigate])
  useEffect(() => {
    if (!toast) return
    const timer = setTimeout(() => setToast(null), 8000)
    return () => clearTimeout(timer)
  }, [toast])
  if (!toast) return null
  const error = TOASTS[toast] === 'error'
  return (
    <div role={error ? 'alert' : 'status'} data-testid="toast" className={`fixed right-4 bottom-4 z-50 flex max-w-sm items-start gap-3 rounded-xl px-4 py-3 text-sm shadow-lg ${error ? 'bg-red-700 text-white' : 'bg-slate-800 text-white'}`}>
      <span>{(t[toast] as () => string)()}</span>
      <button type="button" onClick={() => setToast(null)} className="font-semibold underline">
        {t.dismiss()}
      </button>
    </div>
  )
}
