import { expect, test } from './fixtures'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'
import { signIn, workInDemoCompany } from './helpers.ts'

// What every module's screens take from its one declaration (domain/modules/).

test('a record page offers only what its module declares: no Deactivate on a quote, Deactivate on a client', async ({
  page,
}) => {
  await signIn(page, DEMO_ADMIN)
  await workInDemoCompany(page)
  await page.goto('/view/cd_cotacao')
  await page.getByTestId('data-row').first().getByRole('link').first().click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('ORC-')
  await expect(page.getByRole('link', { name: 'Deactivate' })).toHaveCount(0)
  // asking for the confirmation by its address shows none either
  await page.goto(`${page.url()}?confirm=deactivate`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('ORC-')
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
  await page.goto('/view/cd_cliente')
  await page.getByTestId('data-row').first().getByRole('link').first().click()
  await expect(page.getByRole('link', { name: 'Deactivate' })).toBeVisible()
})

test("a list keeps the order a home card asks for (newest first), and shows days in the user's format", async ({
  page,
}) => {
  await signIn(page, DEMO_ADMIN)
  await workInDemoCompany(page)
  await page.goto('/view/cd_cotacao?state=approved&sort=createdAt&order=desc')
  // the list's own links carry the card's order on (it was swapped for the number before)
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    /sort=createdAt&order=desc&state=approved/,
  )
  const first = page.getByTestId('data-row').first()
  await expect(first).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4}/)
  await expect(first).not.toContainText(/\d{4}-\d{2}-\d{2}/)
  // in Portuguese, the Portuguese way ("6 de dez. de 2026")
  await page.getByLabel('Language').selectOption('pt')
  await expect(page.getByTestId('data-row').first()).toContainText(/\d{1,2} de [a-zç]{3}\.? de \d{4}/)
  // the language is stored on the person: back to English for the tests that follow
  await page.getByLabel('Idioma').selectOption('en')
  await expect(page.getByRole('heading', { level: 1, name: 'Quotes' })).toBeVisible()
})
