import { z } from 'zod'
import { LANGUAGES } from '../cultures.ts'

/** The real backend's wrapper (product-shell.md §3): { IsSuccess, Dados, Msg }. */
export const wrapper = <T extends z.ZodType>(dados: T) => z.object({ IsSuccess: z.boolean(), Dados: dados, Msg: z.string() })

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

export const paginationSchema = z.object({ length: z.number(), size: z.number(), page: z.number(), lastPage: z.number(), startIndex: z.number(), endIndex: z.number() })
