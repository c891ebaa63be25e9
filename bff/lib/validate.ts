import { zValidator } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import { ZodObject, type z } from 'zod'
import { invalidFields, unknownQueryKeys } from './errors.ts'
import { describeRequest } from './openapi.ts'
import { issueCode } from '../../domain/messages.ts'

/** 400 with the field errors of a failed zod validation (each path with its messages and its code). */
export function invalidInput(error: z.core.$ZodError, target = 'json') {
  // no prototype: a key such as `constructor` is a field like any other
  const fields: Record<string, string[]> = Object.create(null)
  const codes: Record<string, string> = Object.create(null)
  for (const issue of error.issues) {
    // a key the schema does not know is a field of its own: `state: not taken here`
    const unknown = issue.code === 'unrecognized_keys' ? issue.keys : null
    for (const [path, message] of unknown
      ? unknown.map((key) => [[...issue.path, key].join('.'), 'not taken here'] as const)
      : [[issue.path.join('.') || target, issue.message] as const]) {
      ;(fields[path] ??= []).push(message)
      codes[path] ??= unknown ? 'unknown_field' : issueCode(issue)
    }
  }
  return invalidFields(fields, codes)
}

/** A value checked against a schema inside a handler (a partial change merged with its record): 400 as `valid` answers. */
export function checked<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value)
  if (!result.success) throw invalidInput(result.error)
  return result.data
}

/** zod validation of one part of the request; a failure answers 400 with the field errors. */
export function valid<T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  // a query is closed: a key the operation does not know is refused, never silently ignored (docs/api.md §3)
  const known = target === 'query' && schema instanceof ZodObject ? new Set(Object.keys(schema.shape)) : null
  const mw = zValidator(target, schema, (result, c) => {
    if (!result.success) throw invalidInput(result.error, target)
    const unknown = known ? Object.keys(c.req.queries()).filter((key) => !known.has(key)) : []
    if (unknown.length) throw unknownQueryKeys(unknown)
  })
  return describeRequest(mw, target, schema)
}
