import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { ConflictError } from '../../storage/errors.ts'
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
}

export function apiError(
  status: ContentfulStatusCode,
  error: string,
  fields?: Record<string, string[]>,
  extra: Pick<ApiError, 'code' | 'codes' | 'allowed'> = {},
): HTTPException {
  const body: ApiError = fields ? { error, fields, ...extra } : { error, ...extra }
  return jsonException(status, body)
}

/** 400 for one field, with the code's text and the code. */
export function fieldError(field: string, code: MessageCode): HTTPException {
  return apiError(400, 'Invalid request', { [field]: [MESSAGES[code]] }, { code: 'invalid', codes: { [field]: code } })
}

/** A refusal that is not about one field (the main branch cannot be deactivated ...): its text and code. */
export function ruleError(status: ContentfulStatusCode, code: MessageCode): HTTPException {
  return apiError(status, MESSAGES[code], undefined, { code })
}

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

/** The administration and business modules answer in the real backend's wrapper (docs/shell.md §3), errors too. */
const WRAPPED = /^(?:\/api)?\/(?:ac_|cd_)/

export function onApiError(
  error: Error,
  c: Context,
  log: (message: string, error: unknown) => void,
): Response | Promise<Response> {
  const res = toResponse(error, c, log)
  if (!WRAPPED.test(c.req.path) || !res.headers.get('content-type')?.includes('application/json')) return res
  return wrap(res)
}

/** { error, fields } → { IsSuccess: false, Dados: null, Msg: error, code, fields }; a wrapper stays as it is. */
async function wrap(res: Response): Promise<Response> {
  const body = (await res.json()) as Record<string, unknown>
  if ('IsSuccess' in body) return Response.json(body, res)
  const { error, code, ...rest } = body as ApiError
  return Response.json(
    { IsSuccess: false, Dados: null, Msg: error, code: code ?? STATUS_CODES[res.status] ?? 'error', ...rest },
    res,
  )
}

function toResponse(error: Error, c: Context, log: (message: string, error: unknown) => void): Response {
  if (error instanceof HTTPException) {
    const res = error.getResponse()
    // Through c.newResponse, so the headers the middleware set (no-store ...) are kept.
    if (res.headers.get('content-type')?.includes('application/json')) return c.newResponse(res.body, res)
    return c.json({ error: error.message || res.statusText || 'Request refused' } satisfies ApiError, error.status)
  }
  if (error instanceof ConflictError) {
    return c.json(
      { error: 'This record was changed by someone else. Reload it and try again.' } satisfies ApiError,
      412,
    )
  }
  log(`${c.req.method} ${c.req.path} failed`, error)
  return c.json({ error: 'Unexpected error!' } satisfies ApiError, 500)
}
