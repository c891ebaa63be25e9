import { hc } from 'hono/client'
import type { RouterContextProvider } from 'react-router'
import type { ApiRoutes } from '../../bff/app.ts'
import { serverContext } from '../server-context'
import { COOKIE, readCookies, requestLocale } from './cookies.server'
import { CULTURES } from './i18n'

/**
 * The one typed client of the BFF for loaders and actions: in process (no HTTP hop), with
 * the session's token, Accept-Language and tenant headers added here, as docs/shell.md
 * §7 "Every request" says.
 */
export function apiClient(
  request: Request,
  context: Readonly<RouterContextProvider>,
  override: { token?: string; withoutTenant?: boolean } = {},
) {
  const server = context.get(serverContext)
  const headers = bffHeaders(request, override)
  return hc<ApiRoutes>('http://bff.internal', {
    headers,
    fetch: (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input))
      return server.api(url.pathname + url.search, init)
    },
  })
}

/**
 * The same call by path, for the pages that serve several modules with one screen (the
 * administration kit): `callBff(request, context, '/ac_empresas?page=2')`.
 */
export function callBff(
  request: Request,
  context: Readonly<RouterContextProvider>,
  path: string,
  init: { method?: string; json?: unknown; form?: FormData; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...bffHeaders(request), ...init.headers }
  if (init.json !== undefined) headers['Content-Type'] = 'application/json'
  return context.get(serverContext).api(path, {
    method: init.method ?? 'GET',
    headers,
    // a multipart form (a file) goes as it is: its type and boundary are the body's own
    body: init.form ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
  })
}

function bffHeaders(
  request: Request,
  override: { token?: string; withoutTenant?: boolean } = {},
): Record<string, string> {
  const cookies = readCookies(request)
  const token = override.token ?? cookies[COOKIE.token]
  const headers: Record<string, string> = {
    'Accept-Language': CULTURES[requestLocale(request)],
    'X-Empresa': (!override.withoutTenant && cookies[COOKIE.empresa]) || '-1',
    'X-Filial': (!override.withoutTenant && cookies[COOKIE.filial]) || '-1',
  }
  if (token) headers.Authorization = `Bearer ${token}`
  // a hard reload (Cache-Control: no-cache) asks the BFF for fresh answers too
  const cacheControl = request.headers.get('cache-control')
  if (cacheControl) headers['Cache-Control'] = cacheControl
  return headers
}

export type ApiClient = ReturnType<typeof apiClient>
