import { ErrorPage } from '../../components/error-page'
import { useT } from '../../lib/i18n'

export const meta = () => [{ title: '404 · Fieldwise' }]

export default function Error404() {
  const t = useT()
  return <ErrorPage title={t.error_404_title()} text={t.error_404_text()} linkText={t.back_home()} />
}
