import { expect, test, type Locator, type Page } from './fixtures'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'
import { ALL_VIEWS, downloaded, expectReadsInViews, signIn, workInDemoCompany } from './helpers.ts'

// issue 44 §5: the owner's month-end from the day's work — an order invoiced, paid in part into
// the bank, a bill paid from it, and the reports and the cash flow showing both, to the cent.

/** An amount as the page shows it ("R$1,234.56", "-R$12.90") in cents. */
const cents = (text: string) => (text.trim().startsWith('-') ? -1 : 1) * Number(text.replace(/[^\d]/g, ''))

/** This month's figures on the reports page: invoiced and collected (revenue), in and out (cash flow). */
async function monthFigures(page: Page) {
  await page.goto('/view/cd_reports?period=this-month')
  const revenue = page.getByRole('region', { name: 'Revenue by month' }).locator('tbody tr').first()
  const flow = page.getByRole('region', { name: 'Cash flow' }).locator('tbody tr[aria-current="date"]')
  const cell = (row: Locator, n: number) => row.locator('td, th').nth(n).innerText()
  return {
    invoiced: cents(await cell(revenue, 2)),
    collected: cents(await cell(revenue, 3)),
    in: cents(await cell(flow, 1)),
    out: cents(await cell(flow, 2)),
  }
}

test('an order invoiced, paid in part into the bank, a bill paid from it: the reports and the cash flow show both', async ({
  page,
  baseURL,
}) => {
  await signIn(page, DEMO_ADMIN)
  await workInDemoCompany(page)
  const before = await monthFigures(page)

  // a completed order becomes an invoice, issued
  await page.goto('/view/cd_ordem?state=completed')
  await page.getByTestId('data-row').first().getByRole('link').first().click()
  await expect(page.getByTestId('splash')).toHaveCount(0)
  await page.getByRole('button', { name: 'Invoice', exact: true }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Draft invoice made from the order' })).toBeVisible()
  await page.getByRole('button', { name: 'Issue', exact: true }).click()
  await expect(page.getByTestId('state-badge')).toHaveText('Issued')
  const total = cents(
    await page
      .locator('dt', { hasText: /^Total$/ })
      .locator('xpath=following-sibling::dd[1]')
      .innerText(),
  )
  expect(total).toBeGreaterThan(10_000)

  // 100.00 of it by transfer, into the bank
  const payment = page.getByRole('form', { name: 'Record a payment' })
  await payment.getByLabel('Amount').fill('100,00')
  await payment.getByLabel('Method').selectOption('transfer')
  await payment.getByLabel('Account').selectOption({ label: 'Banco Itaú' })
  await payment.getByRole('button', { name: 'Record a payment' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Payment recorded.' })).toBeVisible()
  await expect(page.getByTestId('state-badge')).toHaveText('Partially paid')

  // the phone bill, 89.90, paid today from the bank
  await page.goto('/view/cd_financeiro/new')
  await page.getByLabel('Supplier').fill('Vivo Empresas')
  await page.getByLabel('Category').fill('Telefone')
  await page.getByLabel('Amount').fill('89,90')
  await page.getByLabel('Due').fill(new Date().toISOString().slice(0, 10))
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Saved/)
  await page.getByTestId('data-row').filter({ hasText: 'Vivo Empresas' }).first().getByRole('link').first().click()
  const pay = page.getByRole('form', { name: 'Pay this bill' })
  await pay.getByLabel('Account').selectOption({ label: 'Banco Itaú' })
  await pay.getByRole('button', { name: 'Pay this bill' }).click()
  await expect(page.getByTestId('state-badge')).toHaveText('Paid')

  // the month: invoiced by the invoice, collected and in by the payment, out by the bill
  const after = await monthFigures(page)
  expect({
    invoiced: after.invoiced - before.invoiced,
    collected: after.collected - before.collected,
    in: after.in - before.in,
    out: after.out - before.out,
  }).toEqual({ invoiced: total, collected: 10_000, in: 10_000, out: 8_990 })

  // the revenue CSV, opened: this month's line holds the invoiced amount as the culture types it
  const { text: csv } = await downloaded(page, 'Export CSV', page.getByRole('region', { name: 'Revenue by month' }))
  const line = csv.split('\r\n')[1]
  expect(line).toMatch(/^\d{4}-\d{2},/)
  const typed = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(after.invoiced / 100)
  expect(line).toContain(typed.includes(',') ? `"${typed}"` : typed)

  // the reports page at 1440 and 390 px, light and dark: axe 0
  await page.goto('/view/cd_reports?period=this-month')
  await expectReadsInViews(
    page,
    baseURL!,
    'the month-end reports',
    page.getByRole('region', { name: 'Cash flow' }),
    undefined,
    ALL_VIEWS,
  )
})
