import { z } from 'zod'

const id = z.coerce.number({ message: 'must be a number' }).int().min(-1).max(999_999_999)

export const selectBranchSchema = z.object({ COD_EMPRESA: id, COD_FILIAL: id })

export const userPatchSchema = z.object({
  user: z
    .object({
      name: z.string().trim().min(1, 'Enter a name').max(120),
      avatar: z.string().max(2048).nullable(),
      status: z.enum(['online', 'away', 'busy', 'not-visible']),
      culture: z.enum(['en', 'es', 'pt']),
    })
    .partial(),
})
