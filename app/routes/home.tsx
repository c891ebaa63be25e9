import { Link } from 'react-router'
import { Logo } from '../components/logo'
import { titled, useT } from '../lib/i18n'

export const meta = titled(null)

/** The public landing page (empty layout). */
export default function Landing() {
  const t = useT()
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-6 bg-slate-900 p-8 text-center text-white">
      <Logo className="h-14 w-14" />
      <h1 className="max-w-2xl text-4xl font-extrabold tracking-tight">{t.landing_title()}</h1>
      <p className="max-w-xl text-lg text-slate-300">{t.landing_text()}</p>
      <Link to="/sign-in" className="rounded-full bg-white px-6 py-3 font-semibold text-slate-900">
        {t.landing_cta()}
      </Link>
    </main>
  )
}
