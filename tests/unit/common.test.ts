import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  messageSchema,
  navigationSchema,
  searchResultSchema,
  shortcutSchema,
  type Message,
  type Shortcut,
} from '../../domain/schemas/common-panels.ts'
import { DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { shellAnswer } from '../../bff/routes/common-shell.ts'
import { testBff, type TestBff } from '../shared/bff.ts'
import { expectSchema } from '../shared/schema.ts'

const list = z.array(messageSchema)

for (const [name, key, count] of [
  ['messages', 'message', 9],
  ['notifications', 'notification', 10],
] as const) {
  describe(`api/common/${name}`, () => {
    let bff: TestBff
    let token: string
    beforeAll(async () => {
      bff = await testBff()
      token = await bff.signIn()
    })
    const get = async (t = token) => expectSchema(list, await (await bff.call(`/common/${name}`, { token: t })).json())

    it(`lists the ${count} demo ${name} of the user`, async () => {
      const items = await get()
      expect(items).toHaveLength(count)
      expect(items.some((m) => !m.read)).toBe(true)
    })

    it('adds one first, changes it, toggles it and removes it', async () => {
      const created = expectSchema(
        messageSchema,
        await (
          await bff.call(`/common/${name}`, {
            method: 'POST',
            token,
            json: { [key]: { title: 'Hello', description: 'World', link: '/view/home', useRouter: true } },
          })
        ).json(),
      )
      expect(created).toMatchObject({ title: 'Hello', read: false })
      expect((await get())[0].id).toBe(created.id)
      const patched = expectSchema(
        messageSchema,
        await (
          await bff.call(`/common/${name}`, {
            method: 'PATCH',
            token,
            json: { id: created.id, [key]: { title: 'Changed', id: 'hijack' } },
          })
        ).json(),
      )
      expect(patched).toMatchObject({ id: created.id, title: 'Changed', description: 'World' })
      const toggled = expectSchema(
        messageSchema,
        await (
          await bff.call(`/common/${name}/toggle-read-status`, {
            method: 'POST',
            token,
            json: { [key]: { id: created.id, read: true } },
          })
        ).json(),
      )
      expect(toggled.read).toBe(true)
      const removed = await (await bff.call(`/common/${name}?id=${created.id}`, { method: 'DELETE', token })).json()
      expect(removed).toMatchObject({ id: created.id })
      expect((await get()).some((m) => m.id === created.id)).toBe(false)
      expect(
        await (
          await bff.call(`/common/${name}`, { method: 'PATCH', token, json: { id: 'nope', [key]: { title: 'x' } } })
        ).json(),
      ).toBeNull()
    })

    it('marks all as read and seen', async () => {
      expect(await (await bff.call(`/common/${name}/mark-all-as-read`, { token })).json()).toBe(true)
      expect((await get()).every((m) => m.read && m.seen)).toBe(true)
    })

    it('keeps each user apart, refuses bad input (changing nothing) and a missing token', async () => {
      const tech = await bff.signIn(DEMO_TECHNICIAN)
      expect((await get(tech)).some((m) => !m.read)).toBe(true)
      const before = await get()
      const bad = await bff.call(`/common/${name}`, { method: 'POST', token, json: { [key]: { title: 42 } } })
      expect(bad.status).toBe(400)
      expect(await get()).toEqual(before)
      expect((await bff.call(`/common/${name}`)).status).toBe(401)
      expect((await bff.call(`/common/${name}`, { method: 'DELETE', token })).status).toBe(400)
    })
  })
}

describe('api/common/shortcuts', () => {
  it('lists 8, adds, edits and deletes, with the form rules of the spec', async () => {
    const bff = await testBff()
    const token = await bff.signIn()
    const all = async () =>
      expectSchema(z.array(shortcutSchema), await (await bff.call('/common/shortcuts', { token })).json())
    expect(await all()).toHaveLength(8)
    const missing = await bff.call('/common/shortcuts', {
      method: 'POST',
      token,
      json: { shortcut: { label: 'X', icon: '', link: '/x' } },
    })
    expect(missing.status).toBe(400)
    expect(Object.keys(((await missing.json()) as { fields: object }).fields).sort()).toEqual([
      'shortcut.icon',
      'shortcut.useRouter',
    ])
    const created = expectSchema(
      shortcutSchema,
      await (
        await bff.call('/common/shortcuts', {
          method: 'POST',
          token,
          json: {
            shortcut: { label: 'Jobs', icon: 'heroicons_outline:briefcase', link: '/view/cd_job', useRouter: true },
          },
        })
      ).json(),
    )
    expect((await all()).at(-1)?.id).toBe(created.id)
    const edited = expectSchema(
      shortcutSchema,
      await (
        await bff.call('/common/shortcuts', {
          method: 'PATCH',
          token,
          json: { id: created.id, shortcut: { label: 'Service catalogue' } },
        })
      ).json(),
    )
    expect(edited.label).toBe('Service catalogue')
    expect(await (await bff.call(`/common/shortcuts?id=${created.id}`, { method: 'DELETE', token })).json()).toBe(true)
    expect(await all()).toHaveLength(8)
  })
})

describe("the panels in the reader's language", () => {
  type Panels = { messages: Message[]; notifications: Message[]; shortcuts: Shortcut[] }
  const panels = async (bff: TestBff, token: string, headers: Record<string, string> = {}): Promise<Panels> => {
    const get = async (name: string) => (await bff.call(`/common/${name}`, { token, headers })).json()
    return {
      messages: expectSchema(list, await get('messages')),
      notifications: expectSchema(list, await get('notifications')),
      shortcuts: expectSchema(z.array(shortcutSchema), await get('shortcuts')),
    }
  }
  const language = (bff: TestBff, token: string, culture: string) =>
    bff.call('/common/user', { method: 'PATCH', token, json: { user: { culture } } })

  it('shows the demo messages, notifications and shortcuts in English to the English admin and in Portuguese once he reads Portuguese', async () => {
    const bff = await testBff()
    const token = await bff.signIn()
    const english = await panels(bff, token)
    expect(english.messages[0]).toMatchObject({
      title: 'Rita Alves',
      description: "Can you confirm tomorrow's visit at the Jardins site?",
    })
    expect(english.notifications[0]).toMatchObject({
      title: 'Daily summary',
      description: 'Your daily visit summary is ready',
    })
    expect(english.shortcuts.map((s) => s.label)).toEqual([
      'Home',
      'Clients',
      'Quotes',
      'Service orders',
      'Schedule',
      'Invoices',
      'Reports',
      'Help',
    ])
    // the pages ask in the language they show; a user who changed language reads in it with no header
    const asked = await panels(bff, token, { 'accept-language': 'pt-BR' })
    expect((await language(bff, token, 'pt')).status).toBe(200)
    const portuguese = await panels(bff, token)
    expect(asked).toEqual(portuguese)
    expect(portuguese.messages[0]).toMatchObject({
      title: 'Rita Alves',
      description: 'Pode confirmar a visita de amanhã no endereço dos Jardins?',
    })
    expect(portuguese.notifications[0]).toMatchObject({
      title: 'Resumo do dia',
      description: 'Seu resumo de visitas do dia está pronto',
    })
    expect(portuguese.shortcuts.slice(0, 3).map((s) => [s.label, s.description])).toEqual([
      ['Início', 'Seu dia num relance'],
      ['Clientes', 'Lista de clientes'],
      ['Orçamentos', 'Orçamentos e aprovações'],
    ])
    // the same items, the same order, ids, links and read flags: only the words follow the reader
    const shape = (p: Panels) => [p.messages, p.notifications, p.shortcuts].flat().map(({ id, link }) => [id, link])
    expect(shape(portuguese)).toEqual(shape(english))
    expect(portuguese.notifications.map((n) => n.read)).toEqual(english.notifications.map((n) => n.read))
    expect((await panels(bff, token, { 'accept-language': 'es-MX' })).notifications[0].title).toBe('Resumen del día')
  })

  it('keeps what a person typed as typed, whatever the language it is read in', async () => {
    const bff = await testBff()
    const token = await bff.signIn()
    const typed = { title: 'Ligar para a Marina', description: 'Ela pediu retorno hoje' }
    await bff.call('/common/messages', { method: 'POST', token, json: { message: typed } })
    await bff.call('/common/notifications', { method: 'POST', token, json: { notification: typed } })
    const shortcut = { label: 'Minhas ordens', icon: 'heroicons_outline:bolt', link: '/view/cd_ordem', useRouter: true }
    await bff.call('/common/shortcuts', { method: 'POST', token, json: { shortcut } })
    for (const culture of ['en-US', 'pt-BR', 'es-MX']) {
      const read = await panels(bff, token, { 'accept-language': culture })
      expect(read.messages[0]).toMatchObject(typed)
      expect(read.notifications[0]).toMatchObject(typed)
      expect(read.shortcuts.at(-1)).toMatchObject({ label: 'Minhas ordens' })
    }
  })

  it("makes a demo shortcut the user's own once they rename it: its label stays as typed", async () => {
    const bff = await testBff()
    const token = await bff.signIn()
    const [home, clients] = (await panels(bff, token)).shortcuts
    const renamed = expectSchema(
      shortcutSchema,
      await (
        await bff.call('/common/shortcuts', {
          method: 'PATCH',
          token,
          json: { id: home.id, shortcut: { label: 'My day' } },
        })
      ).json(),
    )
    // the description it had in the language it was renamed in stays with it
    expect(renamed).toMatchObject({ label: 'My day', description: 'Your day at a glance' })
    // moving one elsewhere keeps its words the reader's
    await bff.call('/common/shortcuts', {
      method: 'PATCH',
      token,
      json: { id: clients.id, shortcut: { link: '/view/cd_cliente?search=Hotel' } },
    })
    const portuguese = (await panels(bff, token, { 'accept-language': 'pt-BR' })).shortcuts
    expect(portuguese[0]).toMatchObject({ label: 'My day', description: 'Your day at a glance' })
    expect(portuguese[1]).toMatchObject({ label: 'Clientes', link: '/view/cd_cliente?search=Hotel' })
  })
})

describe('api/common/navigation and search', () => {
  it('answers the four layouts and searches their titles; an empty query finds nothing', async () => {
    const bff = await testBff()
    const token = await bff.signIn()
    const nav = expectSchema(navigationSchema, await (await bff.call('/common/navigation', { token })).json())
    expect(Object.keys(nav)).toEqual(['compact', 'default', 'futuristic', 'horizontal'])
    expect(nav.default.map((i) => i.link)).toEqual(['/example', '/empresa'])
    const found = expectSchema(
      z.array(searchResultSchema),
      await (await bff.call('/common/search', { method: 'POST', token, json: { query: 'COMPANIES' } })).json(),
    )
    expect(found).toEqual([
      {
        id: 'pages',
        label: 'Pages',
        results: [expect.objectContaining({ title: 'Companies', link: '/view/ac_empresas', value: 'Companies' })],
      },
    ])
    // in the user's language, and only pages they may open
    const es = (await (
      await bff.call('/common/search', {
        method: 'POST',
        token,
        headers: { 'accept-language': 'es-MX' },
        json: { query: 'empresas' },
      })
    ).json()) as Array<{ results: Array<{ title: string }> }>
    expect(es[0].results.map((r) => r.title)).toEqual(['Empresas'])
    const tech = await bff.signIn({ email: 'tech@demo.fieldservice.app', password: 'demo-tech-2026' })
    expect(
      await (await bff.call('/common/search', { method: 'POST', token: tech, json: { query: 'compan' } })).json(),
    ).toEqual([])
    expect(await (await bff.call('/common/search', { method: 'POST', token, json: { query: '' } })).json()).toEqual([])
    expect((await bff.call('/common/search', { method: 'POST', token, json: {} })).status).toBe(400)
    const grouped = expectSchema(
      z.array(searchResultSchema),
      await (await bff.call('/common/search', { method: 'POST', token, json: { query: 'an' } })).json(),
    )
    expect(grouped.map((g) => g.id)).toEqual([
      'clients',
      'equipment',
      'quotes',
      'orders',
      'invoices',
      'contacts',
      'pages',
      'tasks',
      'branches',
      'users',
    ])
    // the admin finds the company's branches and people, each told apart by a second line
    const group = (id: string) => grouped.find((g) => g.id === id)!
    expect(group('branches').results[0]).toEqual({
      id: '3',
      value: 'Rio de Janeiro',
      detail: 'RIO',
      link: '/view/cd_filial/3',
    })
    expect(group('users').results[0]).toEqual(
      expect.objectContaining({
        value: 'Ana Costa',
        detail: 'admin@demo.fieldservice.app',
        link: expect.stringMatching(/^\/view\/ac_usuarios\//),
      }),
    )
    const companies = (await (
      await bff.call('/common/search', { method: 'POST', token, json: { query: 'acme' } })
    ).json()) as Array<{ id: string; results: Array<{ link: string }> }>
    expect(companies.find((g) => g.id === 'companies')?.results.map((r) => r.link)).toEqual(['/view/ac_empresas/1'])
    expect(group('contacts').results[0]).toEqual(
      expect.objectContaining({
        name: expect.stringMatching(/an/i),
        avatar: null,
        link: expect.stringMatching(/^\/apps\/contacts\//),
      }),
    )
    expect(group('tasks').results[0]).toEqual(
      expect.objectContaining({ title: expect.stringMatching(/an/i), completed: expect.any(Boolean) }),
    )
    const elsewhere = (await (
      await bff.call('/common/search', { method: 'POST', token, headers: { 'x-empresa': '2' }, json: { query: 'an' } })
    ).json()) as unknown[]
    expect(elsewhere.map((g) => (g as { id: string }).id)).toEqual(['pages', 'users'])
  })
})

describe('the header search finds the business records', () => {
  it('finds clients by name or tax id digits and quotes by number, each with a second line and its page; only where the user may read them', async () => {
    const bff = await testBff()
    const token = await bff.signIn()
    const main = { 'x-empresa': '1', 'x-filial': '2' }
    const search = async (query: string, who = token) =>
      (await (
        await bff.call('/common/search', { method: 'POST', token: who, headers: main, json: { query } })
      ).json()) as Array<{ id: string; results: Array<{ value: string; detail?: string; link: string }> }>
    const client = (
      (await (await bff.call('/cd_cliente?size=1&sort=name', { token, headers: main })).json()) as {
        Dados: { items: Array<{ id: string; name: string; taxId: string; city: string }> }
      }
    ).Dados.items[0]
    const byDigits = await search(client.taxId.replace(/\D/g, '').slice(0, 8))
    expect(byDigits.find((g) => g.id === 'clients')?.results).toEqual([
      {
        id: client.id,
        value: client.name,
        detail: `${client.taxId} · ${client.city}`,
        link: `/view/cd_cliente/${client.id}`,
      },
    ])
    const byNumber = await search('orc-sao-2026-000007')
    expect(byNumber.find((g) => g.id === 'quotes')?.results).toEqual([
      expect.objectContaining({
        value: 'ORC-SAO-2026-000007',
        link: expect.stringMatching(/^\/view\/cd_cotacao\/[\w-]{36}$/),
      }),
    ])
    // the technician reads clients but not quotes
    const tech = await bff.signIn({ email: 'tech@demo.fieldservice.app', password: 'demo-tech-2026' })
    const techFound = (await (
      await bff.call('/common/search', { method: 'POST', token: tech, json: { query: client.name } })
    ).json()) as Array<{ id: string }>
    expect(techFound.map((g) => g.id)).toContain('clients')
    expect(
      (
        (await (
          await bff.call('/common/search', { method: 'POST', token: tech, json: { query: 'ORC-SAO-2026' } })
        ).json()) as Array<{ id: string }>
      ).map((g) => g.id),
    ).not.toContain('quotes')
  })
})

describe('api/common/shell', () => {
  it("answers the frame's data in one call: user, branches, current pick, time zone and unread counts", async () => {
    const bff = await testBff()
    const token = await bff.signIn()
    const shell = expectSchema(shellAnswer, await (await bff.call('/common/shell', { token })).json())
    expect(shell.user.email).toBe('admin@demo.fieldservice.app')
    expect(shell.branches).toHaveLength(4)
    expect(shell.current).toEqual({ COD_EMPRESA: 1, COD_FILIAL: 2, ROLE: 'admin' })
    expect(shell.timeZone).toBe('America/Sao_Paulo')
    expect(shell.unread).toEqual({ messages: 3, notifications: 3 })
    const other = expectSchema(
      shellAnswer,
      await (await bff.call('/common/shell', { token, headers: { 'x-empresa': '2' } })).json(),
    )
    expect(other.current?.COD_EMPRESA).toBe(2)
    expect(other.timeZone).toBe('America/Chicago')
    expect((await bff.call('/common/shell')).status).toBe(401)
  })
})

describe('links a user may set (security issue §12)', () => {
  it('refuses javascript:, data: and other-host links in shortcuts, messages and the avatar, and stores nothing', async () => {
    const bff = await testBff()
    const token = await bff.signIn()
    for (const link of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/x',
      '/\\evil.example',
      'vbscript:x',
    ]) {
      const shortcut = await bff.call('/common/shortcuts', {
        method: 'POST',
        token,
        json: { shortcut: { label: 'X', icon: 'heroicons_outline:star', link, useRouter: false } },
      })
      expect(shortcut.status, link).toBe(400)
      expect(((await shortcut.json()) as { codes: Record<string, string> }).codes['shortcut.link']).toBe('invalid_link')
      expect(
        (await bff.call('/common/messages', { method: 'POST', token, json: { message: { title: 'Hi', link } } }))
          .status,
        link,
      ).toBe(400)
      expect(
        (await bff.call('/common/user', { method: 'PATCH', token, json: { user: { avatar: link } } })).status,
        link,
      ).toBe(400)
    }
    const shortcuts = (await (await bff.call('/common/shortcuts', { token })).json()) as Array<{ link: string }>
    expect(shortcuts.some((s) => !/^(\/[^/\\]|https?:)/.test(s.link))).toBe(false)
    expect(((await (await bff.call('/common/user', { token })).json()) as { avatar: string | null }).avatar).toBeNull()
    // an in-app path and a web address are fine
    expect(
      (
        await bff.call('/common/shortcuts', {
          method: 'POST',
          token,
          json: { shortcut: { label: 'Jobs', icon: 'heroicons_outline:star', link: '/view/cd_job', useRouter: true } },
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await bff.call('/common/shortcuts', {
          method: 'POST',
          token,
          json: {
            shortcut: {
              label: 'Docs',
              icon: 'heroicons_outline:star',
              link: 'https://docs.example.org',
              useRouter: false,
            },
          },
        })
      ).status,
    ).toBe(200)
  })
})
