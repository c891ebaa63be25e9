import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { taskSchema } from '../../domain/schemas/tasks.ts'
import { testBff, type TestBff } from '../shared/bff.ts'
import { expectSchema } from '../shared/schema.ts'

const acme = { 'x-empresa': '1' }
const list = z.array(taskSchema)

describe('api/apps/tasks', () => {
  let bff: TestBff
  let token: string
  beforeAll(async () => {
    bff = await testBff()
    token = await bff.signIn()
  })
  const all = async (headers = acme) =>
    expectSchema(list, await (await bff.call('/apps/tasks/all', { token, headers })).json())

  it('lists 30 tasks by order, with the 6 tags', async () => {
    const tasks = await all()
    expect(tasks).toHaveLength(30)
    expect(tasks.map((t) => t.order)).toEqual(Array.from({ length: 30 }, (_, i) => i))
    const tags = (await (await bff.call('/apps/tasks/tags', { token, headers: acme })).json()) as Array<{
      title: string
    }>
    expect(tags.map((t) => t.title)).toEqual(['Api', 'Frontend', 'Bug', 'Backend', 'Urgent', 'Discuss'])
  })

  it("are written in the demo company's language (Portuguese); its panels read in the reader's (a Portuguese one here)", async () => {
    const tasks = await all()
    expect(tasks.filter((t) => t.type === 'section').map((t) => t.title)).toEqual(['Hoje', 'Esta semana', 'Depois'])
    expect(tasks.map((t) => t.title)).toContain('Revisar os orçamentos em aberto')
    const get = async (path: string) =>
      (await (await bff.call(path, { token, headers: { 'accept-language': 'pt-BR' } })).json()) as Array<{
        title?: string
        label?: string
        description: string
      }>
    expect((await get('/common/notifications')).map((n) => n.title)).toContain('Orçamento aprovado')
    expect((await get('/common/messages')).map((m) => m.description)).toContain(
      'O compressor da ordem OS-2026-000114 chegou.',
    )
    expect((await get('/common/shortcuts')).map((s) => s.label)).toEqual([
      'Início',
      'Clientes',
      'Orçamentos',
      'Ordens de serviço',
      'Agenda',
      'Faturas',
      'Relatórios',
      'Ajuda',
    ])
  })

  it('creates an untitled task of priority 1 first and renumbers all; deleting renumbers too', async () => {
    const created = expectSchema(
      taskSchema,
      await (
        await bff.call('/apps/tasks/task', { method: 'POST', token, headers: acme, json: { type: 'task' } })
      ).json(),
    )
    expect(created).toMatchObject({ title: '', completed: false, dueDate: null, priority: 1, tags: [], order: 0 })
    const after = await all()
    expect(after[0].id).toBe(created.id)
    expect(after.map((t) => t.order)).toEqual(Array.from({ length: 31 }, (_, i) => i))
    expect(await (await bff.call(`/apps/tasks/task?id=${created.id}`, { token, headers: acme })).json()).toMatchObject({
      id: created.id,
    })
    const patched = await (
      await bff.call('/apps/tasks/task', {
        method: 'PATCH',
        token,
        headers: acme,
        json: { id: created.id, task: { title: 'Fix the <b>gate</b>', priority: 2, order: 99 } },
      })
    ).json()
    expect(patched).toMatchObject({ title: 'Fix the <b>gate</b>', priority: 2, order: 0 })
    expect(
      await (await bff.call(`/apps/tasks/task?id=${created.id}`, { method: 'DELETE', token, headers: acme })).json(),
    ).toBe(true)
    expect((await all()).map((t) => t.order)).toEqual(Array.from({ length: 30 }, (_, i) => i))
  })

  it('searches title or notes; title matches are marked, the rest escaped; an empty query finds nothing', async () => {
    const found = expectSchema(
      list,
      await (await bff.call('/apps/tasks/search?query=CHILLER', { token, headers: acme })).json(),
    )
    expect(found.length).toBeGreaterThan(0)
    expect(found.every((t) => t.title.includes('<mark>chiller</mark>'))).toBe(true)
    const byNotes = expectSchema(
      list,
      await (await bff.call('/apps/tasks/search?query=despacho', { token, headers: acme })).json(),
    )
    expect(byNotes.length).toBeGreaterThan(0)
    expect(byNotes.every((t) => !t.title.includes('<mark>'))).toBe(true)
    expect(await (await bff.call('/apps/tasks/search?query=', { token, headers: acme })).json()).toEqual([])
    expect(await (await bff.call('/apps/tasks/search?query=(', { token, headers: acme })).json()).toEqual([])
  })

  it('reorders by the ids given', async () => {
    const tasks = await all()
    const reversed = [...tasks].reverse().map((t) => ({ id: t.id }))
    const next = expectSchema(
      list,
      await (
        await bff.call('/apps/tasks/order', { method: 'PATCH', token, headers: acme, json: { tasks: reversed } })
      ).json(),
    )
    expect(next.map((t) => t.id)).toEqual(reversed.map((t) => t.id))
    expect((await all()).map((t) => t.id)).toEqual(reversed.map((t) => t.id))
  })

  it('strips a deleted tag from every task, refuses bad input, keeps companies apart', async () => {
    expect((await all()).some((t) => t.tags.includes('ttag-1'))).toBe(true)
    expect(await (await bff.call('/apps/tasks/tag?id=ttag-1', { method: 'DELETE', token, headers: acme })).json()).toBe(
      true,
    )
    expect((await all()).some((t) => t.tags.includes('ttag-1'))).toBe(false)
    const [first] = await all()
    expect(
      (
        await bff.call('/apps/tasks/task', {
          method: 'PATCH',
          token,
          headers: acme,
          json: { id: first.id, task: { priority: 5 } },
        })
      ).status,
    ).toBe(400)
    expect((await all())[0]).toEqual(first)
    expect(await all({ 'x-empresa': '2' })).toEqual([])
    expect((await bff.call('/apps/tasks/all')).status).toBe(401)
  })
})
