import { zValidator } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import type { z } from 'zod'
import { apiError } from './errors.ts'
import { describeRequest } from './openapi.ts'
import { issueCode } from '../../domain/messages.ts'

/** zod validation of one part of the request; a failure answers 400 with the field errors. */
export function valid<T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  const mw = zValidator(target, schema, (result) => {
    if (!result.success) {
      const fields: Record<string, string[]> = {}
      const codes: Record<string, string> = {}
      for (const issue of result.error.issues) {
        const path = issue.path.join('.') || target
        ;(fields[path] ??= []).push(issue.message)
        codes[path] ??= issueCode(issue)
      }
      throw apiError(400, 'Invalid request', fields, { code: 'invalid', codes })
    }
  })
  return describeRequest(mw, target, schema)
}
