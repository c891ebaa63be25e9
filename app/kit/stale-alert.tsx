import { Link } from 'react-router'
import { useT } from '../lib/i18n'
import { Alert } from '../ui/alert'

/** Someone saved the record since this form was loaded: say so, and offer to load theirs. */
export function StaleAlert() {
  const t = useT()
  return (
    <Alert tone="error">
      {t.admin_stale()}{' '}
      <Link to="." reloadDocument className="font-semibold underline">
        {t.admin_reload()}
      </Link>
    </Alert>
  )
}
