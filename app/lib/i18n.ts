import { useRouteLoaderData } from 'react-router'
import { m } from '../paraglide/messages.js'
import { CULTURES, LANGUAGES, type Culture } from '../../domain/cultures.ts'

export const LOCALES = LANGUAGES
export type Locale = Culture
export const DEFAULT_LOCALE: Locale = 'en'

/** The spec's cultures: en → en-US, es → es-MX, pt → pt-BR (Accept-Language, formats). */
export { CULTURES }

export function toLocale(value: string | null | undefined): Locale {
  return LOCALES.find((l) => l === value) ?? DEFAULT_LOCALE
}

type Messages = typeof m
/** Every message, bound to one locale: `t.sign_in_title()`, `t.home_welcome({ name })`. */
export type Translator = {
  [K in keyof Messages]: Messages[K] extends (inputs: infer I, options?: infer _O) => string ? (inputs?: I) => string : never
}

/** Whether `key` names a message (an error code that is a message key, a role's label ...). */
export const isMessageKey = (key: string): key is keyof Translator => key in m

const cache = new Map<Locale, Translator>()

export function translator(locale: Locale): Translator {
  let t = cache.get(locale)
  if (!t) {
    const table = m as unknown as Record<string, (inputs: unknown, options: { locale: Locale }) => string>
    t = new Proxy({} as Translator, {
      get: (_target, key: string) => (inputs?: unknown) => table[key](inputs ?? {}, { locale }),
    })
    cache.set(locale, t)
  }
  return t
}

/** The locale the root loader resolved for this request (culture cookie). */
export function useLocale(): Locale {
  const data = useRouteLoaderData('root') as { locale?: Locale } | undefined
  return data?.locale ?? DEFAULT_LOCALE
}

export function useT(): Translator {
  return translator(useLocale())
}

type MetaMatch = { id: string; loaderData?: unknown } | undefined

/** The translator of a `meta` function (it has no hooks): the locale the root loader resolved. */
export function metaTranslator(matches: ReadonlyArray<MetaMatch>): Translator {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { locale?: Locale } | undefined
  return translator(root?.locale ?? DEFAULT_LOCALE)
}

/** A page's <title> in the user's language: `meta: titled('sign_in_title')`. */
export function titled(key: keyof Translator | null) {
  return ({ matches }: { matches: MetaMatch[] }) => {
    const t = metaTranslator(matches)
    const app = t.app_name()
    return [{ title: key ? `${(t[key] as () => string)()} · ${app}` : app }]
  }
}
