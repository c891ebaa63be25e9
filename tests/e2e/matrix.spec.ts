import { expect, test } from './fixtures'
import { DEMO_ADMIN, DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import {
  ALL_VIEWS,
  expectAccessible,
  expectNoSidewaysScroll,
  expectPanelsAccessible,
  signIn,
  viewAs,
  workInDemoCompany,
} from './helpers'

// What a new user meets (issue 17), in each role × viewport × scheme: every kind of screen reads
// (axe, contrast included), fits the screen, and the header's panels and search work and read.

const ROLES = [
  {
    name: 'admin',
    who: DEMO_ADMIN,
    pages: ['/view/home', '/view/cd_cliente', '/view/cd_cotacao', '/view/cd_filial', '/view/help'],
  },
  { name: 'technician', who: DEMO_TECHNICIAN, pages: ['/view/home', '/view/cd_cliente', '/view/cd_job', '/view/help'] },
] as const

for (const role of ROLES) {
  for (const view of ALL_VIEWS) {
    test(`the ${role.name}'s screens, panels and search on a ${view.name} screen`, async ({ page, baseURL }) => {
      test.setTimeout(90_000)
      await signIn(page, role.who)
      if (role.name === 'admin') await workInDemoCompany(page)
      await viewAs(page, view, baseURL!)
      for (const path of role.pages) {
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await expect(page.locator('html')).toHaveClass(view.scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/)
        await expectAccessible(page, `${view.name} ${path}`)
        await expectNoSidewaysScroll(page, `${view.name} ${path}`)
      }
      // a record, opened from its list
      await page.goto('/view/cd_cliente')
      await page.getByTestId('data-row').first().getByRole('link').first().click()
      await expect(page).toHaveURL(/\/view\/cd_cliente\/[^/?]+$/)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expectAccessible(page, `${view.name} client record`)
      await expectNoSidewaysScroll(page, `${view.name} client record`)

      // the header's panels, each inside the screen
      await page.goto('/view/home')
      await expectPanelsAccessible(page, `${view.name} `)
      for (const panel of ['messages-panel', 'notifications-panel', 'shortcuts-panel', 'user-menu']) {
        await page.getByTestId(panel).locator('summary').click()
        const box = (await page.getByTestId(panel).locator('summary + div').boundingBox())!
        expect(box.x, `${panel} left edge`).toBeGreaterThanOrEqual(0)
        expect(box.x + box.width, `${panel} right edge`).toBeLessThanOrEqual(view.size.width + 1)
        await page.keyboard.press('Escape')
      }

      // the search: results as options, opened with the keyboard
      const search = page.getByRole('combobox', { name: 'Search' })
      await search.fill('cl')
      const results = page.getByRole('listbox')
      await expect(results.getByRole('option').first()).toBeVisible()
      await expectAccessible(page, `${view.name} search results`)
      await search.press('ArrowDown')
      const active = await search.getAttribute('aria-activedescendant')
      expect(active).toBeTruthy()
      await search.press('Enter')
      await expect(page).not.toHaveURL(/\/view\/home$/)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    })
  }
}
