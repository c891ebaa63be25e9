import type { Hono, MiddlewareHandler } from 'hono'
import { z } from 'zod'
import { accessOf } from '../access.ts'

/** What a route says of itself for the OpenAPI document; attached to a no-op middleware. */
export type RouteDoc = {
  summary: string
  tags: string[]
  /** false for the calls that need no token (sign-in and friends, i18n files, health). */
  auth?: boolean
  /** Response bodies by status; the integration tests check answers against these. */
  responses: Partial<Record<number, z.ZodType | { description: string; content?: string }>>
}

export const DOC = Symbol('openapi-doc')
export const REQUEST = Symbol('openapi-request')

type Documented = MiddlewareHandler & { [DOC]?: RouteDoc; [REQUEST]?: { target: string; schema: z.ZodType } }

/** Documents the route it stands in: `.get('/x', doc({...}), handler)`. */
export function doc(spec: RouteDoc): MiddlewareHandler {
  const mw: Documented = (_c, next) => next()
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

type Operation = {
  method: string
  path: string
  doc?: RouteDoc
  requests: Array<{ target: string; schema: z.ZodType }>
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

/** OpenAPI 3.1 from the routes themselves: paths, parameters, bodies and responses. */
export function openApiDocument(app: Hono, info: { title: string; version: string }, prefix = '/api') {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const op of operations(app)) {
    const path = prefix + op.path.replace(/:(\w+)/g, '{$1}')
    const parameters: unknown[] = []
    let requestBody: unknown
    for (const { target, schema } of op.requests) {
      const shape = jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] }
      if (target === 'query' || target === 'param' || target === 'header') {
        for (const [name, s] of Object.entries(shape.properties ?? {})) {
          parameters.push({
            name,
            in: target === 'param' ? 'path' : target,
            required: target === 'param' || (shape.required ?? []).includes(name),
            schema: s,
          })
        }
      } else {
        const type = target === 'form' ? 'multipart/form-data' : 'application/json'
        requestBody = { required: true, content: { [type]: { schema: shape } } }
      }
    }
    for (const m of op.path.matchAll(/:(\w+)/g)) {
      if (!parameters.some((p) => (p as { name: string }).name === m[1]))
        parameters.push({ name: m[1], in: 'path', required: true, schema: { type: 'string' } })
    }
    const responses: Record<string, unknown> = {}
    for (const [status, body] of Object.entries(op.doc?.responses ?? { 200: { description: 'OK' } })) {
      if (body instanceof z.ZodType)
        responses[status] = {
          description: statusText(Number(status)),
          content: { 'application/json': { schema: jsonSchema(body, 'output') } },
        }
      else if (body)
        responses[status] = {
          description: body.description,
          ...(body.content ? { content: { [body.content]: {} } } : {}),
        }
    }
    if (op.doc?.auth !== false) {
      responses['401'] ??= {
        description: 'No valid token',
        content: { 'application/json': { schema: jsonSchema(apiErrorSchema, 'output') } },
      }
    }
    if (op.requests.length)
      responses['400'] ??= {
        description: 'Invalid input, with the field errors',
        content: { 'application/json': { schema: jsonSchema(apiErrorSchema, 'output') } },
      }
    const access = accessOf(prefix + op.path)
    paths[path] ??= {}
    paths[path][op.method.toLowerCase()] = {
      summary: op.doc?.summary ?? `${op.method} ${path}`,
      tags: op.doc?.tags ?? [],
      // who may call it (bff/access.ts); absent when undeclared, which the tests refuse
      ...(access ? { 'x-access': access } : {}),
      ...(op.doc?.auth === false ? { security: [] } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
    }
  }
  return {
    openapi: '3.1.0',
    info,
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  }
}

export const apiErrorSchema = z.object({
  error: z.string(),
  code: z.string().optional(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
  codes: z.record(z.string(), z.string()).optional(),
  allowed: z.array(z.string()).optional(),
})

function statusText(status: number): string {
  return (
    (
      {
        200: 'OK',
        201: 'Created',
        404: 'Not found',
        412: 'Stale version',
        413: 'Body too large',
        429: 'Too many attempts',
      } as Record<number, string>
    )[status] ?? 'Answer'
  )
}
