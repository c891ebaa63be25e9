import type { ReactNode } from 'react'

/**
 * A record's panel under its facts (an invoice's payments, an account's transfers, a bill's paper):
 * a bordered section named by its heading (`id` is the heading's, for forms labelled by it too).
 */
export function PanelSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  )
}
