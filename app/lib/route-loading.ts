import { useSyncExternalStore } from 'react'
import { matchRoutes, type ClientInstrumentation, type RouteObject } from 'react-router'
import { loadMessages, toLocale } from './i18n'

/**
 * What React Router's browser entry keeps on window: the routes and, per route, its module's
 * address. Read only to load a page's modules before going there; without them (another version
 * of React Router) a navigation goes on as it always did.
 */
type RouterGlobals = {
  __reactRouterDataRouter?: { routes: RouteObject[] }
  __reactRouterManifest?: { routes: Record<string, { module?: string } | undefined> }
}

/** The routes an address shows (their ids) and their scripts. */
function routesOf(href: string): { ids: string[]; modules: string[] } {
  const { __reactRouterDataRouter: router, __reactRouterManifest: manifest } = window as RouterGlobals
  if (!router || !manifest) return { ids: [], modules: [] }
  const ids = (matchRoutes(router.routes, href) ?? []).flatMap((match) => (match.route.id ? [match.route.id] : []))
  return { ids, modules: ids.flatMap((id) => manifest.routes[id]?.module ?? []) }
}

/**
 * Loads a page's scripts and its messages in the language of the page it leaves: 'ok', 'offline'
 * (no answer) or 'new-build' (the server no longer has them: a deploy).
 */
async function loadModules(href: string): Promise<'ok' | 'offline' | 'new-build'> {
  const { ids, modules } = routesOf(href)
  try {
    await Promise.all([
      ...modules.map((module) => import(/* @vite-ignore */ module)),
      loadMessages(toLocale(document.documentElement.lang.slice(0, 2)), ids),
    ])
    return 'ok'
  } catch {
    try {
      await Promise.all(modules.map((module) => fetch(module, { method: 'HEAD', cache: 'no-store' })))
      return 'new-build'
    } catch {
      return 'offline'
    }
  }
}

let offlineTarget: string | null = null
const listeners = new Set<() => void>()
const setOfflineTarget = (next: string | null) => {
  offlineTarget = next
  listeners.forEach((l) => l())
}
export const forgetOfflineTarget = () => setOfflineTarget(null)

/** The address a navigation could not reach because its page's scripts did not load offline (null: none). */
export function useOfflineTarget(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => offlineTarget,
    () => null,
  )
}

const RELOADED = 'fieldwise:reloaded:'
/** Never settles: the navigation it stands for is left (a document load, or the offline page). */
const never = () => new Promise<void>(() => {})

/**
 * docs/shell.md §8: a click never ends on a broken page because the page's scripts could not load.
 * Before a navigation, its page's route modules are loaded. A deploy that removed them (they
 * answer, but not as scripts) makes it a full document load of the target — once per address
 * and session, so a broken deploy cannot loop; no answer at all shows the offline page (the
 * router would reload the current page instead, which offline is the browser's error page).
 */
export const loadPageScriptsFirst: ClientInstrumentation = {
  router({ instrument }) {
    instrument({
      async navigate(navigate, { to, formMethod }) {
        // a form posts to the page it is on (its scripts are there); history moves keep their pages
        if (typeof to !== 'string' || !to.startsWith('/') || (formMethod && formMethod.toLowerCase() !== 'get')) {
          await navigate()
          return
        }
        const loaded = await loadModules(to)
        if (loaded === 'ok') {
          forgetOfflineTarget()
          await navigate()
        } else if (loaded === 'offline') {
          setOfflineTarget(to)
          await never()
        } else if (!sessionStorage.getItem(RELOADED + to)) {
          sessionStorage.setItem(RELOADED + to, '1')
          window.location.assign(to)
          await never()
        } else await navigate()
      },
    })
  },
}
