import { toLocale, type Locale } from './i18n'
/**
 * The cookies of the SSR app. The token is httpOnly (scripts never see it); all are
 * SameSite=Lax and Secure in production. currentEmpresa / currentFilial mirror the
 * spec's local-storage keys; culture holds the language.
 */
export const COOKIE = {
  token: 'token',
  culture: 'culture',
  empresa: 'currentEmpresa',
  filial: 'currentFilial',
  csrf: 'csrf',
  scheme: 'scheme',
  theme: 'theme',
} as const

const YEAR = 365 * 24 * 3600
const WEEK = 7 * 24 * 3600

export function readCookies(request: Request): Record<string, string> {
  const out: Record<string, string> = {}
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const at = part.indexOf('=')
    if (at < 0) continue
    const name = part.slice(0, at).trim()
    if (!name || name in out) continue
    try {
      out[name] = decodeURIComponent(part.slice(at + 1).trim())
    } catch {
      // a malformed cookie is ignored, not fatal
    }
  }
  return out
}

export function cookie(
  name: string,
  value: string,
  options: { maxAge?: number; secure: boolean; httpOnly?: boolean },
): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'SameSite=Lax']
  if (options.httpOnly !== false) parts.push('HttpOnly')
  if (options.secure) parts.push('Secure')
  if (options.maxAge !== undefined) parts.push(`Max-Age=${options.maxAge}`)
  return parts.join('; ')
}

export const tokenCookie = (token: string, secure: boolean) => cookie(COOKIE.token, token, { maxAge: WEEK, secure })
export const clearTokenCookie = (secure: boolean) => cookie(COOKIE.token, '', { maxAge: 0, secure })
export const cultureCookie = (locale: string, secure: boolean) =>
  cookie(COOKIE.culture, locale, { maxAge: YEAR, secure })
export const tenantCookies = (empresa: number, filial: number, secure: boolean) => [
  cookie(COOKIE.empresa, String(empresa), { maxAge: YEAR, secure }),
  cookie(COOKIE.filial, String(filial), { maxAge: YEAR, secure }),
]

/** Forgets the picked company and branch (a new session starts from the user's own default). */
export const clearTenantCookies = (secure: boolean) => [
  cookie(COOKIE.empresa, '', { maxAge: 0, secure }),
  cookie(COOKIE.filial, '', { maxAge: 0, secure }),
]

/** Headers that set several cookies at once. */
export function setCookies(...cookies: string[]): Headers {
  const headers = new Headers()
  for (const c of cookies) headers.append('Set-Cookie', c)
  return headers
}

/** The user's appearance, for the server to render the right colours from the first byte. */
export const appearanceCookies = (scheme: string, theme: string, secure: boolean) => [
  cookie(COOKIE.scheme, scheme, { maxAge: YEAR, secure }),
  cookie(COOKIE.theme, theme, { maxAge: YEAR, secure }),
]

/** The language of a request's pages (its culture cookie; English without one). */
export const requestLocale = (request: Request): Locale => toLocale(readCookies(request)[COOKIE.culture])
