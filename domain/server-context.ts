import type { LayoutName } from './layouts.ts'

/** The field that carries a page form's key (ServerContext.formKey), sent back with every form. */
export const FORM_KEY_FIELD = 'idempotency'

/**
 * The server's answer to a page form it refuses before any action runs: a CSRF token that is not
 * the session's (a sign-in since the page was drawn, here or in another tab), no token cookie, or
 * another origin. 403 with this text; the pages' error screens recognise it and offer to reload the
 * page instead of calling it an error.
 */
export const FORM_EXPIRED = 'Your form expired. Reload the page and try again.'

/** What the Hono server hands to every loader and action (the pages' side creates the context key). */
export type ServerContext = {
  /** The BFF, in process: `fetch` of the Hono API app (paths without the /api prefix). */
  api: (path: string, init?: RequestInit) => Promise<Response>
  production: boolean
  /** This request's CSRF token (also in the csrf cookie); forms send it back. */
  csrfToken: string
  /**
   * The key of this page answer's forms: each form sends it back as its Idempotency-Key
   * (docs/api.md §8), and it is new on every answer, so each submission has its own.
   */
  formKey: string
  /** This page answer's script nonce (its Content-Security-Policy lets only these inline scripts run). */
  nonce: string
  /** A page write's form as the CSRF check parsed it (null for a read): actions take it from here (app/lib/forms.server.ts). */
  form: FormData | null
  /** Whether sign-up is open (SIGNUP): the sign-in page offers it only then. */
  signUpOpen: boolean
  /** The configured frame of the signed-in screens (DEFAULT_LAYOUT). */
  defaultLayout: LayoutName
}

/** A page form's body (sign-in, a record form ...) is small: larger is refused before it is read. */
export const PAGE_FORM_MAX_BYTES = 64 * 1024

/**
 * What a page route's module declares in its `handle` for the server (bff/server.ts), when its
 * forms take files: the largest body they may send (PAGE_FORM_MAX_BYTES otherwise), and the page a
 * form sent without scripts goes back to when it is larger, which says so next to its field.
 */
export type PageRouteHandle = {
  bodyLimit?: number
  tooLarge?: (params: Record<string, string | undefined>) => string
}
