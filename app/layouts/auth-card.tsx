import type { ReactNode } from 'react'
import { Logo } from '../components/logo'

/** The empty layout's centred card for sign-in and its neighbours. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <main className="flex min-h-full items-start justify-center bg-canvas px-4 py-10 sm:items-center">
      <div className="w-full max-w-md rounded-2xl bg-surface p-6 shadow-sm sm:p-10">
        <Logo className="h-10 w-10" />
        <h1 className="mt-6 text-3xl font-extrabold tracking-tight">{title}</h1>
        {subtitle ? <div className="mt-1 text-muted">{subtitle}</div> : null}
        <div className="mt-8">{children}</div>
      </div>
    </main>
  )
}
