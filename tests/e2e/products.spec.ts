import { expect, test } from './fixtures'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'
import { expectReadsInViews, signIn, workInDemoCompany } from './helpers.ts'

// cd_produto (docs/domain.md): products with each branch's stock, received and counted, each move kept.

test('the office adds a part, receives it, counts it again, and the home says when the branch holds less than its minimum', async ({
  page,
  baseURL,
}) => {
  await signIn(page, DEMO_ADMIN)
  await workInDemoCompany(page)
  await page.getByRole('navigation').getByRole('link', { name: 'Products' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible()

  await page.getByRole('link', { name: 'New' }).click()
  await page.getByLabel('Name', { exact: true }).fill('Capacitor 35 µF')
  await page.getByLabel('SKU').fill('CAP-35')
  await page.getByLabel('Unit', { exact: true }).selectOption('unit')
  await page.getByLabel('Unit price').fill('45,00')
  await page.getByLabel('Minimum stock').fill('5')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Saved/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Capacitor 35 µF')

  // six came in from the supplier; a count then found two broken
  const receive = page.getByRole('form', { name: 'Receive stock' })
  await receive.getByLabel('Quantity').fill('6')
  await receive.getByLabel('From (supplier, invoice)').fill('NF 4471')
  await receive.getByRole('button', { name: 'Receive' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Stock received.' })).toBeVisible()
  const adjust = page.getByRole('form', { name: 'Adjust after a count' })
  await adjust.getByLabel('Found more (+) or missing (−)').fill('0')
  await adjust.getByLabel('Reason').fill('Count')
  await adjust.getByRole('button', { name: 'Adjust' }).click()
  await expect(
    adjust.getByText('Enter what the count found more (positive) or missing (negative): not 0'),
  ).toBeVisible()
  await adjust.getByLabel('Found more (+) or missing (−)').fill('-2')
  await adjust.getByLabel('Reason').fill('Broken in the van')
  await adjust.getByRole('button', { name: 'Adjust' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Stock adjusted.' })).toBeVisible()

  const moves = page.getByRole('region', { name: 'Stock moves in this branch' })
  await expect(moves.getByRole('row')).toHaveCount(3)
  await expect(moves.getByRole('row').nth(1)).toContainText(/Adjusted.*-2.*Broken in the van/)
  await expect(moves.getByRole('row').nth(2)).toContainText(/Received.*6.*NF 4471/)
  await expect(page.getByText('Below minimum').first()).toBeVisible()
  await expectReadsInViews(page, baseURL!, 'a product', moves)

  // the home tells who restocks, the lowest first, and leads to it
  await page.goto('/view/home')
  const card = page.getByRole('region', { name: 'Stock below minimum' })
  await expect(card).toContainText('Capacitor 35 µF')
  await card.getByRole('link', { name: /Capacitor 35 µF/ }).click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Capacitor 35 µF')
  await page.goto('/view/cd_produto?state=low')
  await expectReadsInViews(page, baseURL!, 'the products below their minimum', page.getByTestId('data-table'))
})

test('the office imports a supplier’s price list: each wrong row named by its line, nothing in until it is right or the right rows are taken', async ({
  page,
  baseURL,
}) => {
  await signIn(page, DEMO_ADMIN)
  await workInDemoCompany(page)
  await page.goto('/view/cd_produto')
  const panel = page.getByRole('region', { name: 'Import a price list' })
  // as Excel saves it in Brazil: ";" between fields, amounts with a decimal comma, Windows-1252
  const csv = [
    'Código;Nome;Unidade;Preço;Custo;Mínimo',
    'FLT-20;Filtro de ar 20";un;38,90;12,00;4',
    'BMB-1;Bomba de dreno;un;abc;80,00;1',
    'ISO-1;Isolamento térmico;rolo;14,00;6,00;10',
  ].join('\r\n')
  const file = { name: 'tabela.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'latin1') }
  const form = page.getByRole('form', { name: 'Import a price list' })
  await form.getByLabel('Price list (CSV)').setInputFiles(file)
  await form.getByRole('button', { name: 'Import' }).click()
  const alert = panel.getByRole('alert')
  await expect(alert).toContainText('Some rows are wrong: fix them, or import the good rows only')
  await expect(alert.getByRole('listitem')).toHaveText([/Line 3 · Unit price: Enter an amount/, /Line 4 · Unit: /])
  await expect(page.getByTestId('data-row').filter({ hasText: 'Filtro de ar' })).toHaveCount(0)
  await expectReadsInViews(page, baseURL!, 'a refused price list', alert)

  await form.getByLabel('Price list (CSV)').setInputFiles(file)
  await form.getByLabel('Import the right rows and skip the wrong ones').check()
  await form.getByRole('button', { name: 'Import' }).click()
  await expect(panel.getByRole('status')).toHaveText('Price list imported. New: 1, updated: 0. Rows skipped: 3, 4.')
  await page.goto('/view/cd_produto?search=Filtro')
  await expect(page.getByTestId('data-row')).toHaveCount(1)
  await expect(page.getByTestId('data-row')).toContainText(/Filtro de ar 20".*FLT-20.*R\$38\.90/)
})
