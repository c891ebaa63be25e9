import { expect, test } from './fixtures'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'
import { expectReadsInViews, signIn, workInDemoCompany } from './helpers.ts'

// cd_contas (docs/domain.md): the company's accounts, where payments land, each with its balance.

test('the office opens an account, a payment lands in it, money moves to the bank, and each balance is its opening plus its movements', async ({
  page,
  baseURL,
}) => {
  await signIn(page, DEMO_ADMIN)
  await workInDemoCompany(page)
  await page.getByRole('navigation').getByRole('link', { name: 'Accounts' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible()
  await expect(page.getByTestId('data-row').filter({ hasText: 'Banco Itaú' })).toContainText('R$')

  // a safe: cash, no method lands there by itself, 100.00 in it to start
  await page.getByRole('link', { name: 'New' }).click()
  await page.getByLabel('Name', { exact: true }).fill('Cofre')
  await page.getByLabel('Kind').selectOption('cash')
  const methods = page.getByRole('group', { name: 'Receives by default' })
  await expect(methods.getByRole('checkbox')).toHaveCount(5)
  await page.getByLabel('Opening balance').fill('100,00')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Saved/)
  // the name is one account's: a second is refused at its field
  await page.goto('/view/cd_contas/new')
  await page.getByLabel('Name', { exact: true }).fill('cofre')
  await page.getByLabel('Kind').selectOption('cash')
  await methods.getByRole('checkbox', { name: 'Cash' }).check()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Another account of this company has this name')).toBeVisible()
  // the boxes checked stay checked on the form sent back
  await expect(methods.getByRole('checkbox', { name: 'Cash' })).toBeChecked()

  // a payment of an overdue invoice, put in the safe
  await page.goto('/view/cd_invoice?state=overdue')
  await page.getByTestId('data-row').first().getByRole('link').first().click()
  await expect(page.getByTestId('splash')).toHaveCount(0)
  const payment = page.getByRole('form', { name: 'Record a payment' })
  await payment.getByLabel('Amount').fill('10,00')
  await payment.getByLabel('Method').selectOption('cash')
  await payment.getByLabel('Account').selectOption({ label: 'Cofre' })
  await payment.getByRole('button', { name: 'Record a payment' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Payment recorded.' })).toBeVisible()
  await expect(page.getByTestId('payments').locator('li').last()).toContainText('Cash · Cofre')

  // the safe holds it
  await page.goto('/view/cd_contas?search=Cofre')
  await expect(page.getByTestId('data-row')).toHaveCount(1)
  await expect(page.getByTestId('data-row')).toContainText('R$110.00')
  await page.getByTestId('data-row').getByRole('link').first().click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Cofre')

  // 60.00 of it taken to the bank: the safe is down by it, the bank names where it came from
  const transfer = page.getByRole('form', { name: 'Move money to another account' })
  await transfer.getByLabel('To account').selectOption({ label: 'Banco Itaú' })
  await transfer.getByLabel('Amount').fill('60,00')
  await transfer.getByLabel('Notes').fill('Depósito do cofre')
  await transfer.getByRole('button', { name: 'Transfer' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Transfer made.' })).toBeVisible()
  await expect(page.getByText('R$50.00').first()).toBeVisible()
  const moves = page.getByRole('region', { name: 'Transfers' })
  await expect(moves.getByRole('row')).toHaveCount(2)
  await expect(moves.getByRole('row').last()).toContainText(/Banco Itaú.*Out.*R\$60\.00.*Depósito do cofre/)
  await expectReadsInViews(page, baseURL!, 'an account', page.getByText('R$50.00').first())
  await moves.getByRole('link', { name: 'Banco Itaú' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Banco Itaú')
  await expect(page.getByRole('region', { name: 'Transfers' }).getByRole('row').last()).toContainText(
    /Cofre.*In.*R\$60\.00/,
  )
  await page.goto('/view/cd_contas')
  await expectReadsInViews(page, baseURL!, 'the accounts', page.getByTestId('data-table'))
})
