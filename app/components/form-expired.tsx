import { useT } from '../lib/i18n'
import { pageOfExpiredForm } from '../lib/unsent'
import { Button } from '../ui/button'

/**
 * A form sent from a page drawn before the user signed in or out (here or in another tab): not an
 * error of the app nor a page refused, but a page to load again, which gives its forms the session's token.
 */
export function FormExpired({ frame = false }: { frame?: boolean }) {
  const t = useT()
  return (
    <section
      data-testid="form-expired"
      aria-labelledby="form-expired-title"
      className={
        frame
          ? 'flex flex-col items-start gap-3'
          : 'flex min-h-full flex-col items-center justify-center gap-4 p-8 text-center'
      }
    >
      <h1 id="form-expired-title" className="text-3xl font-extrabold tracking-tight">
        {t.form_expired_title()}
      </h1>
      <p className="max-w-md text-lg text-muted">{t.form_expired_text()}</p>
      <Button type="button" onClick={() => window.location.assign(pageOfExpiredForm() ?? window.location.href)}>
        {t.reload_page()}
      </Button>
    </section>
  )
}
