import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv, Deps } from '../lib/deps.ts'
import { requireAuth } from '../lib/auth.ts'
import { notFound } from '../lib/errors.ts'
import { apiErrorSchema, doc } from '../lib/openapi.ts'
import { requireTenant } from '../lib/tenancy.ts'
import { valid } from '../lib/validate.ts'
import { idQuery } from '../../domain/schemas/common-panels.ts'
import {
  labelCreate,
  labelUpdate,
  noteCreate,
  noteLabelSchema,
  noteListedSchema,
  noteSchema,
  noteTaskAdd,
  noteUpdate,
  type Note,
  type NoteLabel,
} from '../../domain/schemas/notes.ts'

/** Label references as sent by clients: ids or label objects; stored as ids. */
const labelIds = (labels: Array<string | { id: string }> | undefined) =>
  labels?.map((l) => (typeof l === 'string' ? l : l.id))

/** api/apps/notes (docs/demo-apis.md §7 Notes), the current company's. */
export function notesRoutes(deps: Deps) {
  const tags = ['apps/notes']
  const notes = (empresa: number) => deps.repos.company(empresa).list<Note>('notes')
  const labels = (empresa: number) => deps.repos.company(empresa).list<NoteLabel>('note-labels')
  return new Hono<AppEnv>()
    .use(requireAuth(deps), requireTenant(deps))
    .get(
      '/labels',
      doc({
        operationId: 'listNoteLabels',
        description: 'The labels the company’s notes may carry.',
        summary: 'Note labels',
        tags,
        responses: { 200: z.array(noteLabelSchema) },
      }),
      async (c) => c.json(await labels(c.get('tenant').empresa).all()),
    )
    .post(
      '/labels',
      doc({
        operationId: 'createNoteLabel',
        example: { title: 'Follow-up' },
        description: 'Adds a label (its title); answers every label.',
        summary: 'A new label; answers all labels',
        tags,
        responses: { 200: z.array(noteLabelSchema) },
      }),
      valid('json', labelCreate),
      async (c) => {
        const repo = labels(c.get('tenant').empresa)
        await repo.add({ id: crypto.randomUUID(), title: c.req.valid('json').title }, 'last')
        return c.json(await repo.all())
      },
    )
    .patch(
      '/labels',
      doc({
        operationId: 'updateNoteLabel',
        example: { label: { id: 'l1', title: 'Follow-up' } },
        description: 'Renames a label (id and title); answers every label.',
        summary: 'Rename a label; answers all labels',
        tags,
        responses: { 200: z.array(noteLabelSchema) },
      }),
      valid('json', labelUpdate),
      async (c) => {
        const { id, title } = c.req.valid('json').label
        const repo = labels(c.get('tenant').empresa)
        await repo.patch(id, (l) => ({ ...l, title }))
        return c.json(await repo.all())
      },
    )
    .delete(
      '/labels',
      doc({
        operationId: 'deleteNoteLabel',
        description: 'Deletes a label and takes it off every note; answers every label. 404 when the id is unknown.',
        summary: 'Delete a label and strip it from every note; answers all labels; 404 when unknown',
        tags,
        responses: { 200: z.array(noteLabelSchema), 404: apiErrorSchema },
      }),
      valid('query', idQuery),
      async (c) => {
        const { empresa } = c.get('tenant')
        const { id } = c.req.valid('query')
        if (!(await labels(empresa).remove(id))) throw notFound('Label')
        await notes(empresa).replace((all) =>
          all.map((n) => (n.labels.includes(id) ? { ...n, labels: n.labels.filter((l) => l !== id) } : n)),
        )
        return c.json(await labels(empresa).all())
      },
    )
    .post(
      '/tasks',
      doc({
        operationId: 'addNoteTask',
        example: { note: { id: 'n1' }, task: 'Bring the ladder' },
        description: 'Adds a checklist item to a note; answers the note, or null when the id is unknown.',
        summary: 'Add a task to a note; answers the note (null when unknown)',
        tags,
        responses: { 200: noteSchema.nullable() },
      }),
      valid('json', noteTaskAdd),
      async (c) => {
        const { note, task } = c.req.valid('json')
        return c.json(
          await notes(c.get('tenant').empresa).patch(note.id, (n) => ({
            ...n,
            tasks: [...(n.tasks ?? []), { id: crypto.randomUUID(), content: task, completed: false }],
            updatedAt: new Date(deps.now()).toISOString(),
          })),
        )
      },
    )
    .get(
      '/all',
      doc({
        operationId: 'listNotes',
        description: 'Every note of the current company, newest first, with its labels.',
        summary: 'All notes, newest first, labels resolved',
        tags,
        responses: { 200: z.array(noteListedSchema) },
      }),
      async (c) => {
        const { empresa } = c.get('tenant')
        const [all, known] = await Promise.all([notes(empresa).all(), labels(empresa).all()])
        const byId = new Map(known.map((l) => [l.id, l]))
        const listed = all
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
          .map((n) => ({ ...n, labels: n.labels.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])) }))
        return c.json(listed)
      },
    )
    .post(
      '/',
      doc({
        operationId: 'createNote',
        example: { note: { title: 'Visit notes', content: 'The unit is on the roof.', archived: false, labels: [] } },
        description: 'Creates a note (title, content, tasks, labels, reminder) and answers it.',
        summary: 'Create a note',
        tags,
        responses: { 200: noteSchema },
      }),
      valid('json', noteCreate),
      async (c) => {
        const input = c.req.valid('json').note
        const note: Note = {
          id: crypto.randomUUID(),
          title: input.title ?? '',
          content: input.content ?? '',
          tasks: input.tasks ?? null,
          image: input.image ?? null,
          reminder: input.reminder ?? null,
          labels: labelIds(input.labels) ?? [],
          archived: input.archived ?? false,
          createdAt: new Date(deps.now()).toISOString(),
          updatedAt: null,
        }
        return c.json(await notes(c.get('tenant').empresa).add(note))
      },
    )
    .patch(
      '/',
      doc({
        operationId: 'updateNote',
        example: { updatedNote: { id: 'n1', title: 'Visit notes', archived: true } },
        description: 'Changes a note; answers it, or null when the id is unknown.',
        summary: 'Change a note; null when unknown',
        tags,
        responses: { 200: noteSchema.nullable() },
      }),
      valid('json', noteUpdate),
      async (c) => {
        const { id, labels: refs, ...changes } = c.req.valid('json').updatedNote
        const ids = labelIds(refs)
        return c.json(
          await notes(c.get('tenant').empresa).patch(id, (n) => ({
            ...n,
            ...changes,
            ...(ids ? { labels: ids } : {}),
            id: n.id,
            updatedAt: new Date(deps.now()).toISOString(),
          })),
        )
      },
    )
    .delete(
      '/',
      doc({
        operationId: 'deleteNote',
        description: 'Deletes a note. 404 when the id is unknown.',
        summary: 'Delete a note; 404 when unknown',
        tags,
        responses: { 200: z.literal(true), 404: apiErrorSchema },
      }),
      valid('query', idQuery),
      async (c) => {
        if (!(await notes(c.get('tenant').empresa).remove(c.req.valid('query').id))) throw notFound('Note')
        return c.json(true as const)
      },
    )
}
