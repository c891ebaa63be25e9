import { expect, test } from './fixtures'
import { DEMO_ADMIN, DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { readPdf } from '../shared/pdf.ts'
import { expectAccessible, expectReadsInViews, signIn, workInDemoCompany } from './helpers.ts'

// cd_plano (docs/domain.md maintenance plans): a client's machines serviced every period, the orders
// it makes, the technician it prefers, and its printed plan (the PMOC, in Brazil).

/** Today in the demo company's zone, as a date field takes it. */
const todayThere = () => new Intl.DateTimeFormat('en-CA', { timeZone: process.env.DEMO_TIME_ZONE }).format(new Date())

test('a plan for a client’s machine makes its first order, which waits on the board for the technician it prefers, is worked on a phone, and the PMOC prints that visit', async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page, DEMO_ADMIN)
  await workInDemoCompany(page)
  // a machine of the demo and its client
  await page.goto('/view/cd_equipamento')
  const row = page.getByTestId('data-row').first()
  const machine = (await row.locator('td').nth(0).innerText()).trim()
  const clientName = (await row.locator('td').nth(2).innerText()).trim()

  await page.getByRole('navigation').getByRole('link', { name: 'Maintenance plans' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Maintenance plans' })).toBeVisible()
  await page.getByRole('link', { name: 'New' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'New maintenance plan' })).toBeVisible()
  const name = `Split units ${Date.now().toString(36)}`
  await page.getByLabel('Name', { exact: true }).fill(name)
  // the machines are searched among the client's once it is picked: before, the picker says so
  await page.getByRole('combobox', { name: 'Equipment' }).click()
  await expect(page.getByRole('listbox')).toHaveText('Shown once Client is chosen')
  await page.keyboard.press('Escape')
  await page.getByRole('combobox', { name: 'Client', exact: true }).fill(clientName)
  await page
    .getByRole('option', { name: new RegExp(`^${clientName}`) })
    .first()
    .click()
  await page.getByRole('combobox', { name: 'Equipment' }).fill(machine.split(' ')[0])
  await page
    .getByRole('option', { name: new RegExp(`^${machine}`) })
    .first()
    .click()
  await page.getByRole('combobox', { name: 'Service' }).fill('gás')
  await page.getByRole('option', { name: /gás/ }).first().click()
  await page.getByLabel('How often').selectOption('monthly')
  await page.getByLabel('Starts on').fill(todayThere())
  await page.getByLabel('Preferred technician').selectOption({ label: 'Tiago Lima' })
  // a week ahead: today's visit alone (the next is a month away)
  await page.getByLabel('Orders made ahead (days)').fill('7')
  await page.getByLabel('Engineer responsible').fill('Marina Costa')
  await page.getByLabel('Professional registration (CREA in Brazil)').fill('CREA-SP 5061234567')
  await page.getByLabel('Responsibility record (ART in Brazil)').fill('ART 28027230221234567')
  await expectAccessible(page, 'new plan form')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Saved/)
  await page.getByTestId('data-row').filter({ hasText: name }).getByRole('link').first().click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name)
  const planUrl = page.url()

  // its first visit, due today, is an order in the board's tray, naming whom the plan prefers
  const made = page.getByRole('region', { name: 'Orders it made' }).locator('tbody tr')
  await expect(made).toHaveCount(1)
  const number = (await made.first().locator('td').first().innerText()).trim()
  await page.goto('/view/cd_ordemagendamento?view=day')
  const waiting = page.locator(`[data-testid="tray-order"][data-order="${number}"]`)
  await expect(waiting).toContainText('Prefers Tiago Lima')
  await waiting.getByRole('link', { name: `Schedule ${number}` }).click()
  const form = page.getByTestId('visit-form')
  await expect(form.getByLabel('Technician')).toHaveValue(/.+/)
  await expect(form.getByLabel('Technician').locator('option:checked')).toHaveText('Tiago Lima')
  await form.getByLabel('Start', { exact: true }).fill('19:00')
  await form.getByLabel('End', { exact: true }).fill('20:00')
  await form.getByRole('button', { name: 'Save visit' }).click()
  const conflict = form.getByRole('button', { name: 'Book anyway' })
  await expect(page.getByText('Visit booked').first().or(conflict)).toBeVisible()
  if (await conflict.isVisible()) await conflict.click()
  await expect(page.getByText('Visit booked').first()).toBeVisible()

  // the technician works it on his phone: on the way, on site, the first checklist item, done
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true })
  const tech = await phone.newPage()
  await signIn(tech, DEMO_TECHNICIAN)
  const visit = tech.getByRole('region', { name: 'Today' }).getByTestId('visit').filter({ hasText: number })
  await visit.getByRole('link', { name: new RegExp(`^${number} · `) }).tap()
  await expect(tech.getByTestId('splash')).toHaveCount(0)
  // the machine the visit is for
  await expect(tech.getByRole('listitem').filter({ hasText: machine })).toBeVisible()
  await tech.getByRole('button', { name: 'On my way' }).tap()
  await expect(tech.getByText('On your way: the office sees it')).toBeVisible()
  await tech.getByRole('button', { name: 'I am on site' }).tap()
  await expect(tech.getByTestId('visit-status').first()).toHaveText('On site')
  const first = tech.getByTestId('visit-checklist').getByRole('checkbox').first()
  const item = (await tech.getByTestId('visit-checklist').locator('label').first().innerText()).trim()
  await first.tap()
  await expect(first).toBeChecked()
  // the tick is saved before the visit ends (the page sends one change at a time)
  await expect(tech.getByTestId('visit-checklist').getByRole('status')).toHaveText('')
  // the other items unticked and no signature: the button says so
  await expect(tech.getByText(/^Not yet: /)).toBeVisible()
  await tech.getByRole('button', { name: 'Done anyway' }).tap()
  await expect(tech.getByTestId('visit-status').first()).toHaveText('Done')
  await phone.close()

  // the plan's page reads on a phone and a desktop; its PMOC holds that visit, on that machine
  await page.goto(planUrl)
  await expectReadsInViews(page, baseURL!, 'plan page', page.getByRole('heading', { level: 1 }))
  const pdfLink = page.getByRole('link', { name: 'Plan and this year’s log (PDF)' })
  const res = await page.request.get((await pdfLink.getAttribute('href'))!)
  expect(res.status()).toBe(200)
  const text = readPdf(await res.body()).replace(/\s+/g, ' ')
  expect(text).toContain('PMOC — Plano de Manutenção, Operação e Controle')
  for (const shown of ['Marina Costa', 'CREA-SP 5061234567', 'ART 28027230221234567', number, 'Tiago Lima'])
    expect(text).toContain(shown)
  expect(text).toContain(machine.split(' · ')[0])
  expect(text).toContain(`[x] ${item}`)
})
