import { z } from 'zod'

const line = (max: number) => z.string().max(max)

export const noteLabelSchema = z.object({ id: z.string(), title: line(100) })
export type NoteLabel = z.infer<typeof noteLabelSchema>
export const noteTaskSchema = z.object({ id: z.string(), content: line(1000), completed: z.boolean() })

const noteFields = {
  title: line(500),
  content: line(50_000),
  tasks: z.array(noteTaskSchema).max(500).nullable(),
  image: line(2048).nullable(),
  reminder: z.string().max(40).nullable(),
  archived: z.boolean(),
}

/** As stored: labels are ids. */
export const noteSchema = z.object({
  id: z.string(),
  ...noteFields,
  labels: z.array(line(100)).max(50),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
})
export type Note = z.infer<typeof noteSchema>
/** As listed: labels resolved to label objects. */
export const noteListedSchema = noteSchema.extend({ labels: z.array(noteLabelSchema) })

const labelRefs = z.array(z.union([line(100), noteLabelSchema.pick({ id: true })])).max(50)
export const noteCreate = z.object({ note: z.object({ ...noteFields, labels: labelRefs }).partial() })
export const noteUpdate = z.object({
  updatedNote: z
    .object({ id: z.string().min(1).max(200), ...noteFields, labels: labelRefs })
    .partial()
    .required({ id: true }),
})
export const noteTaskAdd = z.object({ note: z.object({ id: z.string().min(1).max(200) }), task: line(1000).min(1) })
export const labelCreate = z.object({ title: line(100).trim().min(1) })
export const labelUpdate = z.object({
  label: z.object({ id: z.string().min(1).max(200), title: line(100).trim().min(1) }),
})
