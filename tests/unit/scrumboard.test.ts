import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { boardFull, boardListed, cardSchema, listSchema } from '../../domain/schemas/scrumboard.ts'
import { testBff, type TestBff } from '../shared/bff.ts'
import { expectSchema } from '../shared/schema.ts'

const acme = { 'x-empresa': '1' }

describe('api/apps/scrumboard', () => {
  let bff: TestBff
  let token: string
  let boardId: string
  beforeAll(async () => {
    bff = await testBff()
    token = await bff.signIn()
    const boards = expectSchema(
      z.array(boardListed),
      await (await bff.call('/apps/scrumboard/boards', { token, headers: acme })).json(),
    )
    boardId = boards[0].id
  })
  const board = async () =>
    expectSchema(
      boardFull,
      await (await bff.call(`/apps/scrumboard/board?id=${boardId}`, { token, headers: acme })).json(),
    )
  const call = async (path: string, method: string, json?: unknown) =>
    (await bff.call(`/apps/scrumboard${path}`, { method, token, headers: acme, json })).json()

  it('lists 3 boards with members resolved; a board has 4 lists by position with cards by position and 5 labels', async () => {
    const boards = expectSchema(
      z.array(boardListed),
      await (await bff.call('/apps/scrumboard/boards', { token, headers: acme })).json(),
    )
    expect(boards).toHaveLength(3)
    expect(boards[0].members[0]).toEqual({ id: expect.any(String), name: expect.any(String), avatar: null })
    const full = await board()
    expect(full.lists.map((l) => l.title)).toEqual(['To do', 'In progress', 'In review', 'Done'])
    expect(full.lists.map((l) => l.position)).toEqual([65536, 131072, 196608, 262144])
    for (const l of full.lists)
      expect(l.cards.map((c) => c.position)).toEqual([...l.cards.map((c) => c.position)].sort((a, b) => a - b))
    expect(full.labels).toHaveLength(5)
    expect(await (await bff.call('/apps/scrumboard/board?id=nope', { token, headers: acme })).json()).toBeNull()
  })

  it('adds a list after the last (step 65536), a card in it, moves cards by index, and deleting the list deletes its cards', async () => {
    const list = expectSchema(listSchema, await call('/board/list', 'POST', { list: { boardId, title: 'Blocked' } }))
    expect(list.position).toBe(5 * 65536)
    const a = expectSchema(
      cardSchema,
      await call('/board/card', 'PUT', { card: { boardId, listId: list.id, title: 'Waiting for parts' } }),
    )
    const b = expectSchema(
      cardSchema,
      await call('/board/card', 'PUT', { card: { boardId, listId: list.id, title: 'Waiting for client' } }),
    )
    expect(b.position).toBe(a.position + 65536)
    const moved = expectSchema(
      z.array(cardSchema),
      await call('/board/card/positions', 'PATCH', { cards: [{ id: b.id }, { id: a.id }] }),
    )
    expect(moved.map((c) => [c.id, c.position])).toEqual([
      [b.id, 0],
      [a.id, 1],
    ])
    const renamed = await call('/board/card', 'PATCH', { id: a.id, card: { title: 'Parts ordered', listId: list.id } })
    expect(renamed).toMatchObject({ title: 'Parts ordered' })
    expect(await call(`/board/list?id=${list.id}`, 'DELETE')).toBe(true)
    const full = await board()
    expect(full.lists.some((l) => l.id === list.id)).toBe(false)
    expect(full.lists.flatMap((l) => l.cards).some((c) => c.id === a.id || c.id === b.id)).toBe(false)
  })

  it('renames lists in bulk and manages labels, stripping a deleted one from the cards', async () => {
    const full = await board()
    const updated = expectSchema(
      z.array(listSchema),
      await call('/board/lists', 'PATCH', { lists: [{ id: full.lists[0].id, title: 'Backlog' }] }),
    )
    expect(updated[0].title).toBe('Backlog')
    const label = await call('/board/label', 'PUT', { label: { boardId, title: 'Blocked' } })
    expect(label).toMatchObject({ boardId, title: 'Blocked' })
    expect(
      await call('/board/label', 'PATCH', { id: (label as { id: string }).id, label: { title: 'On hold' } }),
    ).toMatchObject({ title: 'On hold' })
    const used = full.labels[0].id
    expect(full.lists.flatMap((l) => l.cards).some((c) => c.labels.includes(used))).toBe(true)
    expect(await call(`/board/label?id=${used}`, 'DELETE')).toBe(true)
    expect((await board()).lists.flatMap((l) => l.cards).some((c) => c.labels.includes(used))).toBe(false)
    expect(
      (
        (await (
          await bff.call(`/apps/scrumboard/board/labels?boardId=${boardId}`, { token, headers: acme })
        ).json()) as unknown[]
      ).length,
    ).toBe(5)
  })

  it('refuses bad input, keeps companies apart and needs a token', async () => {
    const before = await board()
    expect(
      (
        await bff.call('/apps/scrumboard/board/list', {
          method: 'POST',
          token,
          headers: acme,
          json: { list: { boardId } },
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await bff.call('/apps/scrumboard/board/card', {
          method: 'PATCH',
          token,
          headers: acme,
          json: { id: 'x', card: { position: 'top' } },
        })
      ).status,
    ).toBe(400)
    expect(await board()).toEqual(before)
    expect(await (await bff.call('/apps/scrumboard/boards', { token, headers: { 'x-empresa': '2' } })).json()).toEqual(
      [],
    )
    expect(
      await (await bff.call(`/apps/scrumboard/board?id=${boardId}`, { token, headers: { 'x-empresa': '2' } })).json(),
    ).toBeNull()
    expect((await bff.call('/apps/scrumboard/boards')).status).toBe(401)
  })
})
