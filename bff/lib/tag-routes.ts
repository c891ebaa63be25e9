import { Hono } from 'hono'
import { z } from 'zod'
import type { AppList } from '../../storage/repositories/app-data.ts'
import type { AppEnv, Deps } from './deps.ts'
import { apiErrorSchema, doc, pascal } from './openapi.ts'
import { notFound } from './errors.ts'
import { requireTenant } from './tenancy.ts'
import { requireAuth } from './auth.ts'
import { valid } from './validate.ts'
import { idQuery } from '../../domain/schemas/common-panels.ts'
import { tagInput, tagPatch, tagSchema, type Tag } from '../../domain/schemas/contacts.ts'

type TagOptions = {
  /** The company list record holding these tags (`company:<id>:lists:<name>`). */
  list: AppList
  /** What carries them, for the texts: 'contact', 'task', 'product'. */
  noun: string
  tags: string[]
  /** Removes a deleted tag from every record carrying it. */
  strip: (empresa: number, id: string) => Promise<void>
}

/** The tag calls the demo areas share: GET /tags, POST /tag (first), PATCH /tag, DELETE /tag (stripped everywhere). */
export function tagRoutes(deps: Deps, { list, noun, tags, strip }: TagOptions) {
  const repo = (empresa: number) => deps.repos.company(empresa).list<Tag>(list)
  return new Hono<AppEnv>()
    .use(requireAuth(deps), requireTenant(deps))
    .get(
      '/tags',
      doc({
        operationId: `list${pascal(noun)}Tags`,
        description: `The tags of the company’s ${noun}s, in their order.`,
        summary: `The ${noun} tags`,
        tags,
        responses: { 200: z.array(tagSchema) },
      }),
      async (c) => c.json(await repo(c.get('tenant').empresa).all()),
    )
    .post(
      '/tag',
      doc({
        operationId: `create${pascal(noun)}Tag`,
        example: { tag: { title: 'Urgent' } },
        description: `Adds a tag (its title), first in the list, and answers it.`,
        summary: `A new ${noun} tag, first in the list`,
        tags,
        responses: { 200: tagSchema },
      }),
      valid('json', tagInput),
      async (c) =>
        c.json(
          await repo(c.get('tenant').empresa).add({ id: crypto.randomUUID(), title: c.req.valid('json').tag.title }),
        ),
    )
    .patch(
      '/tag',
      doc({
        operationId: `update${pascal(noun)}Tag`,
        example: { id: 't1', tag: { title: 'Urgent' } },
        description: `Changes a tag’s title; answers it, or null when the id is unknown.`,
        summary: `Change a ${noun} tag; null when unknown`,
        tags,
        responses: { 200: tagSchema.nullable() },
      }),
      valid('json', tagPatch),
      async (c) => {
        const { id, tag } = c.req.valid('json')
        return c.json(await repo(c.get('tenant').empresa).patch(id, (t) => ({ ...t, ...tag, id: t.id })))
      },
    )
    .delete(
      '/tag',
      doc({
        operationId: `delete${pascal(noun)}Tag`,
        description: `Deletes a tag and takes it off every ${noun} that had it. 404 when the id is unknown.`,
        summary: `Delete a ${noun} tag and strip it from every ${noun}`,
        tags,
        responses: { 200: z.literal(true), 404: apiErrorSchema },
      }),
      valid('query', idQuery),
      async (c) => {
        const { empresa } = c.get('tenant')
        const { id } = c.req.valid('query')
        if (!(await repo(empresa).remove(id))) throw notFound(`${noun[0].toUpperCase()}${noun.slice(1)} tag`)
        await strip(empresa, id)
        return c.json(true as const)
      },
    )
}
