import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv, Deps } from '../lib/deps.ts'
import { requireAuth } from '../lib/auth.ts'
import { notFound } from '../lib/errors.ts'
import { apiErrorSchema, doc } from '../lib/openapi.ts'
import { requireTenant } from '../lib/tenancy.ts'
import { valid } from '../lib/validate.ts'
import { idQuery } from '../../domain/schemas/common-panels.ts'
import { tagRoutes } from '../lib/tag-routes.ts'
import { taskCreate, taskOrder, taskPatch, taskSchema, type Task } from '../../domain/schemas/tasks.ts'

const byOrder = (a: Task, b: Task) => a.order - b.order
const renumber = (tasks: Task[]) => tasks.map((t, order) => ({ ...t, order }))
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** api/apps/tasks (docs/demo-apis.md §7 Tasks), the current company's. */
export function tasksRoutes(deps: Deps) {
  const tags = ['apps/tasks']
  const tasks = (empresa: number) => deps.repos.company(empresa).list<Task>('tasks')
  return new Hono<AppEnv>()
    .route(
      '/',
      tagRoutes(deps, {
        list: 'task-tags',
        noun: 'task',
        tags,
        strip: async (empresa, id) => {
          await tasks(empresa).replace((all) =>
            all.map((t) => (t.tags.includes(id) ? { ...t, tags: t.tags.filter((x) => x !== id) } : t)),
          )
        },
      }),
    )
    .use(requireAuth(deps), requireTenant(deps))
    .get(
      '/all',
      doc({
        operationId: 'listTasks',
        description: 'Every task and section of the current company, in their order.',
        summary: 'All tasks and sections, by order',
        tags,
        responses: { 200: z.array(taskSchema) },
      }),
      async (c) => c.json((await tasks(c.get('tenant').empresa).all()).sort(byOrder)),
    )
    .get(
      '/search',
      doc({
        operationId: 'searchTasks',
        description:
          'The tasks whose title or notes hold the query, in any case, with the matches of the title in <mark>; an empty query finds nothing.',
        summary:
          'Tasks whose title or notes hold the query (any case), title matches in <mark>; an empty query finds nothing',
        tags,
        responses: { 200: z.array(taskSchema) },
      }),
      valid('query', z.object({ query: z.string().max(200).default('') })),
      async (c) => {
        const query = c.req.valid('query').query.trim()
        if (!query) return c.json([])
        const needle = query.toLowerCase()
        const pattern = new RegExp(`(${escapeRegExp(escapeHtml(query))})`, 'ig')
        const found = (await tasks(c.get('tenant').empresa).all())
          .filter((t) => t.title.toLowerCase().includes(needle) || t.notes.toLowerCase().includes(needle))
          .sort(byOrder)
          .map((t) => ({ ...t, title: escapeHtml(t.title).replace(pattern, '<mark>$1</mark>') }))
        return c.json(found)
      },
    )
    .patch(
      '/order',
      doc({
        operationId: 'reorderTasks',
        example: { tasks: [{ id: 't2' }, { id: 't1' }] },
        description: 'Puts the tasks in the order of the ids given and numbers them again; answers them all.',
        summary: 'Reorder: the tasks in the order given (ids), renumbered',
        tags,
        responses: { 200: z.array(taskSchema) },
      }),
      valid('json', taskOrder),
      async (c) => {
        const wanted = c.req.valid('json').tasks.map((t) => t.id)
        const next = await tasks(c.get('tenant').empresa).replace((all) => {
          const byId = new Map(all.map((t) => [t.id, t]))
          const listed = wanted.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []))
          const rest = all.filter((t) => !wanted.includes(t.id)).sort(byOrder)
          return renumber([...listed, ...rest])
        })
        return c.json(next)
      },
    )
    .get(
      '/task',
      doc({
        operationId: 'getTask',
        description: 'One task by id; null when the id is unknown.',
        summary: 'One task by id; null when unknown',
        tags,
        responses: { 200: taskSchema.nullable() },
      }),
      valid('query', idQuery),
      async (c) => c.json(await tasks(c.get('tenant').empresa).find(c.req.valid('query').id)),
    )
    .post(
      '/task',
      doc({
        operationId: 'createTask',
        example: { type: 'task' },
        description:
          'Creates an untitled task (priority 1), first in the list; every task is numbered again. Answers it.',
        summary: 'A new untitled task (priority 1) placed first; all renumbered',
        tags,
        responses: { 200: taskSchema },
      }),
      valid('json', taskCreate),
      async (c) => {
        const task: Task = {
          id: crypto.randomUUID(),
          type: c.req.valid('json').type,
          title: '',
          notes: '',
          completed: false,
          dueDate: null,
          priority: 1,
          tags: [],
          assignedTo: null,
          subTasks: [],
          order: 0,
        }
        await tasks(c.get('tenant').empresa).replace((all) => renumber([task, ...all.sort(byOrder)]))
        return c.json(task)
      },
    )
    .patch(
      '/task',
      doc({
        operationId: 'updateTask',
        example: { id: 't1', task: { title: 'Call the client back', completed: false, priority: 2 } },
        description: 'Merges the fields sent into a task; answers it, or null when the id is unknown.',
        summary: 'Merge changes into a task; null when unknown',
        tags,
        responses: { 200: taskSchema.nullable() },
      }),
      valid('json', taskPatch),
      async (c) => {
        const { id, task } = c.req.valid('json')
        return c.json(
          await tasks(c.get('tenant').empresa).patch(id, (t) => ({ ...t, ...task, id: t.id, order: t.order })),
        )
      },
    )
    .delete(
      '/task',
      doc({
        operationId: 'deleteTask',
        description: 'Deletes a task and numbers the rest again. 404 when the id is unknown.',
        summary: 'Delete a task, the rest renumbered; 404 when unknown',
        tags,
        responses: { 200: z.literal(true), 404: apiErrorSchema },
      }),
      valid('query', idQuery),
      async (c) => {
        const { id } = c.req.valid('query')
        const repo = tasks(c.get('tenant').empresa)
        if (!(await repo.find(id))) throw notFound('Task')
        await repo.replace((all) => renumber(all.filter((t) => t.id !== id).sort(byOrder)))
        return c.json(true as const)
      },
    )
}
