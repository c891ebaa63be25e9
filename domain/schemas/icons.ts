import { z } from 'zod'

export const iconSetSchema = z.object({
  namespace: z.string(),
  name: z.string(),
  grid: z.string(),
  list: z.array(z.string()),
})
