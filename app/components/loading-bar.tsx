import { useFetchers, useNavigation } from 'react-router'
import { useT } from '../lib/i18n'

/** docs/shell.md §2: a bar at the top while any navigation, submission or fetch is in flight. */
export function LoadingBar() {
  const t = useT()
  const navigation = useNavigation()
  const fetchers = useFetchers()
  const busy = navigation.state !== 'idle' || fetchers.some((f) => f.state !== 'idle')
  if (!busy) return null
  return (
    <div
      role="progressbar"
      aria-label={t.loading()}
      className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-primary-100"
      data-testid="loading-bar"
    >
      <div className="h-full w-1/3 animate-[loading_1s_ease-in-out_infinite] bg-primary-600" />
    </div>
  )
}
