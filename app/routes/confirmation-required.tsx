import { Link } from 'react-router'
import { AuthCard } from '../layouts/auth-card'
import { titled, useT } from '../lib/i18n'

export const meta = titled('confirmation_title')

export default function ConfirmationRequired() {
  const t = useT()
  return (
    <AuthCard title={t.confirmation_title()} subtitle={t.confirmation_text()}>
      <Link to="/sign-in" className="font-semibold text-primary-700 underline">
        {t.back_to_sign_in()}
      </Link>
    </AuthCard>
  )
}
