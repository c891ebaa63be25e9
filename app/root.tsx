import { useEffect } from 'react'
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/root'
import './app.css'
import { COOKIE, readCookies } from './lib/cookies.server'
import { CULTURES, toLocale, useT, type Locale } from './lib/i18n'
import { serverContext } from './server-context'

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = toLocale(readCookies(request)[COOKIE.culture])
  return { locale, csrfToken: context.get(serverContext).csrfToken }
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData('root') as { locale?: Locale } | undefined
  const locale = data?.locale ?? 'en'
  return (
    <html lang={CULTURES[locale]} className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="h-full bg-slate-100 text-slate-900 antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

export default function App({ loaderData }: Route.ComponentProps) {
  useEffect(() => localStorage.setItem('currentCulture', CULTURES[loaderData.locale]), [loaderData.locale])
  return <Outlet />
}

export function ErrorBoundary() {
  const error = useRouteError()
  const t = useT()
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-4xl font-extrabold">{notFound ? t.error_404_title() : t.error_500_title()}</h1>
      <p className="text-lg text-slate-600">{notFound ? t.error_404_text() : t.error_500_text()}</p>
      <a href="/" className="font-semibold text-primary-700 underline">
        {t.back_home()}
      </a>
    </main>
  )
}
