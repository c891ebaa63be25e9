import { z } from 'zod'
import { rule } from '../messages.ts'
import { LANGUAGES } from '../cultures.ts'

/**
 * A schema built from another one, built once per inner schema: zod compiles an object schema the
 * first time it parses, so a schema made afresh on every request pays that compilation every time.
 */
export function derivedSchema<Make extends (inner: z.ZodType) => z.ZodType>(make: Make): Make {
  const made = new WeakMap<z.ZodType, z.ZodType>()
  return ((inner: z.ZodType) => {
    let out = made.get(inner)
    if (!out) made.set(inner, (out = make(inner)))
    return out
  }) as Make
}

/** An array of a schema's values, made once per schema (not per request). */
export const arrayOf = derivedSchema(<T extends z.ZodType>(row: T) => z.array(row))

/** The real backend's wrapper (docs/shell.md §3): { IsSuccess, Dados, Msg }. */
export const wrapper = derivedSchema(<T extends z.ZodType>(dados: T) =>
  z.object({ IsSuccess: z.boolean(), Dados: dados, Msg: z.string() }),
)

export const publicUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  status: z.enum(['online', 'away', 'busy', 'not-visible']),
  culture: z.enum(LANGUAGES),
  scheme: z.enum(['light', 'dark', 'auto']),
  theme: z.enum(['default', 'brand', 'teal', 'rose', 'purple', 'amber']),
})

export const paginationSchema = z.object({
  length: z.number(),
  size: z.number(),
  page: z.number(),
  lastPage: z.number(),
  startIndex: z.number(),
  endIndex: z.number(),
})

/** A link a user may set (a shortcut, a message, a picture): a path of this app or an http(s) address — never javascript:, data: or //elsewhere. */
export const safeLink = z
  .string()
  .max(2048)
  .refine((v) => /^\/(?![/\\])/.test(v) || /^https?:\/\/[^/\\]/i.test(v), rule('invalid_link'))

/** A sent document's link to its client (a quote's, an invoice's), as the office passes it on. */
export const clientLinkSchema = z.object({
  url: z.url(),
  /** The e-mail's words in the client's language, with the link: to copy or share. */
  message: z.string(),
  whatsapp: z.string().nullable().meta({
    description:
      'The client’s WhatsApp number in E.164 (their phone labelled WhatsApp, else their first mobile), to address the message to; null when they have none',
  }),
})
