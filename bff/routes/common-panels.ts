import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv, Deps } from '../lib/deps.ts'
import { readerCulture, requireAuth } from '../lib/auth.ts'
import { doc, pascal } from '../lib/openapi.ts'
import { valid } from '../lib/validate.ts'
import {
  idQuery,
  messageInput,
  messageSchema,
  shortcutInput,
  shortcutSchema,
  type Message,
  type Shortcut,
} from '../../domain/schemas/common-panels.ts'
import { messageChanged, messageIn, shortcutChanged, shortcutIn } from '../../domain/panel-texts.ts'

/**
 * api/common/messages and api/common/notifications: the same five calls (and the
 * toggle), the body key being `message` or `notification`. They belong to the user. What the system
 * wrote is answered in the reader's language (docs/shell.md §3); what a person typed, as typed.
 */
function panelRoutes(deps: Deps, name: 'messages' | 'notifications', bodyKey: 'message' | 'notification') {
  const list = (userId: string) => deps.repos.panels(userId)[name]
  const tags = [`common/${name}`]
  // The body key differs by panel; the schemas are typed as if it were `item`.
  const keyed = <S extends z.ZodType>(schema: S) => ({ [bodyKey]: schema }) as unknown as { item: S }
  const item = z.object(keyed(messageInput))
  const patch = z.object({ id: z.string().min(1).max(200), ...keyed(messageInput.partial()) })
  const toggle = z.object(keyed(z.object({ id: z.string().min(1).max(200), read: z.boolean() })))
  const body = <T>(value: { item: T }) => (value as unknown as Record<string, T>)[bodyKey]
  return new Hono<AppEnv>()
    .use(requireAuth(deps))
    .get(
      '/',
      doc({
        operationId: `list${pascal(name)}`,
        description: `The signed-in person’s ${name}, newest first.`,
        summary: `The user's ${name}, newest first`,
        tags,
        responses: { 200: z.array(messageSchema) },
      }),
      async (c) => {
        const culture = readerCulture(c)
        return c.json((await list(c.get('auth').user.id).all()).map((m) => messageIn(m, culture)))
      },
    )
    .post(
      '/',
      doc({
        operationId: `create${pascal(bodyKey)}`,
        example: { [bodyKey]: { title: 'The visit at 10:00 was moved to 14:00', read: false } },
        description: `Adds one of the person’s ${name}, first in the list, and answers it.`,
        summary: `Add one (first in the list)`,
        tags,
        responses: { 200: messageSchema },
      }),
      valid('json', item),
      async (c) => {
        const input = body(c.req.valid('json'))
        const created: Message = {
          ...input,
          id: crypto.randomUUID(),
          time: input.time ?? new Date(deps.now()).toISOString(),
          read: input.read ?? false,
        }
        await list(c.get('auth').user.id).add(created)
        return c.json(created)
      },
    )
    .patch(
      '/',
      doc({
        operationId: `update${pascal(bodyKey)}`,
        example: { id: 'm1', [bodyKey]: { read: true } },
        description: `Changes one of the person’s ${name}; answers it, or null when the id is unknown.`,
        summary: 'Change one; null when the id is unknown',
        tags,
        responses: { 200: messageSchema.nullable() },
      }),
      valid('json', patch),
      async (c) => {
        const json = c.req.valid('json')
        const culture = readerCulture(c)
        const changed = await list(c.get('auth').user.id).patch(json.id, (m) => messageChanged(m, body(json), culture))
        return c.json(changed && messageIn(changed, culture))
      },
    )
    .delete(
      '/',
      doc({
        operationId: `delete${pascal(bodyKey)}`,
        description: `Removes one of the person’s ${name}; answers it, or null when the id is unknown.`,
        summary: 'Remove one; answers the removed item, null when unknown',
        tags,
        responses: { 200: messageSchema.nullable() },
      }),
      valid('query', idQuery),
      async (c) => {
        const { id } = c.req.valid('query')
        const repo = list(c.get('auth').user.id)
        const found = await repo.find(id)
        if (found) await repo.remove(id)
        return c.json(found && messageIn(found, readerCulture(c)))
      },
    )
    .get(
      '/mark-all-as-read',
      doc({
        operationId: `markAll${pascal(name)}Read`,
        description: `Marks every one of the person’s ${name} read and seen.`,
        summary: 'Mark every one read and seen',
        tags,
        responses: { 200: z.literal(true) },
      }),
      async (c) => {
        await list(c.get('auth').user.id).replace((items) => items.map((m) => ({ ...m, read: true, seen: true })))
        return c.json(true as const)
      },
    )
    .post(
      '/toggle-read-status',
      doc({
        operationId: `toggle${pascal(bodyKey)}Read`,
        example: { [bodyKey]: { id: 'm1', read: true } },
        description: `Sets whether one of the person’s ${name} is read; answers it, or null when the id is unknown.`,
        summary: 'Set the read flag of one',
        tags,
        responses: { 200: messageSchema.nullable() },
      }),
      valid('json', toggle),
      async (c) => {
        const { id, read } = body(c.req.valid('json'))
        const toggled = await list(c.get('auth').user.id).patch(id, (m) => ({ ...m, read }))
        return c.json(toggled && messageIn(toggled, readerCulture(c)))
      },
    )
}

export const messagesRoutes = (deps: Deps) => panelRoutes(deps, 'messages', 'message')
export const notificationsRoutes = (deps: Deps) => panelRoutes(deps, 'notifications', 'notification')

/** api/common/shortcuts: the user's shortcuts (docs/shell.md §2 Panels, §5); a seeded one labelled in the reader's language. */
export function shortcutsRoutes(deps: Deps) {
  const list = (userId: string) => deps.repos.panels(userId).shortcuts
  const tags = ['common/shortcuts']
  return new Hono<AppEnv>()
    .use(requireAuth(deps))
    .get(
      '/',
      doc({
        operationId: 'listShortcuts',
        description: 'The signed-in person’s shortcuts, in their order.',
        summary: "The user's shortcuts",
        tags,
        responses: { 200: z.array(shortcutSchema) },
      }),
      async (c) => {
        const culture = readerCulture(c)
        return c.json((await list(c.get('auth').user.id).all()).map((s) => shortcutIn(s, culture)))
      },
    )
    .post(
      '/',
      doc({
        operationId: 'createShortcut',
        example: {
          shortcut: {
            label: 'Quotes',
            description: "The branch's quotes",
            icon: 'heroicons_outline:document-text',
            link: '/view/cd_cotacao',
            useRouter: true,
          },
        },
        description: 'Adds a shortcut (label, description, icon, link), last in the list, and answers it.',
        summary: 'Add a shortcut (last in the list)',
        tags,
        responses: { 200: shortcutSchema },
      }),
      valid('json', z.object({ shortcut: shortcutInput })),
      async (c) => {
        const shortcut: Shortcut = { ...c.req.valid('json').shortcut, id: crypto.randomUUID() }
        await list(c.get('auth').user.id).add(shortcut, 'last')
        return c.json(shortcut)
      },
    )
    .patch(
      '/',
      doc({
        operationId: 'updateShortcut',
        example: { id: 's1', shortcut: { label: 'Quotes' } },
        description: 'Changes a shortcut; answers it, or null when the id is unknown.',
        summary: 'Change a shortcut; null when the id is unknown',
        tags,
        responses: { 200: shortcutSchema.nullable() },
      }),
      valid('json', z.object({ id: z.string().min(1).max(200), shortcut: shortcutInput.partial() })),
      async (c) => {
        const { id, shortcut } = c.req.valid('json')
        const culture = readerCulture(c)
        const changed = await list(c.get('auth').user.id).patch(id, (s) => shortcutChanged(s, shortcut, culture))
        return c.json(changed && shortcutIn(changed, culture))
      },
    )
    .delete(
      '/',
      doc({
        operationId: 'deleteShortcut',
        description: 'Deletes a shortcut; answers whether there was one.',
        summary: 'Delete a shortcut',
        tags,
        responses: { 200: z.boolean() },
      }),
      valid('query', idQuery),
      async (c) => c.json(await list(c.get('auth').user.id).remove(c.req.valid('query').id)),
    )
}
