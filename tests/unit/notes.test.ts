import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { noteLabelSchema, noteListedSchema, noteSchema } from '../../domain/schemas/notes.ts'
import { testBff, type TestBff } from '../shared/bff.ts'
import { expectSchema } from '../shared/schema.ts'

const acme = { 'x-empresa': '1' }

describe('api/apps/notes', () => {
  let bff: TestBff
  let token: string
  beforeAll(async () => {
    bff = await testBff()
    token = await bff.signIn()
  })
  const all = async (headers = acme) =>
    expectSchema(z.array(noteListedSchema), await (await bff.call('/apps/notes/all', { token, headers })).json())

  it('lists about 16 notes, 3 archived, with labels resolved to objects', async () => {
    const notes = await all()
    expect(notes).toHaveLength(16)
    expect(notes.filter((n) => n.archived)).toHaveLength(3)
    expect(notes[0].labels[0]).toEqual({ id: expect.any(String), title: expect.any(String) })
    expect(new Set(notes.map((n) => n.id)).size).toBe(16)
  })

  it('creates, changes, adds a task to and deletes a note', async () => {
    const created = expectSchema(
      noteSchema,
      await (
        await bff.call('/apps/notes', {
          method: 'POST',
          token,
          headers: acme,
          json: {
            note: {
              title: 'Call the supplier',
              content: 'About the compressor',
              labels: [{ id: 'nlabel-2', title: 'Work' }],
            },
          },
        })
      ).json(),
    )
    expect(created).toMatchObject({
      title: 'Call the supplier',
      labels: ['nlabel-2'],
      archived: false,
      updatedAt: null,
    })
    const updated = expectSchema(
      noteSchema,
      await (
        await bff.call('/apps/notes', {
          method: 'PATCH',
          token,
          headers: acme,
          json: { updatedNote: { id: created.id, archived: true } },
        })
      ).json(),
    )
    expect(updated).toMatchObject({ archived: true, title: 'Call the supplier' })
    expect(updated.updatedAt).not.toBeNull()
    const withTask = expectSchema(
      noteSchema,
      await (
        await bff.call('/apps/notes/tasks', {
          method: 'POST',
          token,
          headers: acme,
          json: { note: { id: created.id }, task: 'Ask for the price' },
        })
      ).json(),
    )
    expect(withTask.tasks).toEqual([{ id: expect.any(String), content: 'Ask for the price', completed: false }])
    expect(
      await (await bff.call(`/apps/notes?id=${created.id}`, { method: 'DELETE', token, headers: acme })).json(),
    ).toBe(true)
    expect((await all()).some((n) => n.id === created.id)).toBe(false)
  })

  it('manages labels, and deleting one strips it from the notes', async () => {
    const labels = expectSchema(
      z.array(noteLabelSchema),
      await (
        await bff.call('/apps/notes/labels', { method: 'POST', token, headers: acme, json: { title: 'Clients' } })
      ).json(),
    )
    expect(labels.map((l) => l.title)).toEqual([
      'Family',
      'Work',
      'Tasks',
      'Priority',
      'Personal',
      'Friends',
      'Clients',
    ])
    const renamed = expectSchema(
      z.array(noteLabelSchema),
      await (
        await bff.call('/apps/notes/labels', {
          method: 'PATCH',
          token,
          headers: acme,
          json: { label: { id: 'nlabel-1', title: 'Home' } },
        })
      ).json(),
    )
    expect(renamed[0].title).toBe('Home')
    expect((await all()).some((n) => n.labels.some((l) => l.id === 'nlabel-1'))).toBe(true)
    await bff.call('/apps/notes/labels?id=nlabel-1', { method: 'DELETE', token, headers: acme })
    expect((await all()).some((n) => n.labels.some((l) => l.id === 'nlabel-1'))).toBe(false)
  })

  it('refuses bad input, keeps companies apart and needs a token', async () => {
    const before = await all()
    expect(
      (
        await bff.call('/apps/notes', {
          method: 'PATCH',
          token,
          headers: acme,
          json: { updatedNote: { archived: true } },
        })
      ).status,
    ).toBe(400)
    expect(
      (await bff.call('/apps/notes/labels', { method: 'POST', token, headers: acme, json: { title: '' } })).status,
    ).toBe(400)
    expect(await all()).toEqual(before)
    expect(await all({ 'x-empresa': '2' })).toEqual([])
    expect((await bff.call('/apps/notes/all')).status).toBe(401)
  })
})
