import { expect, test } from './fixtures'
import { DEMO_ADMIN, DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { expectReadsInViews, signIn, workInDemoCompany } from './helpers'

test("a new company's home lists its setup steps, and each is ticked as the admin does it", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000)
  await signIn(page, DEMO_ADMIN)
  await page.goto('/view/ac_empresas/new')
  await page.getByLabel('Trade name').fill('Initech Reparos')
  await page.getByLabel('Legal name').fill('Initech Reparos Ltda')
  await page.getByLabel('CNPJ').fill('33.014.027/0001-92')
  await page.getByLabel('Time zone').selectOption('America/Sao_Paulo')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Saved/)
  await page.getByLabel('Company and branch').selectOption({ label: 'Initech Reparos — Initech Reparos' })
  await expect(page.getByText('Company changed to Initech Reparos')).toBeVisible()

  await page.goto('/view/home')
  const checklist = page.getByTestId('setup-checklist')
  await expect(checklist.getByRole('heading', { name: 'Set up your company' })).toBeVisible()
  await expect(checklist).toContainText('0 of 6 done')
  // the steps, in the order of the chain, each a link to where it is done
  await expect(checklist.getByRole('listitem')).toHaveText([
    'Complete your company’s details (its address; in Brazil its CNPJ and Pix key): quotes and invoices print them',
    'Name your branch and its number prefix',
    'Invite your team',
    'Add your first client',
    'Add the services you sell',
    'Create your first quote',
  ])
  // a new company has no quotes: its quote cards say so
  await expect(page.getByTestId('home-card-quotes-waiting')).toContainText('No quote is waiting for a client')
  await expect(page.getByTestId('home-card-quotes-approved')).toContainText(
    'No approved quote is waiting to become an order',
  )

  await expectReadsInViews(page, baseURL!, 'setup checklist', checklist)

  // the first client, from the checklist
  await checklist.getByRole('link', { name: 'Add your first client' }).click()
  await expect(page).toHaveURL(/\/view\/cd_cliente\/new$/)
  await page.getByLabel('Kind', { exact: true }).first().selectOption('business')
  await page.getByLabel('Name', { exact: true }).fill('Padaria Estrela')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Saved/)
  await page.goto('/view/home')
  await expect(checklist).toContainText('1 of 6 done')
  await expect(checklist.getByRole('link', { name: 'Add your first client' })).toHaveCount(0)
  await expect(checklist.getByRole('listitem').nth(3)).toContainText('Add your first client — done')

  // the branch's own prefix
  await checklist.getByRole('link', { name: 'Name your branch and its number prefix' }).click()
  await page.getByTestId('data-row').first().getByRole('link').first().click()
  await page.getByLabel('Number prefix').fill('INI')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Saved/)
  await page.goto('/view/home')
  await expect(checklist).toContainText('2 of 6 done')

  // the company's address and Pix key, on its own record (the CNPJ was given when it was made)
  await checklist.getByRole('link', { name: /^Complete your company’s details/ }).click()
  await expect(page).toHaveURL(/\/view\/ac_empresas\/\d+$/)
  await page.getByLabel('Address').fill('Rua Augusta, 500, São Paulo — SP')
  await page.getByLabel('Pix key').fill('33014027000192')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Saved/)
  await page.goto('/view/home')
  await expect(checklist).toContainText('3 of 6 done')

  // back to the demo company, where everything is set up: no checklist
  await workInDemoCompany(page)
  await expect(page.getByTestId('home-cards')).toBeVisible()
  await expect(checklist).toHaveCount(0)
})

test("the admin's home shows the quotes waiting for clients and those to convert; each opens its quote, and the rest the list", async ({
  page,
  baseURL,
}) => {
  await signIn(page, DEMO_ADMIN)
  await workInDemoCompany(page)
  const waiting = page.getByTestId('home-card-quotes-waiting')
  await expect(waiting.getByRole('heading', { name: 'Quotes waiting for the client' })).toBeVisible()
  // the count is read out with its words ("7 in all"), shown as the number
  const count = Number((await waiting.getByText(/^\d+ in all$/).textContent())!.split(' ')[0])
  expect(count).toBeGreaterThan(0)
  const rows = waiting.getByRole('listitem')
  await expect(rows).toHaveCount(Math.min(count, 5))
  // soonest to expire first: their valid-until dates ascend
  const until = (await rows.allTextContents()).map((text) =>
    Date.parse(/Valid until: (\w{3} \d{1,2}, \d{4})/.exec(text)![1]),
  )
  expect(until).toEqual([...until].sort((a, b) => a - b))
  const number = (await rows.first().textContent())!.match(/ORC-[A-Z0-9]+-\d{4}-\d{6}/)![0]

  await expectReadsInViews(page, baseURL!, 'home cards', waiting)

  await rows.first().getByRole('link').click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText(number)
  await expect(page.getByText('Sent', { exact: true })).toBeVisible()
  await page.goBack()
  if (count > 5) {
    await waiting.getByRole('link', { name: `See all (${count})` }).click()
    await expect(page).toHaveURL(/\/view\/cd_cotacao\?state=sent/)
    await expect(page.getByRole('search').getByLabel('Status')).toHaveValue('sent')
    await expect(page.getByText(`· ${count} records`)).toBeVisible()
  } else {
    await page.goto('/view/cd_cotacao?state=sent')
    await expect(page.getByTestId('data-row')).toHaveCount(count)
  }
  // the list's state filter is a field of its search form
  await page.getByRole('search').getByLabel('Status').selectOption('approved')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/state=approved/)
  const approved = page.getByTestId('data-row')
  await expect(approved.first()).toBeVisible()
  // every row is an approved quote (waited for: the address changes before the new list is drawn)
  await expect(approved.filter({ hasNotText: 'Approved' })).toHaveCount(0)
  for (const row of await approved.all()) await expect(row).toContainText('Approved')
})

test("the technician's home shows no card of a page he may not open", async ({ page, baseURL }) => {
  await signIn(page, DEMO_TECHNICIAN)
  // his role has no quotes page; his visits come with the technician work module
  await expectReadsInViews(
    page,
    baseURL!,
    'technician home',
    page.getByRole('heading', { name: 'Welcome back, Tiago Lima!' }),
    async () => {
      await expect(page.getByTestId('home-cards')).toHaveCount(0)
      await expect(page.getByText('Quotes waiting for the client')).toHaveCount(0)
    },
  )
})

test("the owner's home shows this month's revenue beside last month's, the jobs in progress, the orders waiting for their invoice and today's visits", async ({
  page,
}) => {
  await signIn(page, DEMO_ADMIN)
  await workInDemoCompany(page)
  // the figures are the report's: this month's and last month's invoiced, as the reports page totals them
  const revenue = page.getByTestId('home-card-revenue')
  await expect(revenue.getByRole('heading', { name: 'Revenue' })).toBeVisible()
  const invoiced = await revenue.locator('dd.text-xl').allTextContents()
  expect(invoiced).toHaveLength(2)
  await page.goto('/view/cd_reports?period=this-month')
  await expect(page.getByRole('region', { name: 'Revenue by month' }).locator('tfoot td').nth(1)).toHaveText(
    invoiced[0],
  )
  await page.goto('/view/cd_reports?period=last-month')
  await expect(page.getByRole('region', { name: 'Revenue by month' }).locator('tfoot td').nth(1)).toHaveText(
    invoiced[1],
  )
  await page.goto('/view/home')
  await revenue.getByRole('link', { name: 'See the reports' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible()
  await page.goBack()

  // the completed orders, the longest waiting first; each opens its order, which can be invoiced
  const toInvoice = page.getByTestId('home-card-orders-to-invoice')
  await expect(toInvoice.getByRole('heading', { name: 'Completed, waiting for their invoice' })).toBeVisible()
  await expect(toInvoice.getByRole('listitem').first()).toBeVisible()
  const number = (await toInvoice.getByRole('listitem').first().textContent())!.match(/OS-[A-Z]+-\d{4}-\d{6}/)![0]
  await toInvoice.getByRole('listitem').first().getByRole('link').click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText(number)
  await expect(page.getByText('Completed', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Invoice', exact: true })).toBeVisible()
  await page.goBack()
  await expect(page.getByTestId('home-card-orders-in-progress').getByRole('heading')).toHaveText('Orders in progress')

  // today's visits of the branch, each opening its visit
  const today = page.getByTestId('home-card-visits-today')
  await expect(today.getByRole('heading', { name: "Today's visits" })).toBeVisible()
  await today.getByRole('listitem').first().getByRole('link').click()
  await expect(page).toHaveURL(/\/view\/cd_techorders\/[\w-]{36}$/)
})
