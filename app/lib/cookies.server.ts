import { DEFAULT_LOCALE, toLocale, type Locale } from './i18n'
import { requestCulture } from '../../domain/cultures.ts'
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
  joined: 'joined',
} as const

const YEAR = 365 * 24 * 3600
const WEEK = 7 * 24 * 3600

const read = new WeakMap<Request, Record<string, string>>()

export function readCookies(request: Request): Record<string, string> {
  // each loader of a page reads them (its language, its tenant, its token): parsed once per request
  const known = read.get(request)
  if (known) return known
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
  read.set(request, out)
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

/**
 * A person who just chose the first password of an invitation: the sign-in page says which company
 * they joined, in their language, for a few minutes (set by our server only, so its text is never
 * someone else's).
 */
export const joinedCookie = (joined: { culture: Locale; company: string; email: string }, secure: boolean) =>
  cookie(COOKIE.joined, JSON.stringify(joined), { maxAge: 300, secure })
export const clearJoinedCookie = (secure: boolean) => cookie(COOKIE.joined, '', { maxAge: 0, secure })

/** The company a person just joined, their language and e-mail (joinedCookie), or null. */
export function joinedOf(request: Request): { culture: Locale; company: string; email: string } | null {
  try {
    const value = JSON.parse(readCookies(request)[COOKIE.joined] ?? 'null') as {
      culture?: unknown
      company?: unknown
      email?: unknown
    }
    if (typeof value?.company !== 'string' || !value.company) return null
    return {
      culture: toLocale(String(value.culture)),
      company: value.company.slice(0, 120),
      email: typeof value.email === 'string' ? value.email.slice(0, 254) : '',
    }
  } catch {
    return null
  }
}

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

/** The language the person picked on this browser (the culture cookie), or null. */
export function chosenLocale(request: Request): Locale | null {
  const chosen = readCookies(request)[COOKIE.culture]
  return chosen ? toLocale(chosen) : null
}

/**
 * The language of a request's pages: the culture cookie (the person's choice, or their account's
 * since signing in); without one, the browser's languages in its order of preference
 * (Accept-Language: "pt-BR,pt;q=0.9,en;q=0.8" → pt); English when none of ours is there.
 */
export function requestLocale(request: Request): Locale {
  return chosenLocale(request) ?? requestCulture(request.headers.get('accept-language'), DEFAULT_LOCALE)
}
