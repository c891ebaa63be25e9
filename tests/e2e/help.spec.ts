import { expect, test, type Page } from './fixtures'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'
import { ALL_VIEWS, expectAccessible, signIn, viewAs, workInDemoCompany } from './helpers.ts'

/** Opens a question of the help and follows the link of its answer named `link`. */
async function followAnswer(page: Page, question: string, link: string) {
  const answer = page.locator('details').filter({ has: page.getByText(question, { exact: true }) })
  await answer.locator('summary').click()
  await expect(answer.getByRole('link', { name: link, exact: true })).toBeVisible()
  await answer.getByRole('link', { name: link, exact: true }).click()
}

test('the help answers in Portuguese, its links open the screens they name, and it passes axe in light and dark', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000)
  await signIn(page, DEMO_ADMIN)
  await workInDemoCompany(page)
  await page.goto('/view/help')
  // the reader's language: switched on the page, its answers come in Portuguese
  await page.getByLabel('Language').selectOption('pt')
  try {
    await expect(page.getByRole('heading', { level: 1, name: 'Ajuda' })).toBeVisible()
    for (const title of [
      'Primeiros passos: empresa, filiais e equipe',
      'Clientes e o catálogo de serviços',
      'Orçamentos e a aprovação do cliente',
      'Ordens de serviço e o quadro de agendamento',
      'O dia do técnico',
      'Faturas e pagamentos',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible()
    }
    // each question once
    await expect(page.getByText('Como faço um orçamento?', { exact: true })).toHaveCount(1)
    await expectAccessible(page, 'help in pt, light')

    await followAnswer(page, 'Como faço um orçamento?', 'Orçamentos')
    await expect(page).toHaveURL(/\/view\/cd_cotacao\/new$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

    // the search keeps the answers that have every word, opened
    await page.goto('/view/help')
    const search = page.getByLabel('Buscar na ajuda')
    await search.fill('boleto')
    await expect(page.getByText('O sistema emite boletos ou lê a minha conta bancária?')).toBeVisible()
    await expect(page.getByText('Não. Ele não emite boletos', { exact: false })).toBeVisible()
    await expect(page.getByText('Como faço um orçamento?')).toHaveCount(0)
    await search.fill('xyzzy')
    await expect(page.getByText('Nenhuma resposta tem todas estas palavras: tente outras.')).toBeVisible()

    // in dark, with an answer open
    await viewAs(page, ALL_VIEWS[1], baseURL!)
    await page.reload()
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    await page.getByText('Os clientes podem pagar por Pix?', { exact: true }).click()
    await expect(page.getByRole('link', { name: 'Empresas', exact: true }).first()).toBeVisible()
    await expectAccessible(page, 'help in pt, dark')
    await viewAs(page, ALL_VIEWS[0], baseURL!)
  } finally {
    // the demo admin's language is kept on the user: English again for the other tests
    await page.goto('/view/help')
    await page.getByLabel('Idioma').selectOption('en')
    await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible()
  }
})

test("the help in English opens the scheduling board and the technicians' visits from its answers", async ({
  page,
}) => {
  await signIn(page, DEMO_ADMIN)
  await workInDemoCompany(page)
  await page.goto('/view/help')
  await expect(page.getByRole('heading', { level: 2, name: 'Service orders and the scheduling board' })).toBeVisible()
  // the demo help-center's FAQs promised what does not exist: they are not the help any more
  await expect(page.getByText(/client portal link|Write to support/)).toHaveCount(0)
  await expect(page.getByText('Does the app issue boletos or read my bank account?')).toBeVisible()
  await followAnswer(page, 'How do I book a visit?', 'Scheduling')
  await expect(page).toHaveURL(/\/view\/cd_ordemagendamento$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Scheduling' })).toBeVisible()
  await page.goBack()
  await followAnswer(page, 'Where do I see my visits?', 'Technician work')
  await expect(page).toHaveURL(/\/view\/cd_techorders$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Technician work' })).toBeVisible()
})

test('the help links a technician only to the screens he may open; the others are plain words', async ({ page }) => {
  await signIn(page)
  await page.goto('/view/help')
  const quote = page.locator('details').filter({ has: page.getByText('How do I make a quote?', { exact: true }) })
  await quote.locator('summary').click()
  await expect(quote).toContainText('In Quotes: choose the client')
  await expect(quote.getByRole('link')).toHaveCount(0)
  await followAnswer(page, 'Where do I see my visits?', 'Technician work')
  await expect(page).toHaveURL(/\/view\/cd_techorders$/)
})
