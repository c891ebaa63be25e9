import { describe, expect, it } from 'vitest'
import type { PageRecord } from '../../domain/access.ts'
import { DEFAULT_PAGES } from '../../domain/modules/index.ts'
import { seedDemoData } from '../../seeds/index.ts'
import { DEMO_ADMIN, DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { keys } from '../../storage/keys.ts'
import { migrate, MIGRATIONS } from '../../storage/migrations.ts'
import { callAs, testBff, testStore } from '../shared/bff.ts'

const acme = { 'x-empresa': '1', 'x-filial': '1' }
const quiet = { info: () => {}, error: () => {} }
type PageRow = { module: string; title_en: string; active: boolean }

/**
 * A store as an older version left it: the demo company's admin edited its page list (Clients
 * renamed "Customers") before the product had the jobs module, and the migrations ran then.
 */
async function storeOfAnOlderVersion() {
  const store = await testStore()
  await seedDemoData(store, quiet, 1000)
  const older = DEFAULT_PAGES.filter((p) => p.module !== 'cd_job')
  await store.put<PageRecord[]>(
    keys.companyRecord(1, 'settings', 'pages'),
    older.map((p) => (p.module === 'cd_cliente' ? { ...p, titles: { ...p.titles, en: 'Customers' } } : p)),
  )
  await store.put(keys.system('migrations'), { 'page-registry': older.map((p) => p.module).join(',') })
  return store
}

describe('stored data follows the product on start', () => {
  it('gives a company that edited its page list the modules added since, with its edits and every role preset', async () => {
    const bff = await testBff({ store: await storeOfAnOlderVersion(), seed: false })
    expect(bff.logs).toContain('Stored data brought up to date: page-registry (1 changed)')
    const admin = await callAs(bff, DEMO_ADMIN, acme)
    const pages = await admin<{ items: PageRow[] }>('/ac_paginas?size=100')
    expect(pages.body.Dados.items.map((p) => p.module)).toContain('cd_job')
    expect(pages.body.Dados.items.find((p) => p.module === 'cd_cliente')?.title_en).toBe('Customers')
    // the new module works for the admin (delete) and the technician (view), as their roles preset
    expect((await admin('/cd_job')).status).toBe(200)
    expect((await admin<{ level: string }>('/ac_paginas/mine?module=cd_job')).body.Dados.level).toBe('delete')
    const tech = await callAs(bff, DEMO_TECHNICIAN, acme)
    expect((await tech<{ level: string }>('/ac_paginas/mine?module=cd_job')).body.Dados.level).toBe('view')
  })

  it('runs each step once per version: a page the admin hides after the upgrade stays hidden at the next start', async () => {
    const store = await storeOfAnOlderVersion()
    expect(await migrate(store)).toEqual([
      { name: 'page-registry', changed: 1 },
      // the demo panels are seeded as keys already: nothing to change
      { name: 'panel-texts', changed: 0 },
    ])
    const bff = await testBff({ store, seed: false })
    expect(bff.logs.filter((line) => line.startsWith('Stored data'))).toEqual([])
    const admin = await callAs(bff, DEMO_ADMIN, acme)
    const page = await admin('/ac_paginas/cd_job')
    expect(
      (
        await admin('/ac_paginas/cd_job', {
          method: 'PATCH',
          json: { active: false },
          headers: { 'if-match': page.etag! },
        })
      ).status,
    ).toBe(200)
    expect(await migrate(store)).toEqual([])
    const again = await testBff({ store, seed: false })
    const hidden = await callAs(again, DEMO_ADMIN, acme)
    expect((await hidden<PageRow>('/ac_paginas/cd_job')).body.Dados.active).toBe(false)
    expect((await hidden('/cd_job')).status).toBe(403)
  })

  it('leaves a company that never edited its page list on the product’s list, and writes nothing for it', async () => {
    const store = await testStore()
    await seedDemoData(store, quiet, 1000)
    expect(await migrate(store, MIGRATIONS)).toEqual([
      { name: 'page-registry', changed: 0 },
      { name: 'panel-texts', changed: 0 },
    ])
    expect(await store.get(keys.companyRecord(1, 'settings', 'pages'))).toBeNull()
  })

  it('turns the panels an older version wrote as Portuguese strings into keys the reader reads in English; typed ones stay', async () => {
    const store = await testStore()
    await seedDemoData(store, quiet, 1000)
    const admin = '6d1f0a52-3c1e-4b8e-9a51-0a3e5f1c2b01'
    const old = { read: false, time: '2026-03-01T12:00:00.000Z', useRouter: true, link: '' }
    await store.put(keys.userData(admin, 'notifications'), [
      {
        id: 'n1',
        ...old,
        title: 'Orçamento recusado',
        description: 'Marina Costa recusou o orçamento ORC-CPS-2026-000007.',
      },
      { id: 'n2', ...old, title: 'Resumo do dia', description: 'Seu resumo de visitas do dia está pronto' },
      { id: 'n3', ...old, title: 'Ligar para a Marina', description: 'Ela pediu retorno hoje' },
    ])
    await store.put(keys.userData(admin, 'messages'), [
      {
        id: 'm1',
        ...old,
        title: 'Rita Alves',
        description: 'Pode confirmar a visita de amanhã no endereço dos Jardins?',
      },
    ])
    await store.put(keys.userData(admin, 'shortcuts'), [
      {
        id: 's1',
        label: 'Orçamentos',
        description: 'Orçamentos e aprovações',
        icon: 'x',
        link: '/view/cd_cotacao',
        useRouter: true,
      },
      { id: 's2', label: 'Meus orçamentos', description: null, icon: 'x', link: '/view/cd_cotacao', useRouter: true },
    ])
    await store.put(keys.system('migrations'), { 'page-registry': DEFAULT_PAGES.map((p) => p.module).join(',') })
    const bff = await testBff({ store, seed: false })
    expect(bff.logs).toContain('Stored data brought up to date: panel-texts (4 changed)')
    const token = await bff.signIn(DEMO_ADMIN)
    const read = async (name: string) => (await (await bff.call(`/common/${name}`, { token })).json()) as unknown[]
    expect(await read('notifications')).toEqual([
      expect.objectContaining({
        id: 'n1',
        title: 'Quote rejected',
        description: 'Marina Costa rejected quote ORC-CPS-2026-000007.',
      }),
      expect.objectContaining({ id: 'n2', title: 'Daily summary', read: false }),
      expect.objectContaining({ id: 'n3', title: 'Ligar para a Marina', description: 'Ela pediu retorno hoje' }),
    ])
    expect(await read('messages')).toEqual([
      expect.objectContaining({
        title: 'Rita Alves',
        description: "Can you confirm tomorrow's visit at the Jardins site?",
      }),
    ])
    expect(await read('shortcuts')).toEqual([
      expect.objectContaining({ label: 'Quotes', description: 'Quotes and approvals' }),
      expect.objectContaining({ label: 'Meus orçamentos' }),
    ])
  })
})
