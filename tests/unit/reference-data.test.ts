import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { activitySchema } from '../../bff/routes/dashboards.ts'
import { iconSetSchema } from '../../domain/schemas/icons.ts'
import { testBff, type TestBff } from '../shared/bff.ts'
import { expectSchema } from '../shared/schema.ts'

describe('icons, dashboards, activities and translation files', () => {
  let bff: TestBff
  let token: string
  beforeAll(async () => {
    bff = await testBff()
    token = await bff.signIn()
  })

  it('serves the seven icon sets with their namespaces, real names and grid 6 (Heroicons Mini 5)', async () => {
    const expected = [
      ['feather', 'feather', 'Feather', 'icon-size-6', 'activity'],
      ['heroicons-outline', 'heroicons_outline', 'Heroicons Outline', 'icon-size-6', 'academic-cap'],
      ['heroicons-solid', 'heroicons_solid', 'Heroicons Solid', 'icon-size-6', 'academic-cap'],
      ['heroicons-mini', 'heroicons_mini', 'Heroicons Mini', 'icon-size-5', 'academic-cap'],
      ['material-solid', 'mat_solid', 'Material Solid', 'icon-size-6', 'home'],
      ['material-outline', 'mat_outline', 'Material Outline', 'icon-size-6', 'home'],
      ['material-twotone', '', 'Material Twotone', 'icon-size-6', 'home'],
    ]
    for (const [path, namespace, name, grid, sample] of expected) {
      const set = expectSchema(iconSetSchema, await (await bff.call(`/ui/icons/${path}`, { token })).json())
      expect({ namespace: set.namespace, name: set.name, grid: set.grid }).toEqual({ namespace, name, grid })
      expect(set.list).toContain(sample)
    }
    expect((await bff.call('/ui/icons/feather')).status).toBe(401)
  })

  it("serves the demo company's dashboards and nothing of them to another company", async () => {
    const finance = (await (
      await bff.call('/dashboards/finance', { token, headers: { 'x-empresa': '1' } })
    ).json()) as {
      budget: Record<string, number>
      previousStatement: { limit: number }
      recentTransactions: Array<{ status: string }>
    }
    expect(finance.budget).toMatchObject({ expensesLimit: 20000, savingsGoal: 250000, billsLimit: 1000 })
    expect(finance.previousStatement.limit).toBe(34500)
    expect(new Set(finance.recentTransactions.map((t) => t.status))).toEqual(new Set(['completed', 'pending']))
    for (const name of ['analytics', 'crypto', 'project'])
      expect(
        await (await bff.call(`/dashboards/${name}`, { token, headers: { 'x-empresa': '1' } })).json(),
      ).not.toBeNull()
    expect(await (await bff.call('/dashboards/finance', { token, headers: { 'x-empresa': '2' } })).json()).toBeNull()
  })

  it('lists activities newest first', async () => {
    const list = expectSchema(
      z.array(activitySchema),
      await (await bff.call('/pages/activities', { token, headers: { 'x-empresa': '1' } })).json(),
    )
    expect(list.length).toBeGreaterThan(5)
    expect(list.map((a) => a.date)).toEqual([...list.map((a) => a.date)].sort().reverse())
  })

  it('serves the translation files without a token', async () => {
    const es = (await (await bff.call('/i18n/es.json')).json()) as Record<string, string>
    expect(es.sign_in_title).toBe('Iniciar sesión')
    expect(es.$schema).toBeUndefined()
    expect((await bff.call('/i18n/fr.json')).status).toBe(400)
  })
})
