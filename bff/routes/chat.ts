import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv, Deps } from '../lib/deps.ts'
import { requireAuth } from '../lib/auth.ts'
import { apiError } from '../lib/errors.ts'
import { apiErrorSchema, doc } from '../lib/openapi.ts'
import { requireTenant } from '../lib/tenancy.ts'
import { valid } from '../lib/validate.ts'
import { chatSchema, chatWithMessagesSchema, type ChatRecord } from '../../domain/schemas/chat.ts'
import { idQuery } from '../../domain/schemas/common-panels.ts'
import type { Contact } from '../../domain/schemas/contacts.ts'

/** api/apps/chat: the company's chats, with the contact resolved. */
export function chatRoutes(deps: Deps) {
  const tags = ['apps/chat']
  const chats = (empresa: number) => deps.repos.company(empresa).records<ChatRecord>('chats')
  const contacts = (empresa: number) => deps.repos.company(empresa).records<Contact>('contacts')
  return new Hono<AppEnv>()
    .use(requireAuth(deps), requireTenant(deps))
    .get(
      '/chats',
      doc({
        operationId: 'listChats',
        description: 'The current company’s chats, the latest first, without their messages.',
        summary: 'The chats, latest first (without their messages)',
        tags,
        responses: { 200: z.array(chatSchema) },
      }),
      async (c) => {
        const { empresa } = c.get('tenant')
        const [list, people] = await Promise.all([chats(empresa).all(), contacts(empresa).all()])
        const byId = new Map(people.map((p) => [p.id, p]))
        const rows = list
          .sort((a, b) => b.lastMessageAt.localeCompare(a.lastMessageAt))
          .map(({ messages: _messages, ...chat }) => ({ ...chat, contact: byId.get(chat.contactId) ?? null }))
        return c.json(rows)
      },
    )
    .get(
      '/chat',
      doc({
        operationId: 'getChat',
        description: 'One chat with its messages. 404 when the id is unknown.',
        summary: 'One chat with its messages',
        tags,
        responses: { 200: chatWithMessagesSchema, 404: apiErrorSchema },
      }),
      valid('query', idQuery),
      async (c) => {
        const { empresa } = c.get('tenant')
        const { id } = c.req.valid('query')
        const chat = await chats(empresa).get(id)
        if (!chat) throw apiError(404, `Could not found chat with id of ${id}!`)
        const contact = await contacts(empresa).get(chat.value.contactId)
        return c.json({ ...chat.value, contact: contact?.value ?? null })
      },
    )
}
