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
 * The messages are the files in messages/ as data (paraglide compiles the same files into the
 * types above): the server holds all three languages; the browser, for each page, only the
 * messages its scripts may show, in its language (messages/route-messages.ts writes a file per
 * route and language, and their addresses here): the root's and the page's routes' files load
 * before it hydrates, and before a navigation or a change of language shows it (app/lib/route-loading.ts).
 */
const tables = new Map<Locale, Table>()

/**
 * A message's text with its inputs in place of `{name}`, as paraglide's message format writes
 * them. One the page's files lack says so in the console (the browser tests fail on it) and shows nothing.
 */
function fill(key: string, text: string | undefined, inputs: Record<string, unknown> | undefined): string {
  if (text === undefined) {
    console.error(`Missing message: ${key}`)
    return ''
  }
  return text.includes('{') ? text.replace(/\{(\w+)\}/g, (_, name: string) => String(inputs?.[name])) : text
}

function toTable(messages: Table): Table {
  const { $schema: _schema, ...table } = messages
  return table
}

/** Each route's files: the hash of its file in each language, in the order of LOCALES. */
declare const __ROUTE_MESSAGES__: Record<string, string[]>
const ROUTE_FILES: Record<string, string[]> = import.meta.env.SSR ? {} : __ROUTE_MESSAGES__
const loading = new Map<string, Promise<void>>()
const loaded = new Set<string>()

/** The files of the routes a page shows (the root's always), in one language. */
const filesOf = (locale: Locale, routes: readonly string[]) =>
  ['root', ...routes].flatMap((route) => {
    const hash = ROUTE_FILES[route]?.[LOCALES.indexOf(locale)]
    return hash ? [`/assets/messages-${hash}.json`] : []
  })

/** Loads a file of messages (once), into what the browser has of its language. */
function loadFile(locale: Locale, address: string): Promise<void> {
  let promise = loading.get(address)
  if (!promise) {
    promise = fetch(address)
      .then((res) => {
        if (!res.ok) throw new Error(`${address}: ${res.status}`)
        return res.json() as Promise<Table>
      })
      .then((part) => {
        tables.set(locale, Object.assign(tables.get(locale) ?? {}, part))
        loaded.add(address)
      })
    // a failed load (offline) is tried again by the next page that needs it
    promise.catch(() => loading.delete(address))
    loading.set(address, promise)
  }
  return promise
}

/** Loads the messages of the routes a page shows (by their ids; the root's always), in one language. */
export function loadMessages(locale: Locale, routes: readonly string[] = []): Promise<void> {
  return Promise.all(filesOf(locale, routes).map((address) => loadFile(locale, address))).then(() => {})
}

/** Whether the messages of the routes a page shows are there in a language. */
const messagesLoaded = (locale: Locale, routes: readonly string[]) =>
  filesOf(locale, routes).every((address) => loaded.has(address))

// the server renders any language: all three are there before the first request
if (import.meta.env.SSR)
  await Promise.all([
    import('../../messages/en.json').then((m) => tables.set('en', toTable(m.default))),
    import('../../messages/es.json').then((m) => tables.set('es', toTable(m.default))),
    import('../../messages/pt.json').then((m) => tables.set('pt', toTable(m.default))),
  ])

/** Whether `key` names a message (an error code that is a message key, a role's label ...) of the page's. */
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
      get: (_target, key: string) => (inputs?: Record<string, unknown>) => fill(key, table[key], inputs),
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

const waits = new Map<string, Promise<void>>()

/**
 * The translator of a page's routes in its language, rendered (a component, a `meta`): the
 * messages a navigation or a change of language needs arrive before the screen changes (React
 * waits in the transition), wherever it came from (a link, a form's redirect, a language picked).
 */
function renderedTranslator(matches: ReadonlyArray<LocaleMatch>): Translator {
  const locale = pageLocale(matches)
  // the server holds every message
  if (import.meta.env.SSR) return translator(locale)
  const routes = matches.flatMap((m) => (m ? [m.id] : []))
  if (!messagesLoaded(locale, routes)) {
    const key = `${locale} ${routes.join(' ')}`
    if (!waits.has(key)) {
      const wait = loadMessages(locale, routes)
      // offline, the next render tries again
      wait.catch(() => waits.delete(key))
      waits.set(key, wait)
    }
    use(waits.get(key)!)
  }
  return translator(locale)
}

export function useT(): Translator {
  return renderedTranslator(useMatches())
}

type MetaMatch = LocaleMatch

/** The translator of a `meta` function (it has no hooks, and runs as the page renders): the page's language. */
export function metaTranslator(matches: ReadonlyArray<MetaMatch>): Translator {
  return renderedTranslator(matches)
}

/** A page's <title> in the user's language: `meta: titled('sign_in_title')`. */
export function titled(key: keyof Translator | null) {
  return ({ matches }: { matches: MetaMatch[] }) => {
    const t = metaTranslator(matches)
    const app = t.app_name()
    return [{ title: key ? `${(t[key] as () => string)()} · ${app}` : app }]
  }
}
