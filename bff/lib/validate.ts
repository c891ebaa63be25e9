import { zValidator } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import type { z } from 'zod'
import { apiError } from './errors.ts'
import { describeRequest } from './openapi.ts'
import { issueCode } from '../../domain/messages.ts'

/** 400 with the field errors of a failed zod validation (each path with its messages and its code). */
export function invalidInput(error: z.core.$ZodError, target = 'json') {
  const fields: Record<string, string[]> = {}
  const codes: Record<string, string> = {}
  for (const issue of error.issues) {
    const path = issue.path.join('.') || target
    ;(fields[path] ??= []).push(issue.message)
    codes[path] ??= issueCode(issue)
  }
  return apiError(400, 'Invalid request', fields, { code: 'invalid', codes })
}

/** A value checked against a schema inside a handler (a partial change merged with its record): 400 as `valid` answers. */
export function checked<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value)
  if (!result.success) throw invalidInput(result.error)
  return result.data
}

/** zod validation of one part of the request; a failure answers 400 with the field errors. */
export function valid<T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  const mw = zValidator(target, schema, (result) => {
    if (!result.success) throw invalidInput(result.error, target)
  })
  return describeRequest(mw, target, schema)
}
