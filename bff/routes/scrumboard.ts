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
  boardFull,
  boardLabelSchema,
  boardListed,
  cardCreate,
  cardPositions,
  cardSchema,
  cardsUpdate,
  cardUpdate,
  labelCreate,
  labelUpdate,
  listCreate,
  listSchema,
  listsUpdate,
  listUpdate,
  type Board,
  type BoardLabel,
  type BoardList,
  type Card,
} from '../../domain/schemas/scrumboard.ts'
import type { ScrumList } from '../../storage/repositories/app-data.ts'
import { POSITION_STEP } from '../../domain/reference/scrumboard.ts'

type Member = { id: string; name: string; avatar: string | null }
const byPosition = (a: { position: number }, b: { position: number }) => a.position - b.position

/** api/apps/scrumboard (docs/demo-apis.md §7 Scrum board), the current company's. */
export function scrumboardRoutes(deps: Deps) {
  const tags = ['apps/scrumboard']
  const repo =
    <T extends { id: string }>(name: ScrumList) =>
    (empresa: number) =>
      deps.repos.company(empresa).scrum<T>(name)
  const boards = repo<Board>('boards')
  const lists = repo<BoardList>('lists')
  const cards = repo<Card>('cards')
  const labels = repo<BoardLabel>('labels')
  const members = repo<Member>('members')
  const withMembers = (board: Board, people: Member[]) => ({
    ...board,
    members: board.members.flatMap((id) => people.filter((p) => p.id === id)),
  })

  return new Hono<AppEnv>()
    .use(requireAuth(deps), requireTenant(deps))
    .get(
      '/boards',
      doc({
        operationId: 'listBoards',
        description: 'The scrum boards of the company, with their members.',
        summary: 'Boards with their members',
        tags,
        responses: { 200: z.array(boardListed) },
      }),
      async (c) => {
        const { empresa } = c.get('tenant')
        const [all, people] = await Promise.all([boards(empresa).all(), members(empresa).all()])
        return c.json(all.map((b) => withMembers(b, people)))
      },
    )
    .get(
      '/board',
      doc({
        operationId: 'getBoard',
        description: 'A board with its lists and their cards by position, and its labels; null when the id is unknown.',
        summary: 'A board with its lists and their cards by position, and its labels; null when unknown',
        tags,
        responses: { 200: boardFull.nullable() },
      }),
      valid('query', idQuery),
      async (c) => {
        const { empresa } = c.get('tenant')
        const { id } = c.req.valid('query')
        const [board, people, allLists, allCards, allLabels] = await Promise.all([
          boards(empresa).find(id),
          members(empresa).all(),
          lists(empresa).all(),
          cards(empresa).all(),
          labels(empresa).all(),
        ])
        if (!board) return c.json(null)
        const boardLists = allLists
          .filter((l) => l.boardId === id)
          .sort(byPosition)
          .map((l) => ({ ...l, cards: allCards.filter((card) => card.listId === l.id).sort(byPosition) }))
        return c.json({
          ...withMembers(board, people),
          lists: boardLists,
          labels: allLabels.filter((l) => l.boardId === id),
        })
      },
    )
    .post(
      '/board/list',
      doc({
        operationId: 'createBoardList',
        example: { list: { boardId: 'b1', title: 'Waiting for parts' } },
        description: 'Adds a list after the last one of its board (positions step by 65536) and answers it.',
        summary: 'A new list, after the last one (positions step by 65536)',
        tags,
        responses: { 200: listSchema },
      }),
      valid('json', listCreate),
      async (c) => {
        const input = c.req.valid('json').list
        const next = await lists(c.get('tenant').empresa).replace((all) => {
          const last = Math.max(0, ...all.filter((l) => l.boardId === input.boardId).map((l) => l.position))
          return [
            ...all,
            {
              id: crypto.randomUUID(),
              boardId: input.boardId,
              title: input.title,
              position: input.position ?? last + POSITION_STEP,
            },
          ]
        })
        return c.json(next[next.length - 1])
      },
    )
    .patch(
      '/board/list',
      doc({
        operationId: 'updateBoardList',
        example: { list: { id: 'l1', title: 'Waiting for parts' } },
        description: 'Changes a list; answers it, or null when the id is unknown.',
        summary: 'Change a list; null when unknown',
        tags,
        responses: { 200: listSchema.nullable() },
      }),
      valid('json', listUpdate),
      async (c) => {
        const { id, ...changes } = c.req.valid('json').list
        return c.json(await lists(c.get('tenant').empresa).patch(id, (l) => ({ ...l, ...changes })))
      },
    )
    .delete(
      '/board/list',
      doc({
        operationId: 'deleteBoardList',
        description: 'Deletes a list and its cards. 404 when the id is unknown.',
        summary: 'Delete a list and its cards; 404 when unknown',
        tags,
        responses: { 200: z.literal(true), 404: apiErrorSchema },
      }),
      valid('query', idQuery),
      async (c) => {
        const { empresa } = c.get('tenant')
        const { id } = c.req.valid('query')
        if (!(await lists(empresa).remove(id))) throw notFound('List')
        await cards(empresa).replace((all) => all.filter((card) => card.listId !== id))
        return c.json(true as const)
      },
    )
    .patch(
      '/board/lists',
      doc({
        operationId: 'updateBoardLists',
        example: { lists: [{ id: 'l1', position: 65536 }] },
        description: 'Changes many lists at once (titles, positions) and answers them.',
        summary: 'Change many lists (titles, positions); answers them',
        tags,
        responses: { 200: z.array(listSchema) },
      }),
      valid('json', listsUpdate),
      async (c) => {
        const changes = new Map(c.req.valid('json').lists.map((l) => [l.id, l]))
        const next = await lists(c.get('tenant').empresa).replace((all) =>
          all.map((l) => (changes.has(l.id) ? { ...l, ...changes.get(l.id)!, id: l.id } : l)),
        )
        return c.json(next.filter((l) => changes.has(l.id)))
      },
    )
    .put(
      '/board/card',
      doc({
        operationId: 'createBoardCard',
        example: { card: { boardId: 'b1', listId: 'l1', title: 'Order the compressor' } },
        description: 'Adds a card, last in its list, and answers it.',
        summary: 'A new card, last in its list',
        tags,
        responses: { 200: cardSchema },
      }),
      valid('json', cardCreate),
      async (c) => {
        const input = c.req.valid('json').card
        const next = await cards(c.get('tenant').empresa).replace((all) => {
          const last = Math.max(0, ...all.filter((card) => card.listId === input.listId).map((card) => card.position))
          return [...all, { ...input, id: crypto.randomUUID(), position: input.position ?? last + POSITION_STEP }]
        })
        return c.json(next[next.length - 1])
      },
    )
    .patch(
      '/board/card',
      doc({
        operationId: 'updateBoardCard',
        example: { id: 'c1', card: { title: 'Order the compressor', position: 65536 } },
        description: 'Changes a card (moves it with listId and position); answers it, or null when the id is unknown.',
        summary: 'Change a card (move it with listId and position); null when unknown',
        tags,
        responses: { 200: cardSchema.nullable() },
      }),
      valid('json', cardUpdate),
      async (c) => {
        const { id, card } = c.req.valid('json')
        return c.json(await cards(c.get('tenant').empresa).patch(id, (cur) => ({ ...cur, ...card, id: cur.id })))
      },
    )
    .delete(
      '/board/card',
      doc({
        operationId: 'deleteBoardCard',
        description: 'Deletes a card. 404 when the id is unknown.',
        summary: 'Delete a card; 404 when unknown',
        tags,
        responses: { 200: z.literal(true), 404: apiErrorSchema },
      }),
      valid('query', idQuery),
      async (c) => {
        if (!(await cards(c.get('tenant').empresa).remove(c.req.valid('query').id))) throw notFound('Card')
        return c.json(true as const)
      },
    )
    .patch(
      '/board/cards',
      doc({
        operationId: 'updateBoardCards',
        example: { cards: [{ id: 'c1', position: 65536 }] },
        description: 'Changes many cards at once and answers them.',
        summary: 'Change many cards; answers them',
        tags,
        responses: { 200: z.array(cardSchema) },
      }),
      valid('json', cardsUpdate),
      async (c) => {
        const changes = new Map(c.req.valid('json').cards.map((card) => [card.id, card]))
        const next = await cards(c.get('tenant').empresa).replace((all) =>
          all.map((card) => (changes.has(card.id) ? { ...card, ...changes.get(card.id)!, id: card.id } : card)),
        )
        return c.json(next.filter((card) => changes.has(card.id)))
      },
    )
    .patch(
      '/board/card/positions',
      doc({
        operationId: 'setBoardCardPositions',
        example: { cards: [{ id: 'c2' }, { id: 'c1' }] },
        description: 'Sets each card’s position to its index in the list of ids given and answers the cards.',
        summary: 'Set each card position to its index in the array given',
        tags,
        responses: { 200: z.array(cardSchema) },
      }),
      valid('json', cardPositions),
      async (c) => {
        const order = new Map(c.req.valid('json').cards.map((card, index) => [card.id, index]))
        const next = await cards(c.get('tenant').empresa).replace((all) =>
          all.map((card) => (order.has(card.id) ? { ...card, position: order.get(card.id)! } : card)),
        )
        return c.json(next.filter((card) => order.has(card.id)).sort(byPosition))
      },
    )
    .get(
      '/board/labels',
      doc({
        operationId: 'listBoardLabels',
        description: 'The labels of one board (boardId), by title.',
        summary: "A board's labels",
        tags,
        responses: { 200: z.array(boardLabelSchema) },
      }),
      valid('query', z.object({ boardId: z.string().min(1).max(200) })),
      async (c) => {
        const { boardId } = c.req.valid('query')
        return c.json((await labels(c.get('tenant').empresa).all()).filter((l) => l.boardId === boardId))
      },
    )
    .put(
      '/board/label',
      doc({
        operationId: 'createBoardLabel',
        example: { label: { boardId: 'b1', title: 'Urgent' } },
        description: 'Adds a label ({ label: { boardId, title } }) to a board and answers it.',
        summary: 'A new label ({ label: { boardId, title } })',
        tags,
        responses: { 200: boardLabelSchema },
      }),
      valid('json', labelCreate),
      async (c) =>
        c.json(
          await labels(c.get('tenant').empresa).add({ id: crypto.randomUUID(), ...c.req.valid('json').label }, 'last'),
        ),
    )
    .patch(
      '/board/label',
      doc({
        operationId: 'updateBoardLabel',
        example: { id: 'bl1', label: { title: 'Urgent' } },
        description: 'Renames a board label; answers it, or null when the id is unknown.',
        summary: 'Rename a label ({ id, label: { title } }); null when unknown',
        tags,
        responses: { 200: boardLabelSchema.nullable() },
      }),
      valid('json', labelUpdate),
      async (c) => {
        const { id, label } = c.req.valid('json')
        return c.json(await labels(c.get('tenant').empresa).patch(id, (l) => ({ ...l, title: label.title })))
      },
    )
    .delete(
      '/board/label',
      doc({
        operationId: 'deleteBoardLabel',
        description: 'Deletes a board label and takes it off the cards. 404 when the id is unknown.',
        summary: 'Delete a label and strip it from the cards; 404 when unknown',
        tags,
        responses: { 200: z.literal(true), 404: apiErrorSchema },
      }),
      valid('query', idQuery),
      async (c) => {
        const { empresa } = c.get('tenant')
        const { id } = c.req.valid('query')
        if (!(await labels(empresa).remove(id))) throw notFound('Label')
        await cards(empresa).replace((all) =>
          all.map((card) =>
            card.labels.includes(id) ? { ...card, labels: card.labels.filter((l) => l !== id) } : card,
          ),
        )
        return c.json(true as const)
      },
    )
}
