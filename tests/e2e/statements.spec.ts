import { expect, test } from './fixtures'
import { addDays, dateIn } from '../../domain/dates.ts'
import { DEMO_TIME_ZONE } from '../../playwright.config.ts'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'
import { bankStatement } from '../shared/ofx.ts'
import { expectReadsInViews, signIn, workInDemoCompany } from './helpers.ts'

// cd_contas "Bank statement" (docs/domain.md): the bank's OFX file, its lines matched to what the office recorded.

test('the office imports the bank’s statement: a payment it recorded is matched, a bank fee becomes a bill paid', async ({
  page,
  baseURL,
}) => {
  const today = dateIn(DEMO_TIME_ZONE!, Date.now())
  await signIn(page, DEMO_ADMIN)
  await workInDemoCompany(page)

  // a Pix of 123.45 received into the bank, recorded on an overdue invoice
  await page.goto('/view/cd_invoice?state=overdue')
  await page.getByTestId('data-row').first().getByRole('link').first().click()
  await expect(page.getByTestId('splash')).toHaveCount(0)
  const payment = page.getByRole('form', { name: 'Record a payment' })
  await payment.getByLabel('Amount').fill('123,45')
  await payment.getByLabel('Method').selectOption('pix')
  await payment.getByLabel('Account').selectOption({ label: 'Banco Itaú' })
  await payment.getByRole('button', { name: 'Record a payment' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Payment recorded.' })).toBeVisible()

  // what is not a statement is refused, on the account's page, in words
  await page.goto('/view/cd_contas')
  await page.getByTestId('data-row').filter({ hasText: 'Banco Itaú' }).getByRole('link').first().click()
  const upload = page.getByRole('form', { name: 'Bank statement' })
  await upload.getByLabel('OFX file').setInputFiles({
    name: 'extrato.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Data;Valor\n2026-11-10;123,45\n'),
  })
  await upload.getByRole('button', { name: 'Import' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Choose an OFX file' })).toBeVisible()

  // the bank's file: the Pix (posted the next day by the bank), a fee, the fee again (same FITID)
  const fitId = `E2E${Date.now()}`
  const file = bankStatement([
    { date: today, amount: '123.45', fitId: `${fitId}1`, memo: 'PIX RECEBIDO CLIENTE' },
    { date: today, amount: '-12.90', fitId: `${fitId}2`, memo: 'TARIFA PACOTE SERVIÇOS' },
    { date: today, amount: '-12.90', fitId: `${fitId}2`, memo: 'TARIFA PACOTE SERVIÇOS' },
  ])
  await upload
    .getByLabel('OFX file')
    .setInputFiles({ name: 'extrato-itau.ofx', mimeType: 'application/x-ofx', buffer: Buffer.from(file) })
  await upload.getByRole('button', { name: 'Import' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Statement imported.' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Statement extrato-itau.ofx')
  const lines = page.getByTestId('statement-line')
  await expect(lines).toHaveCount(3)
  await expect(lines.nth(0)).toContainText(/Match found.*Payment: FAT-/)
  await expect(lines.nth(1)).toContainText('No match')
  await expect(lines.nth(1)).toContainText('TARIFA PACOTE SERVIÇOS')
  await expect(lines.nth(2)).toContainText('Repeated in the file')
  await expectReadsInViews(page, baseURL!, 'a bank statement', lines.first())

  // the person confirms the match, and records the fee as a bill paid from the bank
  await lines.nth(0).getByRole('button', { name: 'Confirm match' }).click()
  await expect(lines.nth(0)).toContainText('Matched')
  const fee = lines.nth(1).getByRole('form', { name: 'Record as a bill paid' })
  await fee.getByLabel('Supplier').fill('Banco Itaú')
  await fee.getByLabel('Category').fill('Tarifas')
  await fee.getByRole('button', { name: 'Record as a bill paid' }).click()
  await expect(lines.nth(1)).toContainText(/Recorded.*Bill: CP-.*Banco Itaú/)
  await expect(page.getByText('Every line is reconciled')).toBeVisible()

  // the bill is on the Finance page, paid today
  await page.goto('/view/cd_financeiro?search=Tarifas&state=paid')
  await expect(page.getByTestId('data-row').filter({ hasText: 'R$12.90' })).toHaveCount(1)
  // and the account lists the statement, nothing left to review
  await page.goto('/view/cd_contas')
  await page.getByTestId('data-row').filter({ hasText: 'Banco Itaú' }).getByRole('link').first().click()
  const statements = page.getByRole('region', { name: 'Bank statements' })
  await expect(statements.getByRole('row').filter({ hasText: 'extrato-itau.ofx' })).toContainText(
    new RegExp(`${addDays(today, 0).slice(0, 4)}.*0$`),
  )
})
