import { expect, test, type Page } from './fixtures'
import { DEMO_ADMIN, DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { ALL_VIEWS, boxOf, expectReadsInViews, signIn, slotOf, workInDemoCompany } from './helpers.ts'

// The dispatch board in the browser (docs/domain.md cd_ordemagendamento, cd_techorders).

/** A weekday three weeks ahead: past the demo's visits, so its slots are free. */
function freeDay() {
  const d = new Date(Date.now() + 21 * 86_400_000)
  d.setUTCDate(d.getUTCDate() + ((3 - d.getUTCDay() + 7) % 7))
  return d.toISOString().slice(0, 10)
}

/** Where on the week's calendar a technician's row meets a day's column. */
async function weekCellOf(page: Page, technician: string, day: string) {
  const calendar = page.getByTestId('board-calendar')
  const column = await boxOf(calendar.locator(`.ec-col-head:has(time[datetime="${day}"])`))
  const row = await boxOf(calendar.locator('.ec-body .ec-row-head', { hasText: technician }))
  const box = await boxOf(calendar)
  return { x: column.x + column.width / 2 - box.x, y: row.y + row.height / 2 - box.y }
}

/** Converts the first approved quote of the list: the number of its new order. */
async function convertAnApprovedQuote(page: Page) {
  await page.goto('/view/cd_cotacao?state=approved')
  await page.getByTestId('data-row').first().getByRole('link').first().click()
  await page.getByRole('button', { name: 'Convert to a service order' }).click()
  await expect(page.getByText('Quote converted.')).toBeVisible()
  await page.getByRole('link', { name: 'Its service order' }).click()
  const heading = await page.getByRole('heading', { level: 1 }).textContent()
  return heading!.match(/OS-[A-Z0-9]+-\d{4}-\d{6}/)![0]
}

test('a dispatcher books by drag and by keyboard, a conflict is named and booked anyway, and the technician’s taps show live', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1440, height: 1000 })
  await signIn(page, DEMO_ADMIN)
  await workInDemoCompany(page)
  const first = await convertAnApprovedQuote(page)
  const second = await convertAnApprovedQuote(page)
  const day = freeDay()
  await page.goto(`/view/cd_ordemagendamento?view=day&date=${day}`)
  const calendar = page.getByTestId('board-calendar')
  await expect(calendar.locator('.ec-col-head', { hasText: 'Tiago Lima' })).toBeVisible()
  const tray = page.getByTestId('tray')
  await expect(tray.locator(`[data-order="${first}"]`)).toBeVisible()

  // dragged from the tray onto Tiago's 9:00
  await tray
    .locator(`[data-order="${first}"]`)
    .dragTo(calendar, { targetPosition: await slotOf(page, 'Tiago Lima', '9 AM') })
  await expect(page.getByText('Visit booked')).toBeVisible()
  const agenda = page.getByTestId('agenda')
  const tiago = agenda.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /Tiago Lima/ }) })
  // at 9 (the quarter hour under the pointer), for as long as its jobs take
  await expect(tiago.getByTestId('agenda-visit').filter({ hasText: first })).toContainText(/\b9:(00|15) AM–/)
  await expect(tray.locator(`[data-order="${first}"]`)).toHaveCount(0)

  // the same time for the second order: refused, the other visit named; then booked anyway
  await tray
    .locator(`[data-order="${second}"]`)
    .dragTo(calendar, { targetPosition: await slotOf(page, 'Tiago Lima', '9 AM') })
  const conflict = page.getByRole('alert').filter({ hasText: `Tiago Lima already has ${first}` })
  await expect(conflict).toBeVisible()
  await expect(tiago.getByTestId('agenda-visit').filter({ hasText: second })).toHaveCount(0)
  await conflict.getByRole('button', { name: 'Book anyway' }).click()
  await expect(tiago.getByTestId('agenda-visit').filter({ hasText: second })).toBeVisible()

  // by keyboard only: a third order scheduled over the first, refused and named, booked anyway
  const third = (await tray.getByTestId('tray-order').first().getAttribute('data-order'))!
  await page.getByRole('link', { name: `Schedule ${third}` }).focus()
  await page.keyboard.press('Enter')
  const form = page.getByTestId('visit-form')
  await expect(form.getByRole('heading', { name: `Schedule ${third}` })).toBeFocused()
  await form.getByLabel('Technician').focus()
  await form.getByLabel('Technician').selectOption({ label: 'Tiago Lima' })
  await form.getByLabel('Start', { exact: true }).fill('10:00')
  await form.getByLabel('End', { exact: true }).fill('11:00')
  await form.getByRole('button', { name: 'Save visit' }).focus()
  await page.keyboard.press('Enter')
  const named = form.getByRole('alert').filter({ hasText: `Tiago Lima already has ${first}` })
  await expect(named).toBeVisible()
  // the keyboard is taken to the answer
  await expect(named.getByRole('button', { name: 'Book anyway' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByText('Visit booked').first()).toBeVisible()
  await expect(form).toHaveCount(0)
  await expect(tiago.getByTestId('agenda-visit').filter({ hasText: third })).toContainText('10:00')

  // dropped late in Diego's day (7:00 to 16:00): the visit ends with his day, not past it
  const fourth = (await tray.getByTestId('tray-order').first().getAttribute('data-order'))!
  await tray
    .locator(`[data-order="${fourth}"]`)
    .dragTo(calendar, { targetPosition: await slotOf(page, 'Diego Souza', '3 PM') })
  await expect(page.getByText('Visit booked').first()).toBeVisible()
  const diego = agenda.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /Diego Souza/ }) })
  await expect(diego.getByTestId('agenda-visit').filter({ hasText: fourth })).toContainText(
    /3:(00|15|30|45) PM–4:00 PM/,
  )

  // on the week, an order dropped on a technician's day starts when his day does (Tiago's: 8:00)
  await page.goto(`/view/cd_ordemagendamento?view=week&date=${day}`)
  await expect(page.getByTestId('splash')).toHaveCount(0)
  await expect(calendar.locator('.ec-col-head').first()).toBeVisible()
  const fifth = (await tray.getByTestId('tray-order').first().getAttribute('data-order'))!
  await tray
    .locator(`[data-order="${fifth}"]`)
    .dragTo(calendar, { targetPosition: await weekCellOf(page, 'Tiago Lima', day) })
  await expect(page.getByText('Visit booked').first()).toBeVisible()
  await expect(agenda.getByTestId('agenda-visit').filter({ hasText: fifth })).toContainText(/^8:00 AM–/)
  await page.goto(`/view/cd_ordemagendamento?view=day&date=${day}`)

  // the technician, in a browser of his own, sets off to the first: the board shows it without a reload
  const techContext = await browser.newContext({ baseURL })
  const tech = await techContext.newPage()
  await signIn(tech, DEMO_TECHNICIAN)
  await tech.goto(`/view/cd_techorders?from=${day}`)
  await tech
    .getByTestId('visit')
    .filter({ hasText: first })
    .getByRole('link', { name: new RegExp(first) })
    .click()
  await expect(tech.getByTestId('splash')).toHaveCount(0)
  await tech.getByRole('button', { name: 'On my way' }).click()
  await expect(tech.getByText('On your way: the office sees it')).toBeVisible()
  await expect(tiago.getByTestId('agenda-visit').filter({ hasText: first })).toContainText('On the way', {
    timeout: 2000,
  })
  await techContext.close()
})

test('the board (day, week and month), the visit form and the visits read at 1440 and 390 px, light and dark, axe 0', async ({
  page,
  baseURL,
}) => {
  // twenty views, each read by axe: more than a minute on a busy machine
  test.slow()
  await signIn(page, DEMO_ADMIN)
  await workInDemoCompany(page)
  for (const board of ['view=day', 'view=week', 'view=month']) {
    await page.goto(`/view/cd_ordemagendamento?${board}`)
    await expectReadsInViews(
      page,
      baseURL!,
      `the board, ${board}`,
      page.getByTestId('agenda'),
      async () => {
        const wide = (page.viewportSize()?.width ?? 0) >= 1024
        await expect(page.getByTestId('board-calendar').locator('.ec')).toHaveCount(wide ? 1 : 1)
        if (wide) await expect(page.getByTestId('board-calendar')).toBeVisible()
      },
      ALL_VIEWS,
    )
  }
  // the week fits the screen, a column a day; a block, cut short, says the whole of it on hover:
  // its time, client and order
  await page.setViewportSize({ width: 1440, height: 1000 })
  await page.goto('/view/cd_ordemagendamento?view=week')
  const week = page.getByTestId('board-calendar')
  await expect(week.locator('.ec-event[title]').first()).toHaveAttribute(
    'title',
    /^\d{1,2}:\d{2}.* · .+ · (.+ · )?OS-[A-Z0-9]+-\d{4}-\d{6}$/,
  )
  const [scrolled, shown] = await week.evaluate((e) => [e.scrollWidth, e.clientWidth])
  expect(scrolled, 'the week is as wide as its box').toBeLessThanOrEqual(shown)
  await expect(week.locator('.ec-event-time').first()).toBeVisible()
  // the month: its grid of weeks, and its days with visits, each leading to its day
  await page.goto('/view/cd_ordemagendamento?view=month')
  await expect(week.locator('.ec-day-grid, .ec-month-view').first()).toBeVisible()
  await expect(week.locator('.ec-event').first()).toBeVisible()
  const day = page.getByTestId('agenda').getByRole('listitem').first().getByRole('heading').getByRole('link')
  const label = await day.innerText()
  await day.click()
  await expect(page).toHaveURL(/view=day&date=\d{4}-\d{2}-\d{2}/)
  await expect(page.getByText(label, { exact: true })).toBeVisible()
  await page.goto('/view/cd_ordemagendamento?view=day')
  await page.getByTestId('tray-order').first().getByRole('link').click()
  await expect(page).toHaveURL(/book=/)
  await expectReadsInViews(page, baseURL!, 'the visit form', page.getByTestId('visit-form'), undefined, ALL_VIEWS)
  await page.goto('/view/cd_techorders')
  await expectReadsInViews(
    page,
    baseURL!,
    'the visits',
    page.getByRole('heading', { level: 1, name: 'Technician work' }),
    undefined,
    ALL_VIEWS,
  )
})
