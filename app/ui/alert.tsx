import type { ReactNode } from 'react'

type Tone = 'error' | 'success' | 'info'

/** Each tone's colours (app/app.css), written whole for Tailwind to find them. */
const TONES: Record<Tone, string> = { error: 'alert-error', success: 'alert-success', info: 'alert-info' }

export function Alert({ tone, id, children }: { tone: Tone; id?: string; children: ReactNode }) {
  return (
    <div
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      tabIndex={tone === 'error' ? -1 : undefined}
      className={`rounded-md border px-4 py-3 text-sm ${TONES[tone]}`}
    >
      {children}
    </div>
  )
}
