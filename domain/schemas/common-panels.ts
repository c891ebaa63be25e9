import { z } from 'zod'
import { safeLink } from './common.ts'

const text = (max: number) => z.string().max(max)
const link = z.string().max(2048).nullable().optional()

/** docs/shell.md §3 Message / notification, docs/demo-apis.md §3 Common. */
export const messageSchema = z.object({
  id: z.string(),
  image: text(2048).nullable().optional(),
  icon: text(200).nullable().optional(),
  title: text(300),
  description: text(2000).nullable().optional(),
  time: z.string(),
  read: z.boolean(),
  seen: z.boolean().optional(),
  link,
  useRouter: z.boolean().optional(),
})
export type Message = z.infer<typeof messageSchema>

/** What a client may send for a message or notification (id and time are the server's). */
export const messageInput = messageSchema.omit({ id: true }).extend({
  time: z.iso.datetime().optional(),
  read: z.boolean().optional(),
  link: safeLink.nullable().optional(),
  image: safeLink.nullable().optional(),
})

export const shortcutSchema = z.object({
  id: z.string(),
  label: text(100).min(1),
  description: text(300).nullable().optional(),
  icon: text(200).min(1),
  link: text(2048).min(1),
  useRouter: z.boolean(),
})
export type Shortcut = z.infer<typeof shortcutSchema>
/** The shortcut form's rules (docs/shell.md §5): label, icon, link and useRouter required. */
export const shortcutInput = shortcutSchema.omit({ id: true }).extend({ link: safeLink })

export const idQuery = z.object({ id: z.string().min(1).max(200) })

export const navigationItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.string(),
  icon: z.string(),
  link: z.string(),
})
export const navigationSchema = z.object({
  compact: z.array(navigationItemSchema),
  default: z.array(navigationItemSchema),
  futuristic: z.array(navigationItemSchema),
  horizontal: z.array(navigationItemSchema),
})

export const searchResultSchema = z.object({
  id: z.string(),
  label: z.string(),
  results: z.array(z.object({ link: z.string(), value: z.string() }).catchall(z.unknown())),
})
