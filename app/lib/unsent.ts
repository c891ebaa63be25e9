import { useSyncExternalStore } from 'react'
import { data, isRouteErrorResponse, type DataStrategyResult, type MiddlewareFunction } from 'react-router'
import { formFields } from './forms'
import { FORM_EXPIRED } from '../../domain/server-context.ts'

/**
 * A form that did not reach the server, or that the server could not save (docs/shell.md §8,
 * "A form is never lost"): what it sent, to send again as it was — with the same key, so what
 * did land is not written twice (docs/api.md §8).
 */
export type Unsent = {
  why: Failure
  form: FormData
  method: 'post' | 'put' | 'patch' | 'delete'
  /** The address it was sent to (path and query). */
  action: string
  /** The page it was sent from (its notice goes when the user leaves it). */
  page: string
  encType: 'application/x-www-form-urlencoded' | 'multipart/form-data'
}

/** Why a request failed: no answer at all (offline, the server unreachable) or the server failing (5xx). */
export type Failure = 'offline' | 'server'

/**
 * The browser's words for a request or a script that got no answer (Chromium, Firefox, Safari):
 * a failed fetch, and a route module or chunk that could not be loaded.
 */
const NO_ANSWER =
  /failed to fetch|networkerror|network error|load failed|fetch dynamically imported module|importing a module script failed|error loading dynamically imported module/i

/** A script (a route module, a chunk) that could not be loaded: the network, or a build that changed. */
export const isModuleLoadFailure = (error: unknown) =>
  error instanceof Error && /dynamically imported module|importing a module script failed/i.test(error.message)

/** Whether an error is a request that got no answer, a server failure (5xx), or anything else (null: shown as it is). */
export function failureOf(error: unknown): Failure | null {
  if (isRouteErrorResponse(error)) return error.status >= 500 ? 'server' : null
  if (error instanceof TypeError && NO_ANSWER.test(error.message)) return 'offline'
  // an error of the server's action reaches the browser as a plain Error ("Unexpected Server Error")
  if (error instanceof Error && error.name !== 'AbortError') return 'server'
  return null
}

/** An action's error as the single-fetch strategy hands it on: wrapped with the answer's status (`data(error, status)`). */
function unwrap(result: unknown): unknown {
  const wrapped = result as { type?: unknown; data?: unknown } | null
  return wrapped && typeof wrapped === 'object' && wrapped.type === 'DataWithResponseInit' ? wrapped.data : result
}

/** Whether a form's answer is the one this module gives an unsent form (its notice already tells the user). */
export const isUnsent = (answer: unknown) => typeof answer === 'object' && answer !== null && 'unsent' in answer

let unsent: Unsent | null = null
const listeners = new Set<() => void>()
const set = (next: Unsent | null) => {
  unsent = next
  listeners.forEach((l) => l())
}

export const forgetUnsent = () => set(null)

/** The form that was not saved, if any (none while rendering on the server). */
export function useUnsent(): Unsent | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => unsent,
    () => null,
  )
}

/**
 * The root's client middleware: a form submission that fails for the network or the server is
 * not an error page. Its route gets the values it sent back as its action data (as a refused
 * form's are: each field shows what was typed), with a 503, so the loaders are not run again
 * (offline they would fail too), and the Toaster offers to send it again.
 */
export const keepUnsentForms: MiddlewareFunction<Record<string, DataStrategyResult>> = async ({ request }, next) => {
  if (request.method === 'GET') return next()
  // read before it is sent: the body is consumed by then
  const form = await request
    .clone()
    .formData()
    .catch(() => null)
  // the page it was sent from (the address shows the form's action by the time its error does)
  const { pathname, search } = window.location
  const results = await next()
  if (request.signal.aborted) return results
  const expired = Object.values(results).some(
    (result) => result.type === 'error' && isFormExpired(unwrap(result.result)),
  )
  expiredFrom = expired ? pathname + search : null
  if (!form) return results
  let failed: Failure | null = null
  for (const [routeId, result] of Object.entries(results)) {
    const why = result.type === 'error' ? failureOf(unwrap(result.result)) : null
    if (!why) continue
    failed = why
    results[routeId] = { type: 'data', result: data({ values: formFields(form), unsent: why }, { status: 503 }) }
  }
  if (failed) {
    const url = new URL(request.url)
    const multipart = request.headers.get('content-type')?.startsWith('multipart/form-data')
    set({
      why: failed,
      form,
      method: request.method.toLowerCase() as Unsent['method'],
      action: url.pathname + url.search,
      page: pathname,
      encType: multipart ? 'multipart/form-data' : 'application/x-www-form-urlencoded',
    })
  } else set(null)
  return results
}

/** Whether a route's error is the server refusing a form drawn for another session (domain/server-context.ts). */
export const isFormExpired = (error: unknown) =>
  isRouteErrorResponse(error) && error.status === 403 && error.data === FORM_EXPIRED

let expiredFrom: string | null = null

/** The page whose form was refused as drawn for another session: the one to load again. */
export const pageOfExpiredForm = () => expiredFrom

let keptRoot: unknown

/** The root's data as the page last had it (its language, its colours): kept for a navigation offline. */
export const keepRootData = (data: unknown) => {
  keptRoot = data
}

/**
 * The root's data kept, for a navigation that failed offline (undefined for any other failure):
 * the offline page is then drawn in the user's language and colours, not the defaults.
 */
export function rootDataOffline<T>(error: unknown): T | undefined {
  return failureOf(error) === 'offline' ? (keptRoot as T | undefined) : undefined
}
