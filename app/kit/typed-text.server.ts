import type { z } from 'zod'
import type { Culture } from '../../domain/cultures.ts'
import { parseDecimal, toCents } from '../../domain/money.ts'
import { typedText, type TypedText } from '../../domain/schemas/fields.ts'

/** The field errors of typed text that is not a number: the field's path and the code of its rule. */
export type TextErrors = Record<string, string>

/** The typed-text rule of a field's schema, looking through optional, default and pipe wrappers. */
function ruleOf(schema: z.core.$ZodType): TypedText | undefined {
  const own = typedText.get(schema as z.ZodType)
  if (own) return own
  const def = schema._zod.def as { type: string; innerType?: z.core.$ZodType; in?: z.core.$ZodType }
  if (def.innerType) return ruleOf(def.innerType)
  if (def.type === 'pipe' && def.in) return ruleOf(def.in)
  return undefined
}

/** The schema of a value inside an object or array schema (through optional and default wrappers), or undefined. */
function unwrap(schema: z.core.$ZodType): z.core.$ZodType {
  const def = schema._zod.def as { innerType?: z.core.$ZodType }
  return def.innerType ? unwrap(def.innerType) : schema
}

/**
 * What a page's form sent, with the amounts and decimals a person typed as the API's values
 * (docs/api.md §5): "1.234,56" in a money field → 123456 cents, "1,5" in a quantity → 1.5, an
 * empty one left out. Text that is no number stays out too, with its field's rule in `errors`.
 * A quantity of "1.000" is read in the typist's `culture` (domain/money.ts parseDecimal).
 */
export function fromTypedText(
  schema: z.core.$ZodType,
  value: unknown,
  culture: Culture,
): { value: unknown; errors: TextErrors } {
  return converted(schema, value, culture, '', {})
}

function converted(
  schema: z.core.$ZodType,
  value: unknown,
  culture: Culture,
  path: string,
  errors: TextErrors,
): { value: unknown; errors: TextErrors } {
  const inner = unwrap(schema)
  const def = inner._zod.def as {
    type: string
    shape?: Record<string, z.core.$ZodType>
    element?: z.core.$ZodType
  }
  if (def.type === 'object' && def.shape && value && typeof value === 'object' && !Array.isArray(value)) {
    const out: Record<string, unknown> = { ...value }
    for (const [key, field] of Object.entries(def.shape)) {
      if (!(key in out)) continue
      const next = converted(field, out[key], culture, path ? `${path}.${key}` : key, errors).value
      if (next === undefined) delete out[key]
      else out[key] = next
    }
    return { value: out, errors }
  }
  if (def.type === 'array' && def.element && Array.isArray(value))
    return {
      value: value.map((item, i) => converted(def.element!, item, culture, `${path}.${i}`, errors).value),
      errors,
    }
  const rule = ruleOf(schema)
  if (!rule || typeof value !== 'string') return { value, errors }
  if (value.trim() === '') return { value: undefined, errors }
  const number = rule.kind === 'money' ? toCents(value) : parseDecimal(value, rule.places, culture)
  if (number === null) {
    errors[path] = rule.code
    return { value: undefined, errors }
  }
  return { value: number, errors }
}
