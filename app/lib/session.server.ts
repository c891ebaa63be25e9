import { redirect, type RouterContextProvider } from 'react-router'
import type { PublicUser } from '../../storage/repositories/users.ts'
import { apiClient } from './api.server'

/** The signed-in user, or null (no token, an expired or revoked one). */
export async function getUser(request: Request, context: Readonly<RouterContextProvider>): Promise<PublicUser | null> {
  const res = await apiClient(request, context).common.user.$get()
  if (res.status === 401) return null
  if (!res.ok) throw new Response('The user could not be loaded', { status: 500 })
  return (await res.json()) as PublicUser
}

/** Signed-in routes: no user goes to sign-in, with the address to come back to (not for sign-out). */
export async function requireUser(request: Request, context: Readonly<RouterContextProvider>): Promise<PublicUser> {
  const user = await getUser(request, context)
  if (user) return user
  throw redirectToSignIn(request)
}

/** Where a signed-out visit goes: sign-in, with the address to come back to (not for sign-out). */
export function redirectToSignIn(request: Request): Response {
  const url = new URL(request.url)
  if (url.pathname === '/sign-out') return redirect('/sign-in')
  return redirect(`/sign-in?redirectURL=${encodeURIComponent(url.pathname + url.search)}`)
}

/** Signed-out-only routes: a signed-in user goes to the root. */
export async function requireSignedOut(request: Request, context: Readonly<RouterContextProvider>): Promise<void> {
  if (await getUser(request, context)) throw redirect('/')
}

/** Only a path of this site may be a redirect target (no //evil.example, no scheme). */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/signed-in-redirect'): string {
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback
  return to
}
