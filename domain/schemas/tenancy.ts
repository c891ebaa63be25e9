import { z } from 'zod'
import { safeLink, wrapper } from './common.ts'
import { LANGUAGES } from '../cultures.ts'

const id = z.coerce.number({ message: 'must be a number' }).int().min(-1).max(999_999_999)

export const selectBranchSchema = z.object({ COD_EMPRESA: id, COD_FILIAL: id })

export const userPatchSchema = z.object({
  user: z
    .object({
      name: z.string().trim().min(1, 'Enter a name').max(120),
      avatar: safeLink.nullable(),
      status: z.enum(['online', 'away', 'busy', 'not-visible']),
      culture: z.enum(LANGUAGES),
      scheme: z.enum(['light', 'dark', 'auto']),
      theme: z.enum(['default', 'brand', 'teal', 'rose', 'purple', 'amber']),
    })
    .partial(),
})

export const filialSchema = z.object({
  COD_FILIAL: z.number(),
  COD_EMPRESA: z.number(),
  NOME_EMPRESA: z.string(),
  NOM_FILIAL: z.string(),
  FLG_PRINCIPAL: z.enum(['S', 'N']),
})
export const branchRowSchema = z.object({
  COD_FILIAL: z.number(),
  COD_EMPRESA: z.number(),
  NOM_FILIAL: z.string(),
  FLG_PRINCIPAL: z.enum(['S', 'N']),
  PREFIX: z.string(),
  TIME_ZONE: z.string(),
  ACTIVE: z.boolean(),
  CNPJ: z.string().default(''),
  ENDERECO: z.string().default(''),
})
export const userBranchesAnswer = wrapper(z.array(filialSchema))
export const currentBranchAnswer = wrapper(
  z.object({
    COD_EMPRESA: z.number(),
    COD_FILIAL: z.number(),
    ROLE: z.string().optional(),
    empresaChanged: z.boolean().optional(),
  }),
)
