import { ErrorPage } from '../../components/error-page'
import { titled, useT } from '../../lib/i18n'

export const meta = titled('error_404_title')

export default function Error404() {
  const t = useT()
  return <ErrorPage title={t.error_404_title()} text={t.error_404_text()} linkText={t.back_home()} />
}
