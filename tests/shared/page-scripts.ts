// What a page's first load downloads of scripts and messages (issue 46 §4), read from the built
// client (build/client): React Router's manifest names each route's module and the chunks it
// imports; messages/route-messages.ts writes each route's messages per language.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

type RouteEntry = { id: string; parentId?: string; module: string; imports?: string[]; hasDefaultExport?: boolean }
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, RouteEntry> }

export type PageScripts = { route: string; bytes: number; files: Array<{ file: string; bytes: number }> }

/** The routes a page of the built client shows, each with the gzipped bytes of its first load, in a language. */
export function pageScripts(client: string, locale = 'en'): PageScripts[] {
  const assets = readdirSync(join(client, 'assets'))
  const manifestFile = assets.find((f) => /^manifest-.*\.js$/.test(f))
  if (!manifestFile) throw new Error(`no React Router manifest in ${client}/assets: build first`)
  const text = readFileSync(join(client, 'assets', manifestFile), 'utf8')
  const manifest = JSON.parse(text.slice(text.indexOf('=') + 1).replace(/;\s*$/, '')) as Manifest
  const gzipped = new Map<string, number>()
  const size = (file: string) => {
    if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(client, file)), { level: 9 }).length)
    return gzipped.get(file)!
  }
  const messages = JSON.parse(readFileSync(join(client, '.vite/route-messages.json'), 'utf8')) as {
    locales: string[]
    routes: Record<string, string[]>
  }
  const messagesOf = (id: string) => {
    const hash = messages.routes[id]?.[messages.locales.indexOf(locale)]
    return hash ? [`/assets/messages-${hash}.json`] : []
  }
  return Object.values(manifest.routes)
    .filter((route) => route.hasDefaultExport)
    .map((route) => {
      const files = new Set([`/assets/${manifestFile}`, manifest.entry.module, ...manifest.entry.imports])
      for (let r: RouteEntry | undefined = route; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) {
        files.add(r.module)
        for (const file of [...(r.imports ?? []), ...messagesOf(r.id)]) files.add(file)
      }
      const sized = [...files].map((file) => ({ file, bytes: size(file) })).sort((a, b) => b.bytes - a.bytes)
      return { route: route.id, bytes: sized.reduce((sum, f) => sum + f.bytes, 0), files: sized }
    })
}
