import { useEffect, useState } from 'react'
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from 'react-router'
import type { Route } from './+types/root'
import appCss from './app.css?url'
import { LoadingBar } from './components/loading-bar'
import { isOffline, OfflinePage, useTryAgain } from './components/offline-page'
import { FormExpired } from './components/form-expired'
import { Toaster } from './components/toaster'
import { COOKIE, readCookies, requestLocale } from './lib/cookies.server'
import { CULTURES, loadMessages, useLocale, useT, type Locale } from './lib/i18n'
import { isFormExpired, keepRootData, keepUnsentForms, rootDataOffline } from './lib/unsent'
import { serverContext } from './server-context'

const SCHEMES = new Set(['light', 'dark', 'auto'])
const THEMES = new Set(['default', 'brand', 'teal', 'rose', 'purple', 'amber'])

export async function loader({ request, context }: Route.LoaderArgs) {
  const cookies = readCookies(request)
  const locale = requestLocale(request)
  const scheme = SCHEMES.has(cookies[COOKIE.scheme]) ? cookies[COOKIE.scheme] : 'light'
  const theme = THEMES.has(cookies[COOKIE.theme]) ? cookies[COOKIE.theme] : 'default'
  const { csrfToken, formKey, nonce } = context.get(serverContext)
  return { locale, scheme, theme, csrfToken, formKey, nonce }
}

/** In the browser, a navigation that changes the language waits for that language's messages, so titles and texts change together. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader().catch((error: unknown) => {
    // offline, the page keeps its language and colours (docs/shell.md §8): the offline page is the user's
    const kept = rootDataOffline<Awaited<ReturnType<typeof serverLoader>>>(error)
    if (kept) return kept
    throw error
  })
  await loadMessages(data.locale)
  return data
}

/** docs/shell.md §8: a form that fails for the network or the server keeps what was typed and offers to send it again. */
export const clientMiddleware = [keepUnsentForms]

/** A refused page's Retry-After (429, 503: app/lib/answer.server.ts) goes out with the error page. */
export function headers({ errorHeaders, parentHeaders }: Route.HeadersArgs) {
  const retryAfter = errorHeaders?.get('Retry-After')
  return retryAfter ? { 'Retry-After': retryAfter } : parentHeaders
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData('root') as
    { locale?: Locale; scheme?: string; theme?: string; nonce?: string } | undefined
  // the page's language: the reader's, or the one a page speaks (a client's quote, an invitation)
  const locale = useLocale()
  const scheme = data?.scheme ?? 'light'
  // The classes come from cookies, so the first paint already has the user's colours.
  const classes = [
    'h-full',
    `theme-${data?.theme ?? 'default'}`,
    scheme === 'dark' ? 'dark' : scheme === 'auto' ? 'scheme-auto' : '',
  ]
    .filter(Boolean)
    .join(' ')
  return (
    <html lang={CULTURES[locale]} className={classes} data-scheme={scheme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={scheme === 'auto' ? 'light dark' : scheme} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* with a precedence React puts it first in the head: the first paint waits for it and the HTML alone */}
        <link rel="stylesheet" href={appCss} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body className="h-full bg-canvas text-ink antialiased">
        <Splash />
        <LoadingBar />
        {children}
        <ScrollRestoration nonce={data?.nonce} />
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  )
}

/**
 * docs/shell.md §2: a splash until the first navigation ends. The page is already drawn by the
 * server and stays readable: the splash is a loading bar over it (after 0.4 s, on a slow phone or
 * network), with a clear pane that holds taps until the app has started; without scripts it never
 * shows.
 */
function Splash() {
  const t = useT()
  const [started, setStarted] = useState(false)
  // the first navigation (hydration) has ended: the splash goes for good
  useEffect(() => setStarted(true), [])
  if (started) return null
  return (
    <div className="splash" role="status" aria-label={t.splash_loading()} data-testid="splash">
      <div className="fixed inset-x-0 top-0 h-1 overflow-hidden bg-primary-100">
        <div className="h-full w-1/3 animate-[loading_1s_ease-in-out_infinite] bg-primary-600" />
      </div>
      <noscript>
        <style>{'.splash{display:none!important}'}</style>
      </noscript>
    </div>
  )
}

export default function App({ loaderData }: Route.ComponentProps) {
  useEffect(() => localStorage.setItem('currentCulture', CULTURES[loaderData.locale]), [loaderData.locale])
  useEffect(() => keepRootData(loaderData), [loaderData])
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  const t = useT()
  const tryAgain = useTryAgain(error)
  if (isOffline(error))
    return (
      <main className="h-full">
        <OfflinePage onTryAgain={tryAgain} titled />
      </main>
    )
  if (isFormExpired(error))
    return (
      <main className="h-full">
        <FormExpired />
      </main>
    )
  const status = isRouteErrorResponse(error) ? error.status : 500
  const [title, text] =
    status === 404
      ? [t.error_404_title(), t.error_404_text()]
      : status === 503
        ? [t.error_503_title(), t.error_503_text()]
        : status === 429
          ? [t.error_429_title(), t.error_429_text()]
          : [t.error_500_title(), t.error_500_text()]
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-4xl font-extrabold">{title}</h1>
      <p className="text-lg text-muted">{text}</p>
      <a href="/" className="font-semibold text-accent underline">
        {t.back_home()}
      </a>
    </main>
  )
}
