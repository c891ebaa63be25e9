import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import type { Plugin, Rolldown } from 'vite'
import { LANGUAGES as LOCALES } from '../domain/cultures.ts'
import { MESSAGES } from '../domain/messages.ts'

type RenderedChunk = Rolldown.RenderedChunk

type Table = Record<string, string>

/** The identifier app/lib/i18n.ts reads its pages' message files from, written in by the build. */
export const PLACEHOLDER = '__ROUTE_MESSAGES__'

const table = (locale: string): Table => {
  const { $schema: _schema, ...messages } = JSON.parse(
    readFileSync(new URL(`./${locale}.json`, import.meta.url), 'utf8'),
  ) as Table
  return messages
}

/**
 * The messages a module may show: each key it names, as a string ('f_name', a feature's labels),
 * a member (`t.sign_in_title`) or an object's key (a table of toasts); and every key that starts
 * with a prefix it builds keys from (`group_${group}`, 'level_', /^done_/). The error codes'
 * English texts (domain/messages.ts, which the schemas name) are the API's, not the pages'.
 */
function keysIn(code: string, keys: ReadonlySet<string>, all: readonly string[]): Set<string> {
  // a module that shows a code the server sent (an upload refused) may show any of them
  const found = new Set<string>(code.includes('isMessageKey(') ? Object.keys(MESSAGES).filter((k) => keys.has(k)) : [])
  for (const [, word] of code.matchAll(/['"`.]([a-z][a-z0-9_]*)\b/g)) if (keys.has(word)) found.add(word)
  for (const [, name] of code.matchAll(/\b([a-z][a-z0-9_]*)\s*:/g)) if (keys.has(name)) found.add(name)
  for (const [, prefix] of code.matchAll(/(?:`|\/\^|['"])([a-z][a-z0-9]*_(?:[a-z0-9]+_)*)(?:\$\{|['"[])/g))
    for (const key of all) if (key.startsWith(prefix)) found.add(key)
  // a document's label without its form's "(default …)" (app/kit/record-document.tsx)
  for (const key of [...found]) if (key.endsWith('_default')) found.add(key.slice(0, -'_default'.length))
  return found
}

/**
 * docs/shell.md "The page's scripts": the browser loads, for each page, only the messages its
 * scripts may show, in the reader's language — not the whole language. The client build reads
 * which message keys each module names, gathers them per route (its module and every chunk it
 * imports, at once or later), writes one file per route and language (the root's with the entry's,
 * and every other route's without the root's), and gives app/lib/i18n.ts their addresses.
 */
export function routeMessages(appDirectory: string): Plugin {
  const tables = Object.fromEntries(LOCALES.map((locale) => [locale, table(locale)])) as Record<string, Table>
  const all = Object.keys(tables.en)
  const keys = new Set(all)
  const named = new Map<string, Set<string>>()
  const files = new Map<string, string>()
  /** Each route's files, by its id: the hash of its file in each of LOCALES. */
  let routes: Record<string, string[]> | null = null

  /** Each route's message keys, by its id (its file under app/, without the extension). */
  function routeKeys(chunks: Record<string, RenderedChunk>) {
    const closure = (fileName: string, seen = new Set<string>()): Set<string> => {
      if (seen.has(fileName) || !chunks[fileName]) return seen
      seen.add(fileName)
      for (const next of [...chunks[fileName].imports, ...chunks[fileName].dynamicImports]) closure(next, seen)
      return seen
    }
    const keysOf = (fileNames: Iterable<string>) =>
      new Set([...fileNames].flatMap((f) => chunks[f].moduleIds.flatMap((id) => [...(named.get(id) ?? [])])))
    const routes = new Map<string, Set<string>>()
    let entry = new Set<string>()
    for (const [fileName, chunk] of Object.entries(chunks)) {
      const file = chunk.facadeModuleId?.split('?')[0]
      if (!file?.startsWith(appDirectory)) continue
      const id = relative(appDirectory, file).replace(/\.[jt]sx?$/, '')
      if (id === 'entry.client') entry = keysOf(closure(fileName))
      // a route that draws a page (a resource route draws none)
      else if (chunk.isEntry && chunk.exports.includes('default')) routes.set(id, keysOf(closure(fileName)))
    }
    const root = new Set([...entry, ...(routes.get('root') ?? [])])
    routes.set('root', root)
    for (const [id, own] of routes) if (id !== 'root') routes.set(id, new Set([...own].filter((k) => !root.has(k))))
    return routes
  }

  return {
    name: 'route-messages',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform: {
      order: 'pre',
      handler(code, id) {
        const file = id.split('?')[0]
        if (!file.includes('/node_modules/') && !file.endsWith('/domain/messages.ts') && /\.[jt]sx?$/.test(file))
          named.set(id, keysIn(code, keys, all))
        return null
      },
    },
    renderChunk(code, _chunk, _options, meta) {
      if (!code.includes(PLACEHOLDER)) return null
      if (!routes) {
        routes = {}
        for (const [id, own] of [...routeKeys(meta.chunks)].sort(([a], [b]) => a.localeCompare(b))) {
          if (!own.size) continue
          const sorted = [...own].sort()
          routes[id] = LOCALES.map((locale) => {
            const source = JSON.stringify(Object.fromEntries(sorted.map((k) => [k, tables[locale][k]])))
            const hash = createHash('sha256').update(source).digest('base64url').slice(0, 10)
            files.set(`assets/messages-${hash}.json`, source)
            return hash
          })
        }
      }
      return code.replaceAll(PLACEHOLDER, JSON.stringify(routes))
    },
    generateBundle() {
      for (const [fileName, source] of files) this.emitFile({ type: 'asset', fileName, source })
      // for the tests that weigh a page's first load (tests/shared/page-scripts.ts)
      this.emitFile({
        type: 'asset',
        fileName: '.vite/route-messages.json',
        source: JSON.stringify({ locales: LOCALES, routes }),
      })
    },
  }
}
