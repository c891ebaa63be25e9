import { redirect, type RouterContextProvider } from 'react-router'
import type { PublicUser } from '../../domain/tenancy.ts'
import { serverContext } from '../server-context'
import { apiClient } from './api.server'
import { clearTokenCookie, COOKIE, readCookies, setCookies } from './cookies.server'

/**
 * The signed-in user, or null (no token, an expired or revoked one). Asked without the page's
 * company and branch: who is signed in does not depend on a remembered pick that may be stale.
 */
export async function getUser(request: Request, context: Readonly<RouterContextProvider>): Promise<PublicUser | null> {
  const res = await apiClient(request, context, { withoutTenant: true }).common.user.$get()
  if (res.status === 401) return null
  // 503: the data is out of reach for a moment (docs/api.md §3): the error page says so
  if (!res.ok) throw new Response('The user could not be loaded', { status: res.status === 503 ? 503 : 500 })
  return await res.json()
}

/** Signed-in routes: no user goes to sign-in, with the address to come back to (not for sign-out). */
export async function requireUser(request: Request, context: Readonly<RouterContextProvider>): Promise<PublicUser> {
  const user = await getUser(request, context)
  if (user) return user
  throw redirectToSignIn(request, context)
}

/**
 * Where a signed-out visit goes: sign-in, with the address to come back to (not for sign-out).
 * A session the BFF refused (expired, revoked, signed out elsewhere) is docs/shell.md §8's
 * failed refresh: the token is dropped (signed out) and sign-in says 'Refresh token failed' and why.
 */
export function redirectToSignIn(request: Request, context: Readonly<RouterContextProvider>): Response {
  const url = pageAddress(request)
  if (url.pathname === '/sign-out') return redirect('/sign-in')
  const target = `/sign-in?redirectURL=${encodeURIComponent(url.pathname + url.search)}`
  if (!readCookies(request)[COOKIE.token]) return redirect(target)
  return redirect(`${target}&toast=refresh_failed`, {
    headers: setCookies(clearTokenCookie(context.get(serverContext).production)),
  })
}

/** The page's own address, also for an in-app navigation's data request (/view/x.data?_routes=…). */
export function pageAddress(request: Request): URL {
  const url = new URL(request.url)
  if (url.pathname === '/_root.data') url.pathname = '/'
  else if (url.pathname.endsWith('.data')) url.pathname = url.pathname.slice(0, -'.data'.length)
  url.searchParams.delete('_routes')
  return url
}

/** Signed-out-only routes: a signed-in user goes to the root. */
export async function requireSignedOut(request: Request, context: Readonly<RouterContextProvider>): Promise<void> {
  if (await getUser(request, context)) throw redirect('/')
}

/** Where a first sign-in lands (a company just founded, or joined): the home, which welcomes them rather than back. */
export const FIRST_SIGN_IN = '/view/home?welcome=first'

/** Only a path of this site may be a redirect target (no //evil.example, no scheme). */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = '/signed-in-redirect',
): string {
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback
  return to
}
