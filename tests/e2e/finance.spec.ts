import { expect, test } from './fixtures'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'
import { phonePhoto } from '../shared/photo.ts'
import { expectReadsInViews, signIn, workInDemoCompany } from './helpers.ts'

// cd_financeiro (docs/domain.md): the branch's payables, paid from an account or voided.

/** An account's balance as its list row shows it. */
async function balanceOf(page: import('@playwright/test').Page, name: string) {
  await page.goto(`/view/cd_contas?search=${encodeURIComponent(name)}`)
  return (await page.getByTestId('data-row').first().textContent())!.match(/R\$[\d,.]+/)![0]
}

test('the office enters a bill, pays it from the bank, and the bank’s balance drops by it; another is voided with a reason', async ({
  page,
  baseURL,
}) => {
  await signIn(page, DEMO_ADMIN)
  await workInDemoCompany(page)
  const before = await balanceOf(page, 'Banco Itaú')

  await page.getByRole('navigation').getByRole('link', { name: 'Finance' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Finance' })).toBeVisible()
  await page.getByRole('link', { name: 'New' }).click()
  await page.getByLabel('Supplier').fill('Imobiliária Central')
  await page.getByLabel('Category').fill('Rent')
  await page.getByLabel('Amount').fill('1.234,56')
  await page.getByLabel('Due').fill('2026-01-10')
  await page.getByLabel('Repeats').selectOption('monthly')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Saved/)
  await page
    .getByTestId('data-row')
    .filter({ hasText: 'Imobiliária Central' })
    .first()
    .getByRole('link')
    .first()
    .click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/CP-SAO-\d{4}-\d{6}/)
  await expect(page.getByTestId('state-badge')).toHaveText('Overdue')

  // paid from the bank (the first account, picked already)
  const pay = page.getByRole('form', { name: 'Pay this bill' })
  await expect(pay.getByLabel('Account')).toHaveValue(/[\w-]{36}/)
  await pay.getByLabel('Account').selectOption({ label: 'Banco Itaú' })
  await pay.getByRole('button', { name: 'Pay this bill' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Payable paid.' })).toBeVisible()
  await expect(page.getByTestId('state-badge')).toHaveText('Paid')
  await expect(page.getByTestId('payable-paid')).toContainText('from Banco Itaú')
  // the bill itself, photographed on a phone (4032 × 3024), attached to the payable and opened
  const paper = page.getByRole('form', { name: 'The bill' })
  await paper.getByLabel('PDF or photo of the bill').setInputFiles({
    name: 'IMG_2041.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from(phonePhoto()),
  })
  await paper.getByRole('button', { name: 'Attach' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Bill attached.' })).toBeVisible()
  const link = page.getByRole('region', { name: 'The bill' }).getByRole('link', { name: 'IMG_2041.jpg' })
  const opened = await page.request.get((await link.getAttribute('href'))!)
  expect([opened.status(), opened.headers()['content-type']]).toEqual([200, 'image/jpeg'])
  await expectReadsInViews(page, baseURL!, 'a paid payable', page.getByTestId('payable-paid'))
  await page.getByRole('region', { name: 'The bill' }).getByRole('button', { name: 'Remove' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Bill removed.' })).toBeVisible()
  await expect(page.getByText('No bill attached yet.')).toBeVisible()

  // the bank's balance is lower by the bill, to the cent
  const cents = (text: string) => Number(text.replace(/[^\d]/g, ''))
  expect(cents(before) - cents(await balanceOf(page, 'Banco Itaú'))).toBe(123456)

  // the next month's rent is there, open; voided with a reason
  await page.goto('/view/cd_financeiro?search=Imobili%C3%A1ria&state=overdue')
  await page.getByTestId('data-row').first().getByRole('link').first().click()
  await page.getByRole('button', { name: 'Void' }).click()
  await page.getByLabel('Why it is voided').fill('We moved out')
  await page.getByRole('button', { name: 'Void' }).last().click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Payable voided.' })).toBeVisible()
  await expect(page.getByTestId('state-badge')).toHaveText('Void')
  await expect(page.getByText('We moved out')).toBeVisible()
  await page.goto('/view/cd_financeiro')
  await expectReadsInViews(page, baseURL!, 'the payables', page.getByTestId('data-table'))
})
