import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { useT, type Translator } from '../lib/i18n'
import { isOffline, OfflinePage, useTryAgain } from './offline-page'
import { FormExpired } from './form-expired'
import { isFormExpired } from '../lib/unsent'

/**
 * 403 and 404 inside the frame (navigation and header stay); offline, the offline page there; a
 * form of another session, the page to reload.
 */
export function ModuleError() {
  const error = useRouteError()
  const t = useT()
  const tryAgain = useTryAgain(error)
  if (isOffline(error)) return <OfflinePage frame onTryAgain={tryAgain} />
  if (isFormExpired(error)) return <FormExpired frame />
  const status = isRouteErrorResponse(error) ? error.status : 500
  const [title, text]: [keyof Translator, keyof Translator] =
    status === 403
      ? ['error_403_title', 'error_403_text']
      : status === 404
        ? ['error_404_title', 'error_404_text']
        : ['error_500_title', 'error_500_text']
  return (
    <section className="flex flex-col items-start gap-3" data-testid={`error-${status}`}>
      <h1 className="text-3xl font-extrabold tracking-tight">{(t[title] as () => string)()}</h1>
      <p className="text-lg text-muted">{(t[text] as () => string)()}</p>
      <Link to="/view/home" className="font-semibold text-accent underline">
        {t.back_home()}
      </Link>
    </section>
  )
}
