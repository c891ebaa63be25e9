import { useT } from '../lib/i18n'
import { pageOfExpiredForm } from '../lib/unsent'
import { ActionPage } from './action-page'

/**
 * A form the server refused before any action ran (domain/server-context.ts FORM_EXPIRED: most often
 * a page drawn before the user signed in again, here or in another tab): not an error of the app nor
 * a page refused, but a page to load again, which gives its forms the session's token.
 */
export function FormExpired({ frame = false }: { frame?: boolean }) {
  const t = useT()
  return (
    <ActionPage
      id="form-expired"
      title={t.form_expired_title()}
      text={t.form_expired_text()}
      action={t.reload_page()}
      onAction={() => window.location.assign(pageOfExpiredForm() ?? window.location.href)}
      frame={frame}
      titled={!frame}
    />
  )
}
