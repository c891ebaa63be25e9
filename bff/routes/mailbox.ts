import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv, Deps } from '../lib/deps.ts'
import { requireAuth } from '../lib/auth.ts'
import { ifMatchVersion } from '../lib/etag.ts'
import { simulatedDelay } from '../lib/latency.ts'
import { notFound } from '../lib/errors.ts'
import { apiErrorSchema, doc } from '../lib/openapi.ts'
import { requireTenant } from '../lib/tenancy.ts'
import { valid } from '../lib/validate.ts'
import { countOf, pageOf } from '../lib/walk.ts'
import { idQuery } from '../../domain/schemas/common-panels.ts'
import {
  filterSchema,
  folderSchema,
  labelInput,
  labelPatch,
  mailLabelSchema,
  mailListAnswer,
  mailListQuery,
  mailPatch,
  mailSchema,
  settingsPatch,
  settingsSchema,
  type MailLabel,
} from '../../domain/schemas/mailbox.ts'
import type { MailRow } from '../../storage/repositories/mails.ts'
import { FILTERS, FOLDERS } from '../../domain/reference/mailbox.ts'

const PAGE_SIZE = 10

/** docs/demo-apis.md §5: lowercase, spaces to hyphens, hyphens collapsed, only word characters and hyphens. */
export function labelSlug(title: string): string {
  return title
    .toLowerCase()
    .replace(/ /g, '-')
    .replace(/-+/g, '-')
    .replace(/[^\w-]+/g, '')
}

/** On creation a taken slug gets -1, -2 ... until it is free. */
export function uniqueSlug(slug: string, taken: Set<string>): string {
  let candidate = slug
  for (let n = 1; taken.has(candidate); n++) candidate = `${slug}-${n}`
  return candidate
}

/** api/apps/mailbox (docs/demo-apis.md §7 Mailbox), the current company's. */
export function mailboxRoutes(deps: Deps) {
  const tags = ['apps/mailbox']
  const labels = (empresa: number) => deps.repos.company(empresa).list<MailLabel>('mail-labels')
  const settings = (empresa: number) =>
    deps.repos.company(empresa).value<Record<string, unknown>>(['settings', 'mailbox'])
  return new Hono<AppEnv>()
    .use(requireAuth(deps), requireTenant(deps))
    .get(
      '/settings',
      doc({
        operationId: 'getMailSettings',
        description: 'The mailbox settings (message layout …).',
        summary: 'Mailbox settings',
        tags,
        responses: { 200: settingsSchema },
      }),
      async (c) => c.json((await settings(c.get('tenant').empresa).get()) ?? { messageLayout: 'right' }),
    )
    .patch(
      '/settings',
      doc({
        operationId: 'updateMailSettings',
        example: { settings: { messageLayout: 'right' } },
        description: 'Merges the settings sent into the stored ones and answers them.',
        summary: 'Change the settings; answers them merged',
        tags,
        responses: { 200: settingsSchema },
      }),
      valid('json', settingsPatch),
      async (c) => {
        const saved = await settings(c.get('tenant').empresa).update((cur) => ({
          ...(cur ?? { messageLayout: 'right' }),
          ...c.req.valid('json').settings,
        }))
        return c.json(saved!.value)
      },
    )
    .get(
      '/folders',
      doc({
        operationId: 'listMailFolders',
        description:
          'The folders with their counts: sent and trash 0, drafts and spam every mail in them, the others their unread mails.',
        summary: 'Folders with counts: sent and trash 0, drafts and spam all, the rest unread',
        tags,
        responses: { 200: z.array(folderSchema) },
      }),
      async (c) => {
        const rows = [...(await deps.repos.company(c.get('tenant').empresa).mails().rows()).values()]
        return c.json(
          FOLDERS.map((folder) => ({
            ...folder,
            count:
              folder.slug === 'sent' || folder.slug === 'trash'
                ? 0
                : rows.filter(
                    (m) => m.folder === folder.id && (folder.slug === 'drafts' || folder.slug === 'spam' || m.unread),
                  ).length,
          })),
        )
      },
    )
    .get(
      '/filters',
      doc({
        operationId: 'listMailFilters',
        description: 'The mail filters: starred and important.',
        summary: 'Filters (starred, important)',
        tags,
        responses: { 200: z.array(filterSchema) },
      }),
      (c) => c.json(FILTERS),
    )
    .get(
      '/labels',
      doc({
        operationId: 'listMailLabels',
        description: 'The labels the company’s mails may carry, with their colours.',
        summary: 'Labels',
        tags,
        responses: { 200: z.array(mailLabelSchema) },
      }),
      async (c) => c.json(await labels(c.get('tenant').empresa).all()),
    )
    .post(
      '/label',
      doc({
        operationId: 'createMailLabel',
        example: { label: { title: 'Suppliers', color: 'blue' } },
        description: 'Adds a label; its slug comes from its title, made unique with -1, -2 …; answers it.',
        summary: 'A new label; its slug from the title, made unique with -1, -2 ...',
        tags,
        responses: { 200: mailLabelSchema },
      }),
      valid('json', labelInput),
      async (c) => {
        const { title, color } = c.req.valid('json').label
        const repo = labels(c.get('tenant').empresa)
        const created = await repo.replace((all) => [
          ...all,
          {
            id: crypto.randomUUID(),
            title,
            color,
            slug: uniqueSlug(labelSlug(title), new Set(all.map((l) => l.slug))),
          },
        ])
        return c.json(created[created.length - 1])
      },
    )
    .patch(
      '/label',
      doc({
        operationId: 'updateMailLabel',
        example: { id: 'ml1', label: { title: 'Suppliers' } },
        description:
          'Changes a label; its slug is made again from the title. Answers it, or null when the id is unknown.',
        summary: 'Change a label; the slug is made again from the title, not checked for uniqueness; null when unknown',
        tags,
        responses: { 200: mailLabelSchema.nullable() },
      }),
      valid('json', labelPatch),
      async (c) => {
        const { id, label } = c.req.valid('json')
        return c.json(
          await labels(c.get('tenant').empresa).patch(id, (l) => ({
            ...l,
            ...label,
            id: l.id,
            slug: labelSlug(label.title ?? l.title),
          })),
        )
      },
    )
    .delete(
      '/label',
      doc({
        operationId: 'deleteMailLabel',
        description: 'Deletes a label and takes it off every mail. 404 when the id is unknown.',
        summary: 'Delete a label and strip it from every mail; 404 when unknown',
        tags,
        responses: { 200: z.literal(true), 404: apiErrorSchema },
      }),
      valid('query', idQuery),
      async (c) => {
        const { empresa } = c.get('tenant')
        const { id } = c.req.valid('query')
        if (!(await labels(empresa).remove(id))) throw notFound('Label')
        const repo = deps.repos.company(empresa).mails()
        const carrying = [...(await repo.rows()).values()].filter((m) => m.labels.includes(id))
        await Promise.all(
          carrying.map((m) => repo.update(m.id, (cur) => ({ ...cur, labels: cur.labels.filter((l) => l !== id) }))),
        )
        return c.json(true as const)
      },
    )
    .get(
      '/mails',
      doc({
        operationId: 'listMails',
        description:
          'The mails of one folder, filter or label, newest first, 10 a page. Past the last page, mails is null and the pagination holds only lastPage.',
        summary: 'Mails of one folder, filter or label, newest first, 10 a page',
        tags,
        responses: { 200: mailListAnswer },
      }),
      valid('query', mailListQuery),
      async (c) => {
        await simulatedDelay(deps.config.simulateLatency, 625)
        const { folder, filter, label, page } = c.req.valid('query')
        const { empresa } = c.get('tenant')
        const repo = deps.repos.company(empresa).mails()
        let matches: (m: MailRow) => boolean
        let memo: string
        if (folder) {
          const id = FOLDERS.find((f) => f.slug === folder)?.id
          matches = (m) => m.folder === id
          memo = `folder:${id}`
        } else if (filter) {
          matches = (m) => m[filter]
          memo = `filter:${filter}`
        } else {
          const id = (await labels(empresa).all()).find((l) => l.slug === label)?.id
          matches = (m) => id !== undefined && m.labels.includes(id)
          memo = `label:${id}`
        }
        const totalResults = await repo.memo(memo, (all) => countOf(all.values(), matches))
        const lastPage = Math.max(Math.ceil(totalResults / PAGE_SIZE), 1)
        if (page > lastPage) return c.json({ mails: null, pagination: { lastPage } })
        // newest first: the rows by date, walked from the end until the page is full
        const ordered = await repo.sorted('date', (a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
        const startIndex = (page - 1) * PAGE_SIZE
        const rows = pageOf(ordered, true, matches, startIndex, startIndex + PAGE_SIZE)
        const endIndex = Math.min(startIndex + PAGE_SIZE, totalResults)
        const mails = (await repo.getMany(rows.map((r) => r.id))).map((m) => ({
          ...m,
          ccCount: m.cc?.length ?? 0,
          bccCount: m.bcc?.length ?? 0,
        }))
        return c.json({
          mails,
          pagination: {
            totalResults,
            resultsPerPage: PAGE_SIZE,
            currentPage: page,
            lastPage,
            startIndex,
            endIndex: endIndex - 1,
          },
        })
      },
    )
    .get(
      '/mail',
      doc({
        operationId: 'getMail',
        description: 'One mail by id, with its version as ETag; null when the id is unknown.',
        summary: 'One mail (ETag: its version); null when unknown',
        tags,
        responses: { 200: mailSchema.nullable() },
      }),
      valid('query', idQuery),
      async (c) => {
        const found = await deps.repos.company(c.get('tenant').empresa).mails().get(c.req.valid('query').id)
        if (found) c.header('ETag', `"${found.version}"`)
        return c.json(found?.value ?? null)
      },
    )
    .patch(
      '/mail',
      doc({
        operationId: 'updateMail',
        example: { id: 'm1', mail: { starred: true, unread: false } },
        description:
          'Sets a mail’s flags (read, starred, important), moves it to a folder or sets its labels; answers it, or null when the id is unknown.',
        summary: 'Toggle flags, move to a folder or set labels; null when unknown',
        tags,
        responses: { 200: mailSchema.nullable() },
      }),
      valid('json', mailPatch),
      async (c) => {
        const { id, mail } = c.req.valid('json')
        const saved = await deps.repos
          .company(c.get('tenant').empresa)
          .mails()
          .update(id, (cur) => ({ ...cur, ...mail }), { expectVersion: ifMatchVersion(c.req.header('if-match')) })
        if (saved) c.header('ETag', `"${saved.version}"`)
        return c.json(saved?.value ?? null)
      },
    )
}
