import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router'
import type { PageRouteHandle } from '../../domain/server-context.ts'

/**
 * The largest body a page form may send to a path: what its route's module declares in
 * `handle.bodyLimit` (a route that takes files), else `fallback`. Read from the build's own route
 * table, so the path React Router posts to (`/resources/upload.data`, `…/_.data`, `?index`) finds
 * the route that will answer it, as React Router finds it.
 */
export function formLimits(build: ServerBuild, fallback: number): (pathname: string) => number {
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
      const limit = (r.module.handle as PageRouteHandle | undefined)?.bodyLimit
      return limit ? [[r.id, limit] as const] : []
    }),
  )
  // no route takes files: every path has the one limit
  if (!declared.size) return () => fallback
  return (pathname) => {
    // React Router's data requests (single fetch) name the route's path with `.data` after it
    const path = pathname.endsWith('/_.data') ? pathname.slice(0, -'_.data'.length) : pathname.replace(/\.data$/, '')
    const leaf = matchRoutes(roots, path)?.at(-1)?.route.id
    return (leaf && declared.get(leaf)) || fallback
  }
}
