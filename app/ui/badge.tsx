import type { ReactNode } from 'react'

type Tone = 'success' | 'neutral'

const tones: Record<Tone, string> = {
  success: 'bg-green-100 text-green-900',
  neutral: 'bg-slate-200 text-slate-800',
}

/** A short status word in a pill (active / inactive ...). */
export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tones[tone]}`}>{children}</span>
}
