import { ErrorPage } from '../../components/error-page'
import { useT } from '../../lib/i18n'

export const meta = () => [{ title: '500 · Fieldwise' }]

export default function Error500() {
  const t = useT()
  return <ErrorPage title={t.error_500_title()} text={t.error_500_text()} linkText={t.back_home()} />
}
