import { useRevalidator } from 'react-router'
import { useT } from '../lib/i18n'
import { failureOf, isModuleLoadFailure } from '../lib/unsent'
import { ActionPage } from './action-page'

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
  return (
    <ActionPage
      id="offline-page"
      title={t.offline_title()}
      text={t.offline_text()}
      action={t.try_again()}
      onAction={onTryAgain}
      frame={frame}
      titled={titled}
    />
  )
}

/** Try again for a page that failed offline: its data is asked for again, or the page is loaded again when its scripts were missing. */
export function useTryAgain(error: unknown): () => void {
  const revalidator = useRevalidator()
  return () => (isModuleLoadFailure(error) ? window.location.reload() : void revalidator.revalidate())
}

/** Whether a route's error is a request that got no answer (the offline page shows, not the error). */
export const isOffline = (error: unknown) => failureOf(error) === 'offline'
