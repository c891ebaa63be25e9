import { z } from 'zod'

const line = (max: number) => z.string().max(max)

export const mailSchema = z.object({
  id: z.string(),
  type: z.literal('mail'),
  from: z.object({ avatar: line(2048).nullable(), contact: line(300) }),
  to: line(300),
  cc: z.array(line(300)).optional(),
  bcc: z.array(line(300)).optional(),
  date: z.string(),
  subject: line(500),
  content: line(100_000),
  attachments: z.array(
    z.object({ type: line(100), name: line(300), size: z.number(), preview: line(300), downloadUrl: line(2048) }),
  ),
  starred: z.boolean(),
  important: z.boolean(),
  unread: z.boolean(),
  folder: line(100),
  labels: z.array(line(100)),
})
export type Mail = z.infer<typeof mailSchema>
export const mailListedSchema = mailSchema.extend({ ccCount: z.number(), bccCount: z.number() })

export const folderSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  icon: z.string(),
  count: z.number(),
})
export const filterSchema = z.object({ id: z.string(), title: z.string(), slug: z.string(), icon: z.string() })
export const mailLabelSchema = z.object({ id: z.string(), title: line(100), slug: z.string(), color: line(50) })
export type MailLabel = z.infer<typeof mailLabelSchema>
export const settingsSchema = z.object({ messageLayout: z.enum(['right', 'full']) }).catchall(z.unknown())

export const mailListQuery = z
  .object({
    // one of the three (the refinement below)
    folder: z
      .string()
      .max(100)
      .optional()
      .meta({
        description: 'A folder (inbox, sent, drafts, spam, trash): one of folder, filter or label',
        examples: ['inbox'],
      }),
    filter: z
      .enum(['starred', 'important'])
      .optional()
      .meta({ description: 'A filter: one of folder, filter or label' }),
    label: z.string().max(100).optional().meta({ description: 'A label’s slug: one of folder, filter or label' }),
    page: z.coerce.number().int().min(1).max(10_000_000).default(1),
  })
  .refine((q) => [q.folder, q.filter, q.label].filter(Boolean).length === 1, {
    message: 'give one of folder, filter or label',
    path: ['folder'],
  })

export const mailPaginationSchema = z.object({
  totalResults: z.number(),
  resultsPerPage: z.number(),
  currentPage: z.number(),
  lastPage: z.number(),
  startIndex: z.number(),
  endIndex: z.number(),
})
export const mailListAnswer = z.union([
  z.object({ mails: z.array(mailListedSchema), pagination: mailPaginationSchema }),
  z.object({ mails: z.null(), pagination: z.object({ lastPage: z.number() }) }),
])
export const mailPatch = z.object({
  id: z.string().min(1).max(200),
  mail: z
    .object({
      starred: z.boolean(),
      important: z.boolean(),
      unread: z.boolean(),
      folder: line(100),
      labels: z.array(line(100)).max(50),
    })
    .partial(),
})
export const labelInput = z.object({
  label: z.object({ title: line(100).trim().min(1), color: line(50).default('blue') }),
})
export const labelPatch = z.object({
  id: z.string().min(1).max(200),
  label: z.object({ title: line(100).trim().min(1), color: line(50) }).partial(),
})
export const settingsPatch = z.object({ settings: z.object({ messageLayout: z.enum(['right', 'full']) }).partial() })
