import { expect } from 'vitest'
import type { z } from 'zod'

/** Asserts that an API answer matches the response schema the OpenAPI document shows. */
export function expectSchema<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value)
  expect(parsed.success ? [] : parsed.error.issues, 'answer does not match its documented schema').toEqual([])
  return parsed.data as z.infer<T>
}
