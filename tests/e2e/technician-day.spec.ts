import { readFileSync } from 'node:fs'
import { expect, test, type Page } from './fixtures'
import { MAIL_LOG, MAIL_PORT } from '../../playwright.config.ts'
import { DEMO_ADMIN, DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { solidPng } from '../shared/png.ts'
import type { Mail } from '../shared/smtp.ts'
import { ALL_VIEWS, expectReadsInViews, signIn, workInDemoCompany } from './helpers.ts'

// The technician's day on a phone (docs/domain.md cd_techorders), on the server that sends e-mail.
const baseURL = `http://127.0.0.1:${MAIL_PORT}`
test.use({ baseURL })

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }

/** Draws a stroke on the element as a finger does: touch pointer events (what the signature pad listens to). */
async function drawWithFinger(page: Page, selector: string) {
  await page.locator(selector).scrollIntoViewIfNeeded()
  await page.locator(selector).evaluate((canvas) => {
    const box = canvas.getBoundingClientRect()
    const at = (type: string, fx: number, fy: number) =>
      canvas.dispatchEvent(
        new PointerEvent(type, {
          bubbles: true,
          cancelable: true,
          pointerId: 7,
          pointerType: 'touch',
          isPrimary: true,
          pressure: type === 'pointerup' ? 0 : 0.5,
          buttons: type === 'pointerup' ? 0 : 1,
          clientX: box.left + box.width * fx,
          clientY: box.top + box.height * fy,
        }),
      )
    at('pointerdown', 0.15, 0.6)
    for (let i = 1; i <= 12; i++) at('pointermove', 0.15 + i * 0.06, 0.6 - Math.sin(i / 2) * 0.3)
    at('pointerup', 0.87, 0.6)
  })
}

const mails = (): Mail[] =>
  readFileSync(MAIL_LOG, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Mail)

test('a technician works his visit on a phone, and the office sees the order completed with the signature, live', async ({
  browser,
}) => {
  // the office watches the day's board
  const office = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } })
  const desk = await office.newPage()
  await signIn(desk, DEMO_ADMIN)
  await workInDemoCompany(desk)
  await desk.goto('/view/cd_ordemagendamento?view=day')
  await expect(desk.getByTestId('splash')).toHaveCount(0)

  // the technician's home is his day: today's visits in time order, then the next days'
  const phone = await browser.newContext({ baseURL, ...PHONE })
  const tech = await phone.newPage()
  await signIn(tech, DEMO_TECHNICIAN)
  const today = tech.getByRole('region', { name: 'Today' })
  await expect(today.getByTestId('visit').first()).toBeVisible()
  const tomorrow = tech.getByRole('region', { name: 'Tomorrow' }).getByTestId('visit')
  await expect(tomorrow.first()).toBeVisible()
  expect(await tomorrow.count()).toBeGreaterThanOrEqual(2)
  const next = today.getByTestId('visit').filter({ hasText: 'Assigned' }).first()
  await expect(next.getByRole('link', { name: /opens the map/ })).toHaveAttribute('href', /google\.com\/maps/)
  const title = (await next.getByRole('link', { name: / · / }).textContent())!
  const number = title.split(' · ')[0]
  await next.getByRole('link', { name: title }).tap()
  await expect(tech.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(tech.getByTestId('splash')).toHaveCount(0)
  const agendaVisit = desk.getByTestId('agenda-visit').filter({ hasText: number })
  await expect(agendaVisit).toContainText('Assigned')

  // on my way: the client is e-mailed in their language, with who is coming
  const mailsBefore = mails().length
  await tech.getByLabel('Arriving in').selectOption('45')
  await tech.getByRole('button', { name: 'On my way' }).tap()
  await expect(tech.getByText('On your way: the office sees it')).toBeVisible()
  await expect(tech.getByText('The client was e-mailed that you are on the way.')).toBeVisible()
  await expect
    .poll(() =>
      mails()
        .slice(mailsBefore)
        .map((m) => m.subject),
    )
    .toContainEqual(expect.stringContaining('seu técnico está a caminho'))
  expect(mails().at(-1)!.text).toContain('Tiago Lima')
  await expect(agendaVisit).toContainText('On the way', { timeout: 5000 })

  // on site, the checklist's first item ticked, saved as it is made
  await tech.getByRole('button', { name: 'I am on site' }).tap()
  await expect(tech.getByTestId('visit-status').first()).toHaveText('On site')
  const items = tech.getByTestId('visit-checklist').getByRole('checkbox')
  const checklist = tech.getByRole('heading', { name: /Checklist/ })
  const count = await items.count()
  expect(count).toBeGreaterThanOrEqual(3)
  await items.first().tap()
  await expect(checklist).toContainText(`(1 of ${count})`)

  // a photo, resized on the phone before it is sent
  await tech.getByLabel('When').selectOption('after')
  await tech.getByLabel('Photo', { exact: true }).setInputFiles({
    name: 'unit.png',
    mimeType: 'image/png',
    buffer: Buffer.from(solidPng(2400, 1800, [40, 140, 90])),
  })
  await tech.getByRole('button', { name: 'Add photo' }).tap()
  await expect(tech.getByTestId('visit-photos').getByRole('img', { name: 'Photo: After' })).toBeVisible()

  // a part of the company's products, at its price
  await tech.getByRole('combobox', { name: 'Product' }).fill('Watch')
  await tech.getByRole('listbox', { name: 'Choices' }).getByRole('option').first().tap()
  await tech.getByLabel('Quantity').fill('2')
  await tech.getByRole('button', { name: 'Add part' }).tap()
  await expect(tech.getByTestId('visit-parts').getByRole('listitem')).toHaveCount(1)
  await expect(tech.getByTestId('visit-parts')).toContainText('2 ×')

  // the client's name and signature, drawn with a finger
  await tech.getByLabel('Client’s name').fill('Marina Costa')
  await expect(tech.getByRole('button', { name: 'Save signature' })).toBeEnabled()
  await drawWithFinger(tech, '[data-testid="signature-pad"]')
  await tech.getByRole('button', { name: 'Save signature' }).tap()
  await expect(
    tech.getByTestId('visit-signature').getByRole('img', { name: 'Signature of Marina Costa' }),
  ).toBeVisible()

  // the rest ticked in a row on a slow network (each save takes a second), and Done tapped at once:
  // every tick lands and the visit is done, none refused as changed meanwhile
  await tech.route(/\/view\/cd_techorders\/[^/?]+\.data/, async (route) => {
    if (route.request().postData()?.includes('checklist')) await new Promise((r) => setTimeout(r, 1000))
    await route.continue()
  })
  for (let i = 1; i < count; i++) await items.nth(i).tap()
  await tech.getByRole('button', { name: 'Done anyway' }).tap()
  await expect(tech.getByTestId('visit-status').first()).toHaveText('Done')
  await expect(checklist).toContainText(`(${count} of ${count})`)
  await expect(tech.getByRole('alert')).toHaveCount(0)
  await tech.unrouteAll()

  // the office's board hears it without a reload; the order is completed, with the work and the signature
  await expect(agendaVisit).toContainText('Done', { timeout: 5000 })
  await expect(desk.getByTestId('board-calendar')).toContainText(`✓ Done · ${number}`)
  await agendaVisit.getByRole('link', { name: new RegExp(`^${number} · `) }).click()
  await expect(desk.getByTestId('state-badge')).toHaveText('Completed')
  const record = desk.getByTestId('order-visit').filter({ hasText: 'Tiago Lima' }).last()
  await expect(record.getByRole('img', { name: 'Signature of Marina Costa' })).toBeVisible()
  await expect(record).toContainText('2 ×')
  await expect(record.getByRole('img', { name: 'Photo: After' })).toBeVisible()

  // the office corrects the visit's record: the timeline says who did
  await record.getByRole('link').first().click()
  await expect(desk.getByTestId('splash')).toHaveCount(0)
  await desk.getByText('Correct the times').click()
  // each time field holds the time recorded, on the company's clock (a time field takes HH:MM only)
  await expect(desk.getByLabel('On site until (1)')).toHaveValue(/^([01]\d|2[0-3]):[0-5]\d$/)
  await desk.getByLabel('On site until (1)').fill('23:50')
  await desk.getByRole('button', { name: 'Save the times' }).click()
  await expect(desk.getByText('Times corrected: the timeline says so')).toBeVisible()
  await expect(desk.getByTestId('visit-times')).toContainText('11:50')
  await expect(desk.getByRole('region', { name: 'Activity' })).toContainText('corrected the visit’s record')
  await phone.close()
  await office.close()
})

test('a technician taking more of a product than the stock counted reads why, and the office takes it on purpose', async ({
  browser,
}) => {
  // 8 of this watch are counted (the demo's inventory)
  const product = 'Benton Unisex Automatic Watch 40mm 10 ATM (Black)'
  const phone = await browser.newContext({ baseURL, ...PHONE })
  const tech = await phone.newPage()
  await signIn(tech, DEMO_TECHNICIAN)
  const next = tech.getByRole('region', { name: 'Tomorrow' }).getByTestId('visit').first()
  const title = (await next.getByRole('link', { name: / · / }).textContent())!
  await next.getByRole('link', { name: title }).tap()
  await expect(tech.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(tech.getByTestId('splash')).toHaveCount(0)
  const parts = tech.getByRole('region', { name: 'Parts used' })
  // going past the stock is not his to choose
  await expect(parts.getByLabel('Take it even beyond the stock counted')).toHaveCount(0)
  await tech.getByRole('combobox', { name: 'Product' }).fill(product)
  await tech.getByRole('listbox', { name: 'Choices' }).getByRole('option').first().tap()
  await tech.getByLabel('Quantity').fill('100')
  await tech.getByRole('button', { name: 'Add part' }).tap()
  await expect(parts.getByRole('alert')).toHaveText(
    'There is not that much of this product in stock: check the quantity, or ask the office',
  )
  await expect(parts).not.toContainText('100 ×')

  // the office opens the same visit and takes them on purpose
  const office = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } })
  const desk = await office.newPage()
  await signIn(desk, DEMO_ADMIN)
  await workInDemoCompany(desk)
  await desk.goto(new URL(tech.url()).pathname)
  await expect(desk.getByTestId('splash')).toHaveCount(0)
  await desk.getByRole('combobox', { name: 'Product' }).fill(product)
  await desk.getByRole('listbox', { name: 'Choices' }).getByRole('option').first().click()
  await desk.getByLabel('Quantity').fill('100')
  await desk.getByLabel('Take it even beyond the stock counted').check()
  await desk.getByRole('button', { name: 'Add part' }).click()
  await expect(desk.getByTestId('visit-parts')).toContainText(`100 × ${product}`)
  await phone.close()
  await office.close()
})

test('the day and the visit read on a phone and a desktop, light and dark, axe 0', async ({ page }) => {
  // sixteen views, each read by axe: near a minute on a busy machine
  test.slow()
  await signIn(page, DEMO_TECHNICIAN)
  await expectReadsInViews(page, baseURL, 'the day', page.getByRole('region', { name: 'Today' }), undefined, ALL_VIEWS)
  await page.goto('/view/cd_techorders')
  await expectReadsInViews(page, baseURL, 'the visits', page.getByTestId('day-list'), undefined, ALL_VIEWS)
  // a visit under way (its steps, checklist, parts, photos, signature field) and a done one (the journey's)
  for (const status of ['On site', 'Done']) {
    await page.goto('/view/cd_techorders')
    await page.getByTestId('visit').filter({ hasText: status }).first().getByRole('link', { name: / · / }).click()
    await expectReadsInViews(
      page,
      baseURL,
      `a visit ${status}`,
      page.getByRole('heading', { level: 1 }),
      undefined,
      ALL_VIEWS,
    )
  }
})
