import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router'
import type { PageRouteHandle } from '../../domain/server-context.ts'

/** What a page form sent to a path may weigh, and where a form sent without scripts goes when it weighs more. */
export type FormLimit = { maxSize: number; tooLarge?: string }

/**
 * The limit of a page form sent to a path: what its route's module declares in its `handle`
 * (a route that takes files: `bodyLimit`, and `tooLarge`, the page a form sent without scripts
 * returns to), else `fallback`. Read from the build's own route table, so the path React Router
 * posts to (`/resources/upload.data`, `…/_.data`, an index route with `?index`: `index`) finds
 * the route that will answer it, as React Router finds it.
 */
export function formLimits(build: ServerBuild, fallback: number): (pathname: string, index: boolean) => FormLimit {
  const routes = Object.values(build.routes).filter((r) => r !== undefined)
  const nodes = new Map<string, RouteObject>(
    routes.map((r) => [
      r.id,
      r.index ? { id: r.id, index: true } : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: [] },
    ]),
  )
  const roots: RouteObject[] = []
  for (const r of routes) (r.parentId ? nodes.get(r.parentId)!.children! : roots).push(nodes.get(r.id)!)
  const declared = new Map(
    routes.flatMap((r) => {
      const handle = r.module.handle as PageRouteHandle | undefined
      return handle?.bodyLimit ? [[r.id, handle] as const] : []
    }),
  )
  const small: FormLimit = { maxSize: fallback }
  // no route takes files: every path has the one limit
  if (!declared.size) return () => small
  return (pathname, index) => {
    // React Router's data requests (single fetch) name the route's path with `.data` after it
    const data = pathname.endsWith('.data')
    const path = pathname.endsWith('/_.data') ? pathname.slice(0, -'_.data'.length) : pathname.replace(/\.data$/, '')
    // an index route answers a form only when it is asked for (`?index`); else its parent does
    const matches = matchRoutes(roots, path) ?? []
    const match = matches.at(-1)?.route.index && !index ? matches.at(-2) : matches.at(-1)
    const handle = match && declared.get(match.route.id!)
    if (!match || !handle?.bodyLimit) return small
    // the page a form sent without scripts returns to (a script's data request reads its 413)
    const tooLarge = !data && handle.tooLarge ? handle.tooLarge(match.params) : undefined
    return { maxSize: handle.bodyLimit, tooLarge }
  }
}
