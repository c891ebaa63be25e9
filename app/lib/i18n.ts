import { use } from 'react'
import { useMatches } from 'react-router'
import type { m } from '../paraglide/messages.js'
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
  [K in keyof Messages]: Messages[K] extends (inputs: infer I, options?: infer _O) => string
    ? (inputs?: I) => string
    : never
}
type Table = Record<string, string>

/**
 * One language's messages are its file in messages/ as data (paraglide compiles the same files
 * into the types above): the browser loads only the user's language (before hydrating, and on a
 * language change), the server all three. Data costs a quarter less than a function per message.
 */
const modules: Record<Locale, () => Promise<{ default: Table }>> = {
  en: () => import('../../messages/en.json'),
  es: () => import('../../messages/es.json'),
  pt: () => import('../../messages/pt.json'),
}
const tables = new Map<Locale, Table>()
const loading = new Map<Locale, Promise<void>>()

/** A message's text with its inputs in place of `{name}`, as paraglide's message format writes them. */
function fill(text: string, inputs: Record<string, unknown> | undefined): string {
  return text.includes('{') ? text.replace(/\{(\w+)\}/g, (_, name: string) => String(inputs?.[name])) : text
}

function toTable(messages: Table): Table {
  const { $schema: _schema, ...table } = messages
  return table
}

/** Loads one language's messages (once); the translator of that language works from then on. */
export function loadMessages(locale: Locale): Promise<void> {
  let promise = loading.get(locale)
  if (!promise) {
    promise = modules[locale]().then((module) => void tables.set(locale, toTable(module.default)))
    loading.set(locale, promise)
  }
  return promise
}
// the server renders any language: all three are there before the first request
if (import.meta.env.SSR) await Promise.all(LOCALES.map(loadMessages))

/** Whether `key` names a message (an error code that is a message key, a role's label ...). */
export const isMessageKey = (key: string): key is keyof Translator => {
  const table = tables.values().next().value
  return table !== undefined && Object.hasOwn(table, key)
}

const cache = new Map<Locale, Translator>()

/**
 * The messages of one language. In the browser a language not loaded yet (a change of language
 * under way) answers in the loaded one meanwhile; `useT` waits for it instead.
 */
export function translator(locale: Locale): Translator {
  let t = cache.get(locale)
  if (!t) {
    if (!tables.has(locale)) {
      void loadMessages(locale)
      const loaded = tables.keys().next().value
      if (!loaded) throw new Error(`No messages loaded (${locale})`)
      return translator(loaded)
    }
    const table = tables.get(locale)!
    t = new Proxy({} as Translator, {
      get: (_target, key: string) => (inputs?: Record<string, unknown>) => fill(table[key], inputs),
      // `key in t`: whether the language has that message
      has: (_target, key: string) => Object.hasOwn(table, key),
    })
    cache.set(locale, t)
  }
  return t
}

type LocaleMatch = { id: string; loaderData?: unknown } | undefined

/**
 * A page's language: the deepest route whose loader answers `pageLocale` speaks that one (a
 * client's quote or invoice, an invitation: the language of the person it is for); every other
 * page the reader's, which the root loader resolved (culture cookie, else the browser's).
 */
export function pageLocale(matches: ReadonlyArray<LocaleMatch>): Locale {
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i]?.loaderData as { pageLocale?: Locale; locale?: Locale } | undefined
    if (data?.pageLocale) return data.pageLocale
    if (matches[i]?.id === 'root' && data?.locale) return data.locale
  }
  return DEFAULT_LOCALE
}

/** The language of the page being shown (see pageLocale). */
export function useLocale(): Locale {
  return pageLocale(useMatches())
}

export function useT(): Translator {
  const locale = useLocale()
  // a new language's messages arrive before the screen changes to it (React waits in the transition)
  if (!tables.has(locale)) use(loadMessages(locale))
  return translator(locale)
}

type MetaMatch = LocaleMatch

/** The translator of a `meta` function (it has no hooks): the page's language. */
export function metaTranslator(matches: ReadonlyArray<MetaMatch>): Translator {
  return translator(pageLocale(matches))
}

/** A page's <title> in the user's language: `meta: titled('sign_in_title')`. */
export function titled(key: keyof Translator | null) {
  return ({ matches }: { matches: MetaMatch[] }) => {
    const t = metaTranslator(matches)
    const app = t.app_name()
    return [{ title: key ? `${(t[key] as () => string)()} · ${app}` : app }]
  }
}
