import { z } from 'zod'

const line = (max: number) => z.string().max(max)

export const taskSchema = z.object({
  id: z.string(),
  type: z.enum(['task', 'section']),
  title: line(500),
  notes: line(20_000),
  completed: z.boolean(),
  dueDate: z.string().max(40).nullable(),
  priority: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  tags: z.array(line(100)).max(50),
  assignedTo: line(200).nullable(),
  subTasks: z.array(z.object({ id: line(100), title: line(500), completed: z.boolean() })).max(200),
  order: z.number().int(),
})
export type Task = z.infer<typeof taskSchema>
export const taskPatch = z.object({
  id: z.string().min(1).max(200),
  task: taskSchema.omit({ id: true, order: true }).partial(),
})
export const taskCreate = z.object({ type: z.enum(['task', 'section']).default('task') })
export const taskOrder = z.object({ tasks: z.array(z.object({ id: z.string().min(1).max(200) })).max(10_000) })
