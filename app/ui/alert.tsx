import type { ReactNode } from 'react'

type Tone = 'error' | 'success' | 'info'

/** Each tone light on light, and dark on dark in the dark scheme (a light box glared on a dark page). */
const tones: Record<Tone, string> = {
  error: 'border-red-200 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
  success: 'border-green-200 bg-green-50 text-green-800 dark:border-green-800 dark:bg-green-950 dark:text-green-100',
  info: 'border-sky-200 bg-sky-50 text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100',
}

export function Alert({ tone, id, children }: { tone: Tone; id?: string; children: ReactNode }) {
  return (
    <div
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      tabIndex={tone === 'error' ? -1 : undefined}
      className={`rounded-md border px-4 py-3 text-sm ${tones[tone]}`}
    >
      {children}
    </div>
  )
}
