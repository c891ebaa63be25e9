import { expect, test } from './fixtures'
import { HORIZONTAL_LAYOUTS, LAYOUTS } from '../../app/lib/layouts.ts'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'
import { expectAccessible, expectNoSidewaysScroll, signIn } from './helpers.ts'

const SHOTS = 'tests/artifacts/layouts'

for (const layout of LAYOUTS) {
  test(`the ${layout} layout at 1280 and 390 px wide`, async ({ page }) => {
    await signIn(page, DEMO_ADMIN)
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(`/view/home?layout=${layout}`)
    await expect(page.locator(`[data-layout="${layout}"]`)).toBeVisible()
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toContainText('Welcome')
    const side = page.getByTestId('side-navigation')
    const across = page.getByTestId('horizontal-navigation')
    const menu = page.getByRole('button', { name: 'Open navigation' })
    if (layout === 'empty') {
      await expect(page.getByRole('banner')).toHaveCount(0)
      await expect(page.getByRole('navigation', { name: 'Navigation' })).toHaveCount(0)
      await expect(page.getByRole('contentinfo')).toHaveCount(0)
    } else {
      await expect(page.getByRole('banner').getByRole('combobox', { name: 'Search' })).toBeVisible()
      await expect(page.getByRole('banner').getByLabel('Company and branch')).toBeVisible()
      await expect(page.getByRole('contentinfo')).toContainText(String(new Date().getFullYear()))
      await expect(menu).toBeHidden()
      if (HORIZONTAL_LAYOUTS.has(layout)) {
        await expect(across).toBeVisible()
        await expect(side).toHaveCount(0)
        // a group menu opens its pages
        await across.getByText('Money').click()
        await expect(across.getByRole('link', { name: 'Invoices' })).toBeVisible()
        await page.keyboard.press('Escape')
      } else {
        await expect(side).toBeVisible()
        await expect(across).toHaveCount(0)
        await expect(side.getByRole('link', { name: 'Invoices' })).toBeAttached()
      }
    }
    await page.screenshot({ path: `${SHOTS}/${layout}-1280.png`, fullPage: true })
    await expectAccessible(page, `${layout} at 1280 px`)

    await page.setViewportSize({ width: 390, height: 800 })
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible()
    // nothing wider than the phone: no sideways scrolling
    await expectNoSidewaysScroll(page, `${layout} at 390 px`)
    await page.screenshot({ path: `${SHOTS}/${layout}-390.png`, fullPage: true })
    if (layout === 'empty') return
    await expect(side).toBeHidden()
    await expect(across).toBeHidden()
    await expect(menu).toBeVisible()
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    await expectAccessible(page, `${layout} at 390 px`)
    await menu.click()
    const drawer = page.getByRole('dialog', { name: 'Navigation' })
    await expect(drawer).toBeVisible()
    // the layout is chosen again on each navigation: a link without ?layout= goes back to the default
    await drawer.getByRole('link', { name: 'Invoices' }).click()
    await expect(page).toHaveURL(/\/view\/cd_invoice$/)
    await expect(drawer).toBeHidden()
    await expect(page.locator('[data-layout="classy"]')).toBeVisible()
  })
}

test('the dense layout switches between the dense and the default appearance', async ({ page }) => {
  await signIn(page, DEMO_ADMIN)
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/view/home?layout=dense')
  const side = page.getByTestId('side-navigation')
  const toggle = page.getByRole('button', { name: 'Dense navigation' })
  await expect(side).toHaveAttribute('data-appearance', 'icons')
  await expect(toggle).toHaveAttribute('aria-pressed', 'true')
  await expect(side.getByRole('link', { name: 'Invoices' })).toHaveAttribute('title', 'Invoices')
  await toggle.click()
  await expect(side).toHaveAttribute('data-appearance', 'default')
  await expect(side.getByText('Invoices')).toBeVisible()
  await toggle.click()
  await expect(side).toHaveAttribute('data-appearance', 'icons')
})

test('an unknown layout name falls back to the default layout', async ({ page }) => {
  await signIn(page, DEMO_ADMIN)
  await page.goto('/view/home?layout=nope')
  await expect(page.locator('[data-layout="classy"]')).toBeVisible()
})

test('on a phone the header is one row, the company and language are in the drawer, and panels are sheets inside the screen', async ({
  page,
}) => {
  await signIn(page, DEMO_ADMIN)
  for (const width of [320, 390, 430]) {
    await page.setViewportSize({ width, height: 800 })
    await page.goto('/view/home')
    const header = page.getByRole('banner')
    expect((await header.boundingBox())!.height, `header at ${width}`).toBeLessThanOrEqual(72)
    await expectNoSidewaysScroll(page, `home at ${width} px`)
    for (const panel of ['shortcuts-panel', 'messages-panel', 'notifications-panel', 'user-menu']) {
      await page.getByTestId(panel).locator('summary').click()
      const sheet = page.getByTestId(panel).locator('summary + div')
      await expect(sheet).toBeVisible()
      const box = (await sheet.boundingBox())!
      expect(box.x, `${panel} at ${width}`).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width, `${panel} at ${width}`).toBeLessThanOrEqual(width)
      await page.keyboard.press('Escape')
    }
    // the search results too
    await page.getByRole('combobox', { name: 'Search' }).fill('an')
    const results = page.getByTestId('search-results')
    await expect(results).toBeVisible()
    const box = (await results.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(width)
    await page.getByRole('combobox', { name: 'Search' }).fill('')
  }
  // the company and the language, from the drawer
  await page.getByRole('button', { name: 'Open navigation' }).click()
  const drawer = page.getByRole('dialog', { name: 'Navigation' })
  await expect(drawer.getByLabel('Company and branch')).toHaveValue('1:2')
  await expect(drawer.getByLabel('Language')).toHaveValue('en')
  await expectAccessible(page, 'drawer on a phone')
})

test('below 640 px a list is a column of cards, each value labelled by its column', async ({ page }) => {
  await signIn(page, DEMO_ADMIN)
  await page.setViewportSize({ width: 390, height: 800 })
  await page.goto('/view/cd_filial')
  const card = page.getByTestId('data-row').first()
  await expect(card).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  const box = (await card.boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(390)
  // a card's cells stack: its name under its code, with the column's label beside each value
  const cells = card.getByRole('cell')
  const [code, name] = [(await cells.nth(0).boundingBox())!, (await cells.nth(1).boundingBox())!]
  expect(name.y).toBeGreaterThan(code.y)
  expect(await cells.nth(1).evaluate((el) => getComputedStyle(el, '::before').content)).toBe('"Branch name"')
  await expectAccessible(page, 'list as cards')
})
