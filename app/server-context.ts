import { createContext } from 'react-router'
import type { LayoutName } from './lib/layouts'

/** What the Hono server hands to every loader and action (exported through entry.server). */
export type ServerContext = {
  /** The BFF, in process: `fetch` of the Hono API app (paths without the /api prefix). */
  api: (path: string, init?: RequestInit) => Promise<Response>
  production: boolean
  /** This request's CSRF token (also in the csrf cookie); forms send it back. */
  csrfToken: string
  /** The configured frame of the signed-in screens (DEFAULT_LAYOUT). */
  defaultLayout: LayoutName
}

export const serverContext = createContext<ServerContext>()
