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
})
