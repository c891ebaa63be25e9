import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react'
import { useT } from '../lib/i18n'

/** Where the header's panels open: a sheet across a phone's screen under the header; from sm, under their button. */
export const SHEET =
  'fixed inset-x-2 top-16 z-30 max-h-[calc(100dvh-5rem)] overflow-y-auto rounded-xl border border-line bg-surface shadow-lg sm:absolute sm:inset-x-auto sm:top-auto sm:mt-2'

/**
 * A header popover built on <details>: opens with a click or Enter/Space, closes on Escape and
 * on a click outside. Its content is rendered only while open, so the server does not render
 * every panel of every page.
 */
export function Popover({
  label,
  trigger,
  children,
  align = 'right',
  testId,
  summaryClassName,
}: {
  label: string
  trigger: ReactNode
  children: ReactNode
  align?: 'left' | 'right'
  testId?: string
  summaryClassName?: string
}) {
  const ref = useRef<HTMLDetailsElement>(null)
  const [open, setOpen] = useState(false)
  useEffect(() => {
    const close = (event: Event) => {
      const el = ref.current
      if (!el?.open) return
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return
        el.open = false
        el.querySelector('summary')?.focus()
      } else if (!event.composedPath().includes(el)) {
        // the path as dispatched: a click that re-rendered its own button still counts as inside
        el.open = false
      }
    }
    document.addEventListener('keydown', close)
    document.addEventListener('click', close)
    return () => {
      document.removeEventListener('keydown', close)
      document.removeEventListener('click', close)
    }
  }, [])
  return (
    <details ref={ref} className="relative" data-testid={testId} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary aria-label={label} title={label} className={`${summaryClassName ?? 'round-button'} summary-button`}>
        {trigger}
      </summary>
      {open ? (
        <div
          className={`${SHEET} sm:max-h-none sm:w-[24rem] sm:overflow-hidden ${align === 'right' ? 'sm:right-0' : 'sm:left-0'}`}
        >
          {children}
        </div>
      ) : null}
    </details>
  )
}

/** A panel's content whose scripts load when it first opens: "Loading…" meanwhile, said to a screen reader. */
export function PopoverLoading({ children }: { children: ReactNode }) {
  const t = useT()
  return (
    <Suspense
      fallback={
        <p role="status" className="p-4 text-sm text-muted">
          {t.loading()}
        </p>
      }
    >
      {children}
    </Suspense>
  )
}
