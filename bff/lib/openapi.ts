import type { Hono, MiddlewareHandler } from 'hono'
import { z } from 'zod'
import { accessOf } from '../access.ts'
import { errorShapeOf, unknownQueryKeys } from './errors.ts'
import { REPLAYED_HEADER } from './idempotency.ts'

/** A response that is not JSON (a CSV, a PDF, a page), or JSON with a description of its own. */
type OtherResponse = { description: string; content?: string; schema?: z.ZodType }
/** An error in the shape this operation answers errors in, with a description of its own (`refusal()`). */
type Refusal = { description: string; refusal: true }

/** An error answer whose cause is the operation's own (a 503 when a PDF takes too long besides the storage's). */
export const refusal = (description: string): Refusal => ({ description, refusal: true })

/** What a route says of itself for the OpenAPI document (docs/api.md); attached to a no-op middleware. */
export type RouteDoc = {
  /** Stable and unique, camelCase: what generated clients name the method after (`listClients`). */
  operationId: string
  summary: string
  /** What it does, what it answers and when it refuses, for an integrator who reads nothing else. */
  description: string
  tags: string[]
  /** false for the calls that need no token (sign-in and friends, i18n files, health). */
  auth?: boolean
  /**
   * Every status the handler itself answers, with its body; `apiErrorSchema` stands for an error
   * in the shape this operation answers errors in. What its access, inputs and method bring
   * (401, 403, 400, 413) is added from them.
   */
  responses: Partial<Record<number, z.ZodType | OtherResponse | Refusal>>
  /** The answer carries the record's version as ETag, and a write takes it back as If-Match (412 when stale). */
  versioned?: boolean
  /** The answer carries an ETag of what it was worked out from: If-None-Match with it answers 304 with no body. */
  conditional?: boolean
  /** The operation touches no stored data (this document, the reference page, translation files): never 503. */
  storageFree?: boolean
  /** A request body the server accepts, shown in the reference and sent by the contract test. */
  example?: unknown
}

/** `heroicons-outline` → `HeroiconsOutline`: a word of an operationId made from a name. */
export const pascal = (name: string) =>
  name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('')

export const DOC = Symbol('openapi-doc')
export const REQUEST = Symbol('openapi-request')

type Documented = MiddlewareHandler & { [DOC]?: RouteDoc; [REQUEST]?: { target: string; schema: z.ZodType } }

/** The operations that take no query (`closeQueries`): a query key sent to one is refused. */
const QUERYLESS = new WeakSet<RouteDoc>()

/**
 * Documents the route it stands in: `.get('/x', doc({...}), handler)`. It also keeps the route's
 * query closed when it takes none (docs/api.md §3): the query validator refuses the keys it does
 * not know, and an operation without one refuses every key.
 */
export function doc(spec: RouteDoc): MiddlewareHandler {
  const mw: Documented = (c, next) => {
    if (QUERYLESS.has(spec) && c.req.url.includes('?')) {
      const keys = [...new URL(c.req.url).searchParams.keys()]
      if (keys.length) throw unknownQueryKeys(keys)
    }
    return next()
  }
  mw[DOC] = spec
  return mw
}

/** Marks a validator middleware with what it validates, for the document. */
export function describeRequest<M extends MiddlewareHandler>(mw: M, target: string, schema: z.ZodType): M {
  ;(mw as Documented)[REQUEST] = { target, schema }
  return mw
}

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>
  delete out.$schema
  return out
}

export type Operation = {
  method: string
  path: string
  doc?: RouteDoc
  requests: Array<{ target: string; schema: z.ZodType }>
}

/** Marks the operations of an app that take no query, so their doc() middleware refuses any key. */
export function closeQueries(app: Hono) {
  for (const op of operations(app)) if (op.doc && !op.requests.some((r) => r.target === 'query')) QUERYLESS.add(op.doc)
}

/** The routes of an app with what their middleware say of them, one entry per method + path. */
export function operations(app: Hono<never, never, string> | Hono): Operation[] {
  const byKey = new Map<string, Operation>()
  for (const route of (app as Hono).routes) {
    if (route.method === 'ALL') continue
    const key = `${route.method} ${route.path}`
    const op = byKey.get(key) ?? { method: route.method, path: route.path, requests: [] }
    const handler = route.handler as Documented
    if (handler[DOC]) op.doc = handler[DOC]
    if (handler[REQUEST]) op.requests.push(handler[REQUEST])
    byKey.set(key, op)
  }
  return [...byKey.values()]
}

/** The one error shape of the demo and common APIs (docs/api.md): a sentence, a code, and the fields at fault. */
export const apiErrorSchema = z
  .object({
    error: z.string().describe('What was refused and why, in English (a field error names the field and the rule)'),
    code: z.string().optional().describe('A stable code for programs (invalid, not_found, forbidden, stale …)'),
    fields: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .describe('Each field at fault (a dotted path) with what is wrong with it'),
    codes: z.record(z.string(), z.string()).optional().describe('Each field at fault with the code of its first rule'),
    allowed: z.array(z.string()).optional().describe('On 409 of a lifecycle action: the actions allowed now'),
  })
  .strict()

/** The business modules' error (ac_*, cd_*): the real backend's wrapper, with the same code and fields. */
const wrappedErrorSchema = z
  .object({
    IsSuccess: z.literal(false),
    Dados: z.null(),
    Msg: z.string().describe('What was refused and why, in English (a field error names the field and the rule)'),
    code: z.string().describe('A stable code for programs (invalid, not_found, forbidden, stale …)'),
    fields: z.record(z.string(), z.array(z.string())).optional(),
    codes: z.record(z.string(), z.string()).optional(),
    allowed: z.array(z.string()).optional(),
  })
  .strict()

/** The upload service's refusal (docs/shell.md §3 Upload response): its `Error`, with the same code and fields. */
const uploadErrorSchema = z
  .object({
    Error: z.string().describe('What was refused and why, in English'),
    ListFiles: z.array(z.never()).optional().describe('No file, on a refused upload'),
    code: z.string().optional(),
    fields: z.record(z.string(), z.array(z.string())).optional(),
    codes: z.record(z.string(), z.string()).optional(),
  })
  .strict()

const ERROR_SCHEMAS = { plain: 'ApiError', wrapped: 'WrappedError', upload: 'UploadError' } as const

const STATUS_TEXT: Record<number, string> = {
  200: 'Done',
  201: 'Created',
  204: 'Done, nothing to answer',
  302: 'Redirected',
  400: 'Invalid input: the fields at fault and their rules',
  401: 'No valid token (absent, expired or revoked)',
  403: 'Not allowed: a company or branch the caller does not hold, or a page level below the one needed',
  404: 'Not found (or not in the caller’s company)',
  405: 'Method not allowed (the Allow header lists the ones that are)',
  409: 'Not allowed in the record’s current state',
  412: 'Someone changed the record since it was read (If-Match is stale): read it again',
  413: 'The request body is too large',
  422: 'The Idempotency-Key was sent before with another request: use a new key',
  429: 'Too many attempts: wait Retry-After seconds and try again',
  502: 'The upstream server failed',
  503: 'The storage is not answering: try again after Retry-After seconds',
  504: 'The upstream server did not answer in time',
}

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` })

/** The parameters and headers many operations share, by name. */
const COMPONENTS = {
  parameters: {
    XEmpresa: {
      name: 'X-Empresa',
      in: 'header',
      required: false,
      description:
        'The company the call is for (COD_EMPRESA); absent or -1: the caller’s current one. One the caller does not hold answers 403.',
      schema: { type: 'string', pattern: '^-?\\d{1,9}$' },
      example: '1',
    },
    XFilial: {
      name: 'X-Filial',
      in: 'header',
      required: false,
      description:
        'The branch the call is for (COD_FILIAL); absent or -1: the caller’s current one (the main branch at first).',
      schema: { type: 'string', pattern: '^-?\\d{1,9}$' },
      example: '2',
    },
    IfMatch: {
      name: 'If-Match',
      in: 'header',
      required: false,
      description:
        'The ETag of the version the client edited. A change made since answers 412 and changes nothing; absent: the version this request reads.',
      schema: { type: 'string', pattern: '^(W/)?"\\d+"$' },
      example: '"3"',
    },
    IfNoneMatch: {
      name: 'If-None-Match',
      in: 'header',
      required: false,
      description:
        'The ETag of an answer the client holds: while what it was worked out from has not changed, 304 with no body.',
      schema: { type: 'string' },
    },
    IdempotencyKey: {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'Makes the write safe to send again (docs/api.md §8): a repeat with the same key and request gets the first answer (Idempotent-Replayed: true); with another request, 422; while the first still runs, 409 with Retry-After. Only a success is kept (a refusal frees the key), for 7 days, per signed-in user; an answer over 32 KB (or past the user’s 16 MB of kept answers) is given again as its status, ETag, Location and Repr-Digest with no body; past 5,000 keys in 7 days a new key gets 429 with Retry-After.',
      schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' },
      example: '3f1c9a52-8d7e-4b8e-9a61-2c0d5f7e1b44',
    },
  },
  headers: {
    ETag: {
      description: 'The record’s version, for If-Match',
      schema: { type: 'string', pattern: '^"\\d+"$' },
    },
    ContentETag: {
      description: 'What the answer was worked out from, for If-None-Match',
      schema: { type: 'string', pattern: '^"[^"]+"$' },
    },
    RetryAfter: {
      description: 'Seconds to wait before trying again',
      schema: { type: 'string', pattern: '^\\d+$' },
    },
    RetryAfterIfRunning: {
      required: false,
      description:
        'With a 409 because a request with the same Idempotency-Key still runs: seconds to wait before trying again',
      schema: { type: 'string', pattern: '^\\d+$' },
    },
    IdempotentReplayed: {
      required: false,
      description: 'true: this is the answer the first request with this Idempotency-Key got; nothing ran again',
      schema: { type: 'string', enum: ['true'] },
    },
  },
}

/** The tags of the document, each with what it covers (an operation's tag must be one of these). */
export type TagInfo = Record<string, string>

/** OpenAPI 3.1 from the routes themselves: paths, parameters, bodies, every answer and its headers. */
export function openApiDocument(
  app: Hono,
  info: { title: string; version: string; description: string },
  tags: TagInfo,
  prefix = '/api',
) {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const op of operations(app)) {
    const path = prefix + op.path.replace(/:(\w+)/g, '{$1}')
    const errorRef = ref('schemas', ERROR_SCHEMAS[errorShapeOf(path)])
    const errorAnswer = (status: number) => ({
      description: STATUS_TEXT[status] ?? 'Refused',
      // a 429 or a 503 says when to try again
      ...(status === 429 || status === 503 ? { headers: { 'Retry-After': ref('headers', 'RetryAfter') } } : {}),
      content: { 'application/json': { schema: errorRef } },
    })
    const access = accessOf(prefix + op.path)
    // every signed-in call may name a company and branch, which requireAuth checks (bff/lib/auth.ts)
    const tenant = access?.kind !== 'public' && op.doc?.auth !== false
    const parameters: unknown[] = []
    let requestBody: unknown
    for (const { target, schema } of op.requests) {
      const shape = jsonSchema(schema, 'input') as {
        properties?: Record<string, { description?: string }>
        required?: string[]
      }
      if (target === 'query' || target === 'param' || target === 'header') {
        for (const [name, s] of Object.entries(shape.properties ?? {})) {
          parameters.push({
            name,
            in: target === 'param' ? 'path' : target,
            required: target === 'param' || (shape.required ?? []).includes(name),
            ...(s.description ? { description: s.description } : {}),
            schema: s,
          })
        }
      } else {
        const type = target === 'form' ? 'multipart/form-data' : 'application/json'
        requestBody = {
          required: true,
          content: { [type]: { schema: shape, ...(op.doc?.example !== undefined ? { example: op.doc.example } : {}) } },
        }
      }
    }
    for (const m of op.path.matchAll(/:(\w+)/g)) {
      if (!parameters.some((p) => (p as { name: string }).name === m[1]))
        parameters.push({ name: m[1], in: 'path', required: true, schema: { type: 'string' } })
    }
    if (tenant) parameters.push(ref('parameters', 'XEmpresa'), ref('parameters', 'XFilial'))
    if (op.doc?.versioned && op.method !== 'GET') parameters.push(ref('parameters', 'IfMatch'))
    if (op.doc?.conditional) parameters.push(ref('parameters', 'IfNoneMatch'))
    const write = !['GET', 'HEAD', 'OPTIONS'].includes(op.method)
    // a signed-in user's writes take a key (bff/lib/idempotency.ts): not the public ones, nor signing in
    const keyed = write && tenant && !path.startsWith('/api/auth/')
    if (keyed) parameters.push(ref('parameters', 'IdempotencyKey'))

    const responses: Record<string, unknown> = {}
    for (const [status, body] of Object.entries(op.doc?.responses ?? {})) {
      const code = Number(status)
      const success = {
        ...(op.doc?.versioned ? { ETag: ref('headers', 'ETag') } : {}),
        ...(op.doc?.conditional ? { ETag: ref('headers', 'ContentETag') } : {}),
        ...(keyed ? { [REPLAYED_HEADER]: ref('headers', 'IdempotentReplayed') } : {}),
      }
      const headers = code < 300 && Object.keys(success).length ? { headers: success } : {}
      if (body === apiErrorSchema) responses[status] = errorAnswer(code)
      else if (body && 'refusal' in body) responses[status] = { ...errorAnswer(code), description: body.description }
      else if (body instanceof z.ZodType)
        responses[status] = {
          description: STATUS_TEXT[code] ?? 'Answer',
          ...headers,
          content: { 'application/json': { schema: jsonSchema(body, 'output') } },
        }
      else if (body)
        responses[status] = {
          description: body.description,
          ...headers,
          ...(body.content
            ? { content: { [body.content]: body.schema ? { schema: jsonSchema(body.schema, 'output') } : {} } }
            : {}),
        }
    }
    if (op.doc?.conditional)
      responses['304'] = {
        description: 'Not Modified: the answer of the ETag sent as If-None-Match still holds',
        headers: { ETag: ref('headers', 'ContentETag') },
      }
    // what the operation's access, inputs and method bring, whatever its handler does
    // every operation refuses a query key it does not take (closeQueries), and the rest of bad input
    responses['400'] ??= errorAnswer(400)
    if (access?.kind !== 'public' && op.doc?.auth !== false) responses['401'] ??= errorAnswer(401)
    if (tenant) responses['403'] ??= errorAnswer(403)
    if (op.doc?.versioned && op.method !== 'GET') responses['412'] ??= errorAnswer(412)
    if (write) responses['413'] ??= errorAnswer(413)
    if (keyed) {
      // what an Idempotency-Key brings (bff/lib/idempotency.ts)
      const running = 'A request with the same Idempotency-Key is still running: try again after Retry-After seconds'
      // a 409 of the operation's own (a record closed to changes) may also be this one, with its Retry-After
      const own = responses['409'] as { description?: string } | undefined
      responses['409'] = own
        ? {
            ...own,
            description: `${own.description ?? 'Conflict'}; or: ${running.toLowerCase()}`,
            headers: { 'Retry-After': ref('headers', 'RetryAfterIfRunning') },
          }
        : { ...errorAnswer(409), description: running, headers: { 'Retry-After': ref('headers', 'RetryAfter') } }
      responses['422'] ??= errorAnswer(422)
      // past the user's quota of kept keys
      responses['429'] ??= errorAnswer(429)
    }
    // every operation that reads or writes data: its storage may be down for a moment
    if (!op.doc?.storageFree) responses['503'] ??= errorAnswer(503)

    paths[path] ??= {}
    paths[path][op.method.toLowerCase()] = {
      operationId: op.doc?.operationId,
      summary: op.doc?.summary ?? `${op.method} ${path}`,
      description: op.doc?.description,
      tags: op.doc?.tags ?? [],
      // who may call it (bff/access.ts); absent when undeclared, which the tests refuse
      ...(access ? { 'x-access': access } : {}),
      ...(access?.kind === 'public' || op.doc?.auth === false ? { security: [] } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b))),
    }
  }
  return {
    openapi: '3.1.0',
    info: { ...info, license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' } },
    servers: [{ url: '/', description: 'This server' }],
    security: [{ bearer: [] }],
    tags: Object.entries(tags).map(([name, description]) => ({ name, description })),
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The accessToken of POST /api/auth/sign-in (or of a refresh)',
        },
      },
      schemas: {
        ApiError: jsonSchema(apiErrorSchema, 'output'),
        WrappedError: jsonSchema(wrappedErrorSchema, 'output'),
        UploadError: jsonSchema(uploadErrorSchema, 'output'),
      },
      ...COMPONENTS,
    },
    paths,
  }
}
