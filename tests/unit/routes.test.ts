import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { FEATURES } from '../../app/features'
import routes, { FEATURE_PAGES } from '../../app/routes'

describe('the pages of the modules with screens', () => {
  it('gives each module of app/features/index.ts a route of its own, to its page file', () => {
    expect([...FEATURE_PAGES].sort()).toEqual(Object.keys(FEATURES).sort())
    const view = routes.find((r) => r.path === 'view')!
    for (const module of FEATURE_PAGES) {
      const route = view.children!.find((r) => r.file === `features/${module}/page.tsx`)
      expect(route?.path, module).toMatch(new RegExp(`^${module}(/:id\\?)?$`))
      expect(existsSync(new URL(`../../app/${route!.file}`, import.meta.url)), module).toBe(true)
    }
  })
})
