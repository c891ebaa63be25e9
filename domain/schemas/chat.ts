import { z } from 'zod'
import { contactSchema } from './contacts.ts'

/** The spec shows no chat fields; this is the template's shape, documented here. */
export const chatMessageSchema = z.object({
  id: z.string(),
  chatId: z.string(),
  contactId: z.string(),
  isMine: z.boolean(),
  value: z.string(),
  createdAt: z.string(),
})
export const chatSchema = z.object({
  id: z.string(),
  contactId: z.string(),
  contact: contactSchema.nullable(),
  unreadCount: z.number().int(),
  muted: z.boolean(),
  lastMessage: z.string(),
  lastMessageAt: z.string(),
})
export const chatWithMessagesSchema = chatSchema.extend({ messages: z.array(chatMessageSchema) })
export type ChatRecord = Omit<z.infer<typeof chatWithMessagesSchema>, 'contact'>
