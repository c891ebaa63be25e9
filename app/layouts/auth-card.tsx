import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useT } from '../lib/i18n'
import { Logo } from '../components/logo'
import { LanguagePicker } from '../components/language-picker'

/** The empty layout's centred card for sign-in and its neighbours. */
export function AuthCard({
  title,
  subtitle,
  children,
  backToSignIn = false,
}: {
  title: string
  subtitle?: ReactNode
  children?: ReactNode
  backToSignIn?: boolean
}) {
  const t = useT()
  return (
    <main className="flex min-h-full items-start justify-center bg-canvas px-4 py-10 sm:items-center">
      <div className="w-full max-w-md rounded-2xl bg-surface p-6 shadow-sm sm:p-10">
        {/* before signing in, the page follows the browser's language; here the person picks another */}
        <div className="flex items-start justify-between gap-4">
          <Logo className="h-10 w-10" />
          <LanguagePicker id="auth-language" />
        </div>
        <h1 className="mt-6 text-3xl font-extrabold tracking-tight">{title}</h1>
        {subtitle ? <div className="mt-1 text-muted">{subtitle}</div> : null}
        {children ? <div className="mt-8">{children}</div> : null}
        {backToSignIn ? (
          <p className="mt-6 text-sm">
            <Link to="/sign-in" className="font-semibold text-accent underline">
              {t.back_to_sign_in()}
            </Link>
          </p>
        ) : null}
      </div>
    </main>
  )
}
