import { useEffect, useRef } from 'react'
import { useRevalidator } from 'react-router'
import { useT } from '../lib/i18n'
import { failureOf, isModuleLoadFailure } from '../lib/unsent'
import { Button } from '../ui/button'

/**
 * docs/shell.md §8: the app's own page for a navigation that got no answer (offline), in the
 * user's language, with Try again. `frame`: inside the signed-in frame (a route's error
 * boundary); otherwise the whole screen.
 */
export function OfflinePage({
  onTryAgain,
  frame = false,
  titled = false,
}: {
  onTryAgain: () => void
  frame?: boolean
  /** The document's title too (the whole page is this one: no route's title is shown). */
  titled?: boolean
}) {
  const t = useT()
  // focus on Try again: a keyboard user acts at once, a screen reader reads where they are
  const page = useRef<HTMLElement>(null)
  useEffect(() => page.current?.querySelector('button')?.focus(), [])
  return (
    <section
      ref={page}
      data-testid="offline-page"
      aria-labelledby="offline-title"
      className={
        frame
          ? 'flex flex-col items-start gap-3'
          : 'flex min-h-full flex-col items-center justify-center gap-4 bg-canvas p-8 text-center'
      }
    >
      {titled ? <title>{`${t.offline_title()} · ${t.app_name()}`}</title> : null}
      <h1 id="offline-title" className="text-3xl font-extrabold tracking-tight">
        {t.offline_title()}
      </h1>
      <p className="max-w-md text-lg text-muted">{t.offline_text()}</p>
      <Button type="button" onClick={onTryAgain}>
        {t.try_again()}
      </Button>
    </section>
  )
}

/** Try again for a page that failed offline: its data is asked for again, or the page is loaded again when its scripts were missing. */
export function useTryAgain(error: unknown): () => void {
  const revalidator = useRevalidator()
  return () => (isModuleLoadFailure(error) ? window.location.reload() : void revalidator.revalidate())
}

/** Whether a route's error is a request that got no answer (the offline page shows, not the error). */
export const isOffline = (error: unknown) => failureOf(error) === 'offline'
