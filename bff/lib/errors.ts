import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { ConflictError, StorageUnavailableError } from '../../storage/errors.ts'

/** What a 503 asks a client to wait before trying again (docs/api.md §3). */
export const RETRY_AFTER_SECONDS = 5
import { MESSAGES, STATUS_CODES, type MessageCode } from '../../domain/messages.ts'

/**
 * The one error shape of the API: { error, fields? }, with a stable `code` where one was given
 * (the module answers always carry one) and the code of each field error in `codes`.
 */
export type ApiError = {
  error: string
  code?: string
  fields?: Record<string, string[]>
  codes?: Record<string, string>
  allowed?: string[]
  /** A 409 overlap: the other appointment (docs/domain.md cd_ordemagendamento). */
  conflict?: Record<string, string>
}

export function apiError(
  status: ContentfulStatusCode,
  error: string,
  fields?: Record<string, string[]>,
  extra: Pick<ApiError, 'code' | 'codes' | 'allowed' | 'conflict'> = {},
): HTTPException {
  const body: ApiError = fields ? { error, fields, ...extra } : { error, ...extra }
  return jsonException(status, body)
}

/**
 * 400 for fields at fault: each with what is wrong with it, and the code of its first rule. The
 * sentence names the first field and its rule ("lines[0].unitPrice: whole cents"), so an
 * integrator reading only the message knows what to change (docs/api.md).
 */
export function invalidFields(fields: Record<string, string[]>, codes?: Record<string, string>): HTTPException {
  const [first, ...others] = Object.entries(fields)
  const sentence = first
    ? `${fieldPath(first[0])}: ${first[1][0] ?? 'invalid'}${others.length ? ` (and ${others.length} more)` : ''}`
    : 'Invalid request'
  return apiError(400, sentence, fields, { code: 'invalid', ...(codes ? { codes } : {}) })
}

/** 400 for query keys an operation does not take (docs/api.md §3: a query is closed). */
export const unknownQueryKeys = (keys: string[]) =>
  invalidFields(
    Object.fromEntries(keys.map((key) => [key, ['not taken here']])),
    Object.fromEntries(keys.map((key) => [key, 'unknown_field'])),
  )

/** A field's dotted path as an integrator writes it: `lines.0.unitPrice` → `lines[0].unitPrice`. */
const fieldPath = (path: string) => path.replace(/\.(\d+)(?=\.|$)/g, '[$1]')

/** 400 for one field, with the code's text and the code. */
export function fieldError(field: string, code: MessageCode): HTTPException {
  return invalidFields({ [field]: [MESSAGES[code]] }, { [field]: code })
}

/** A refusal that is not about one field (the main branch cannot be deactivated ...): its text and code. */
export function ruleError(status: ContentfulStatusCode, code: MessageCode): HTTPException {
  return apiError(status, MESSAGES[code], undefined, { code })
}

/**
 * 429 with a true Retry-After (the whole seconds until the caller may ask again): every throttle's
 * answer, `too_many_requests` unless the body says more (the sign-in's message, a proof to solve).
 */
export const tooManyRequests = (
  retryAfterMs: number,
  body: ApiError & Record<string, unknown> = { error: MESSAGES.too_many_requests, code: 'too_many_requests' },
) => jsonException(429, body, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) })

/** 404 for an id the caller's company does not hold (a delete of it changes nothing). */
export const notFound = (noun: string) => apiError(404, `${noun} not found`, undefined, { code: 'not_found' })

/** An exception whose response is exactly `body` as JSON (for the spec's odd answers, such as 404 false). */
export function jsonException(
  status: ContentfulStatusCode,
  body: unknown,
  headers: Record<string, string> = {},
): HTTPException {
  return new HTTPException(status, {
    res: new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    }),
  })
}

/**
 * The shape an operation refuses in, by its path (docs/api.md §2): the administration and business
 * modules, and a client's quote link, in the real backend's wrapper (docs/shell.md §3); the upload
 * service in its own `{ Error }` (docs/shell.md §3 Upload response); the others in `{ error }`.
 */
export type ErrorShape = 'wrapped' | 'upload' | 'plain'
export function errorShapeOf(path: string): ErrorShape {
  const under = path.replace(/^\/api(?=\/)/, '')
  if (/^\/(?:ac_|cd_|public\/quotes\/)/.test(under)) return 'wrapped'
  if (under.startsWith('/FileManager/')) return 'upload'
  return 'plain'
}

export function onApiError(
  error: Error,
  c: Context,
  log: (message: string, error: unknown) => void,
): Response | Promise<Response> {
  const res = toResponse(error, c, log)
  const shape = errorShapeOf(c.req.path)
  if (shape === 'plain' || !res.headers.get('content-type')?.includes('application/json')) return res
  return reshape(res, shape)
}

/** { error, code, fields } in the path's shape; an answer already in it stays as it is. */
async function reshape(res: Response, shape: Exclude<ErrorShape, 'plain'>): Promise<Response> {
  const body = (await res.json()) as Record<string, unknown>
  if ('IsSuccess' in body || 'Error' in body) return Response.json(body, res)
  const { error, code, ...rest } = body as ApiError
  const stable = code ?? STATUS_CODES[res.status] ?? 'error'
  return Response.json(
    shape === 'wrapped'
      ? { IsSuccess: false, Dados: null, Msg: error, code: stable, ...rest }
      : { Error: error, code: stable, ...rest },
    res,
  )
}

/** A path as the log shows it: a client's link's token (its key to the document) left out. */
const loggedPath = (path: string) => path.replace(/(\/public\/(?:quotes|invoices)\/)[^/]+/, '$1…')

function toResponse(error: Error, c: Context, log: (message: string, error: unknown) => void): Response {
  if (error instanceof HTTPException) {
    const res = error.getResponse()
    // Through c.newResponse, so the headers the middleware set (no-store ...) are kept.
    if (res.headers.get('content-type')?.includes('application/json')) return c.newResponse(res.body, res)
    return c.json({ error: error.message || res.statusText || 'Request refused' } satisfies ApiError, error.status)
  }
  if (error instanceof StorageUnavailableError) {
    log(`${c.req.method} ${loggedPath(c.req.path)}: storage unavailable`, error.message)
    return c.json(
      {
        error: 'The service cannot reach its data for a moment: try again shortly',
        code: 'unavailable',
      } satisfies ApiError,
      503,
      { 'Retry-After': String(RETRY_AFTER_SECONDS) },
    )
  }
  if (error instanceof ConflictError) {
    return c.json(
      { error: 'This record was changed by someone else. Reload it and try again.' } satisfies ApiError,
      412,
    )
  }
  log(`${c.req.method} ${loggedPath(c.req.path)} failed`, error)
  return c.json({ error: 'Unexpected error!' } satisfies ApiError, 500)
}
