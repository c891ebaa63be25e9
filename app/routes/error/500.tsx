import { ErrorPage } from '../../components/error-page'
import { titled, useT } from '../../lib/i18n'

export const meta = titled('error_500_title')

export default function Error500() {
  const t = useT()
  return <ErrorPage title={t.error_500_title()} text={t.error_500_text()} linkText={t.back_home()} />
}
