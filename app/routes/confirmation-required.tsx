import { AuthCard } from '../layouts/auth-card'
import { titled, useT } from '../lib/i18n'

export const meta = titled('confirmation_title')

export default function ConfirmationRequired() {
  const t = useT()
  return <AuthCard title={t.confirmation_title()} subtitle={t.confirmation_text()} backToSignIn />
}
