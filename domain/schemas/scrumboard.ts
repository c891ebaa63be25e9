import { z } from 'zod'

const line = (max: number) => z.string().max(max)
const id = z.string().min(1).max(200)

export const memberSchema = z.object({ id: z.string(), name: z.string(), avatar: z.string().nullable() })
export const boardSchema = z.object({
  id: z.string(),
  title: line(200),
  description: line(2000),
  icon: line(200),
  lastActivity: z.string(),
  members: z.array(z.string()),
})
export type Board = z.infer<typeof boardSchema>
export const listSchema = z.object({ id: z.string(), boardId: z.string(), position: z.number(), title: line(200) })
export type BoardList = z.infer<typeof listSchema>
export const cardSchema = z.object({
  id: z.string(),
  boardId: z.string(),
  listId: z.string(),
  position: z.number(),
  title: line(500),
  description: line(20_000),
  labels: z.array(z.string()),
  dueDate: z.string().max(40).nullable(),
})
export type Card = z.infer<typeof cardSchema>
export const boardLabelSchema = z.object({ id: z.string(), boardId: z.string(), title: line(100) })
export type BoardLabel = z.infer<typeof boardLabelSchema>

export const boardListed = boardSchema.extend({ members: z.array(memberSchema) })
export const boardFull = boardListed.extend({
  lists: z.array(listSchema.extend({ cards: z.array(cardSchema) })),
  labels: z.array(boardLabelSchema),
})

export const listCreate = z.object({
  list: z.object({ boardId: id, title: line(200).min(1), position: z.number().optional() }),
})
export const listUpdate = z.object({
  list: z
    .object({ id, title: line(200).min(1), position: z.number() })
    .partial()
    .required({ id: true }),
})
export const listsUpdate = z.object({
  lists: z
    .array(
      z
        .object({ id, title: line(200).min(1), position: z.number() })
        .partial()
        .required({ id: true }),
    )
    .max(1000),
})
export const cardCreate = z.object({
  card: z.object({
    boardId: id,
    listId: id,
    title: line(500).min(1),
    description: line(20_000).default(''),
    labels: z.array(z.string().max(200)).max(50).default([]),
    dueDate: z.string().max(40).nullable().default(null),
    position: z.number().optional(),
  }),
})
const cardChanges = cardSchema.omit({ id: true, boardId: true }).partial()
export const cardUpdate = z.object({ id, card: cardChanges })
export const cardsUpdate = z.object({ cards: z.array(cardChanges.extend({ id })).max(5000) })
export const cardPositions = z.object({ cards: z.array(z.object({ id })).max(5000) })
export const labelCreate = z.object({ label: z.object({ boardId: id, title: line(100).min(1) }) })
export const labelUpdate = z.object({ id, label: z.object({ title: line(100).min(1) }) })
