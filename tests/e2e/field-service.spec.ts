import { expect, test, type Locator, type Page } from './fixtures'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'
import { expectAccessible, signIn, workInDemoCompany } from './helpers.ts'
import { DEMO_TIME_ZONE } from '../../playwright.config.ts'

// The field-service chain in the browser (docs/domain.md): clients and the service catalogue.

/** Picks a job for a document's line, typed in its picker as an office worker does. */
async function pickJob(page: Page, row: Locator, typed: string, option: string) {
  await row.getByRole('combobox', { name: 'Service', exact: true }).fill(typed)
  await page.getByRole('option', { name: option }).click()
}

test('an office worker adds a client with a contact and an address; a wrong CPF is refused at its field', async ({
  page,
}) => {
  await signIn(page, DEMO_ADMIN)
  await page.goto('/view/cd_cliente')
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible()
  await expect(page.getByTestId('data-row')).toHaveCount(20)
  await expectAccessible(page, 'clients list')
  await page.getByRole('link', { name: 'New' }).click()
  await page.getByLabel('Kind', { exact: true }).first().selectOption('person')
  await page.getByLabel('CPF / CNPJ').fill('529.982.247-24')
  await page.getByLabel('Name', { exact: true }).fill('Marina Costa')
  const contact = page.getByTestId('contacts-row').first()
  await contact.getByLabel('Kind').selectOption('email')
  await contact.getByLabel('E-mail or number').fill('marina@example.com')
  // a second contact line, added with the button
  await page.getByRole('button', { name: 'Add · E-mails and phones' }).click()
  const phone = page.getByTestId('contacts-row').nth(1)
  await phone.getByLabel('Kind').selectOption('phone')
  await phone.getByLabel('E-mail or number').fill('+55 11 98888-7777')
  const address = page.getByTestId('addresses-row').first()
  await address.getByLabel('Street and number').fill('Rua Augusta, 100')
  await address.getByLabel('City').fill('São Paulo')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Enter a valid CPF (11 digits with correct check digits)')).toBeVisible()
  await expect(page.getByLabel('CPF / CNPJ')).toHaveAttribute('aria-invalid', 'true')
  // focus went to the field in error
  await expect(page.getByLabel('CPF / CNPJ')).toBeFocused()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New client')
  // what was typed is kept, the rows too
  await expect(page.getByTestId('contacts-row').nth(1).getByLabel('E-mail or number')).toHaveValue('+55 11 98888-7777')
  await expectAccessible(page, 'client form with errors')
  await page.getByLabel('CPF / CNPJ').fill('52998224725')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/view\/cd_cliente$/)
  await page.getByLabel('Search the list').fill('529.982')
  await page.getByRole('button', { name: 'Search' }).click()
  const row = page.getByTestId('data-row')
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('529.982.247-25')
  await expect(row).toContainText('São Paulo')
  await row.getByRole('link', { name: 'Marina Costa' }).click()
  await expect(page.getByLabel('CPF / CNPJ')).toHaveValue('529.982.247-25')
  await expect(page.getByTestId('contacts-row').first().getByLabel('E-mail or number')).toHaveValue(
    'marina@example.com',
  )
  await expect(page.getByRole('region', { name: 'Activity' })).toContainText('Ana Costa created it')
  await page.getByLabel('Name', { exact: true }).fill('Marina C. Costa')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/view\/cd_cliente$/)
  await page.goto('/view/cd_cliente?search=Marina')
  await page.getByRole('link', { name: 'Marina C. Costa' }).click()
  await expect(page.getByRole('region', { name: 'Activity' })).toContainText('changed name')
  await expectAccessible(page, 'client record')
})

test('markup typed into a record shows as text on its list and its page, and runs nothing', async ({ page }) => {
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  await signIn(page, DEMO_ADMIN)
  const name = `<img src=x onerror="alert('xss')"><script>alert('xss')</script>`
  await page.goto('/view/cd_cliente/new')
  await page.getByLabel('Name', { exact: true }).fill(name)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/view\/cd_cliente$/)
  await page.getByLabel('Search the list').fill('onerror')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByTestId('data-row').getByRole('link', { name })).toBeVisible()
  await page.getByTestId('data-row').getByRole('link', { name }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Edit ${name}`)
  await page.reload()
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name)
  expect(await page.locator('img[src="x"]').count()).toBe(0)
  expect(dialogs).toEqual([])
})

test('a deactivated client is shown as such on their page', async ({ page }) => {
  await signIn(page, DEMO_ADMIN)
  await page.goto('/view/cd_cliente?all=1&sort=active&order=asc')
  const row = page.getByTestId('data-row').filter({ hasText: 'Inactive' }).first()
  await row.getByRole('link').first().click()
  await expect(page.getByText('Inactive', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Activate' })).toBeVisible()
})

test('the service catalogue shows prices in the company currency and takes them as typed', async ({ page }) => {
  await signIn(page, DEMO_ADMIN)
  await page.goto('/view/cd_job')
  await expect(page.getByTestId('data-row').filter({ hasText: 'ELE-QUADRO' })).toContainText('R$950.00')
  await expectAccessible(page, 'jobs list')
  await page.getByRole('link', { name: 'New' }).click()
  await page.getByLabel('Code').fill('sol-inst')
  await page.getByLabel('Name').fill('Solar panel installation')
  await page.getByLabel('Unit', { exact: true }).selectOption('unit')
  await page.getByLabel('Unit price').fill('1,234.50')
  await page.getByLabel('Tax %').fill('7.5')
  await page.getByLabel('Checklist (one item per line)').fill('Check roof\nFix panels\nTest inverter')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/view\/cd_job$/)
  await expect(page.getByTestId('data-row').filter({ hasText: 'SOL-INST' })).toContainText('R$1,234.50')
  await page.getByRole('link', { name: 'SOL-INST' }).click()
  await expect(page.getByLabel('Unit price')).toHaveValue('1234.50')
  await expect(page.getByLabel('Checklist (one item per line)')).toHaveValue('Check roof\nFix panels\nTest inverter')
  await expectAccessible(page, 'job form')
})

test('a quote goes from the office to the client and back: two catalogue lines and a discount, sent, approved on the link', async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO_ADMIN)
  // a new client first
  await page.goto('/view/cd_cliente/new')
  await page.getByLabel('Kind', { exact: true }).first().selectOption('business')
  await page.getByLabel('CPF / CNPJ').fill('11.222.333/0001-81')
  await page.getByLabel('Name', { exact: true }).fill('Padaria Estrela')
  await page.getByTestId('contacts-row').first().getByLabel('E-mail or number').fill('compras@estrela.example')
  await page.getByTestId('addresses-row').first().getByLabel('Street and number').fill('Rua das Flores, 12')
  await page.getByTestId('addresses-row').first().getByLabel('City').fill('Campinas')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/view\/cd_cliente$/)

  await page.goto('/view/cd_cotacao')
  await expect(page.getByRole('heading', { level: 1, name: 'Quotes' })).toBeVisible()
  await expect(page.getByTestId('data-row')).toHaveCount(20)
  await expectAccessible(page, 'quotes list')
  await page.getByRole('link', { name: 'New' }).click()
  // the client is searched as it is typed (without its accents, in any case); its default address fills the service address
  const picker = page.getByRole('combobox', { name: 'Client', exact: true })
  await picker.fill('padaria est')
  await page.getByRole('option', { name: 'Padaria Estrela · 11.222.333/0001-81' }).click()
  await expect(picker).toHaveValue('Padaria Estrela · 11.222.333/0001-81')
  await expect(page.getByLabel('Service address')).toHaveValue('Rua das Flores, 12, Campinas')
  const first = page.getByTestId('lines-row').first()
  // the catalogue is searched as the job is typed
  await pickJob(page, first, 'ac-inst', 'AC-INST · Instalação de ar-condicionado split')
  // the picked service fills the line: its description, price and tax, to change if need be
  await expect(first.getByLabel('Description')).toHaveValue('Instalação de ar-condicionado split')
  await expect(first.getByLabel('Unit price')).toHaveValue('450.00')
  await expect(first.getByLabel('Tax %')).toHaveValue('5')
  await first.getByLabel('Quantity').fill('2')
  await first.getByLabel('Discount %').fill('10')
  // each line its total: 2 × 450.00 − 10 % + 5 % tax
  await expect(first.getByRole('status', { name: 'Total' })).toHaveText('R$850.50')
  await page.getByRole('button', { name: 'Add · Lines' }).click()
  const second = page.getByTestId('lines-row').nth(1)
  await pickJob(page, second, 'vis', 'VIS-TEC · Visita técnica')
  await second.getByLabel('Quantity').fill('1')
  // the totals follow the lines as they are typed, by the server's rules (the catalogue's price and tax)
  const totals = page.getByTestId('live-totals')
  await expect(totals).toContainText('R$940.50')
  await first.getByLabel('Discount %').fill('')
  await expect(totals).toContainText('R$1,035.00')
  await first.getByLabel('Discount %').fill('10')
  await expect(totals).toContainText('R$940.50')
  await expectAccessible(page, 'quote form')
  await page.getByRole('button', { name: 'Save' }).click()
  // saved, the quote stays open: it is sent from there
  await expect(page).toHaveURL(/\/view\/cd_cotacao\/[\w-]{36}(\?|$)/)
  await expect(page.getByTestId('toast')).toHaveText(/Saved/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('ORC-')
  await page.goto('/view/cd_cotacao')
  await page.getByRole('link', { name: 'Total' }).click()
  await page.getByLabel('Search the list').fill('Padaria Estrela')
  await page.getByRole('button', { name: 'Search' }).click()
  const row = page.getByTestId('data-row')
  await expect(row).toHaveCount(1)
  // 2 × 450.00 − 10 % + 5 % tax = 850.50, plus a 90.00 visit
  await expect(row).toContainText('R$940.50')
  await expect(row).toContainText('Draft')
  await row.getByRole('link').first().click()
  await expect(
    page
      .getByRole('term')
      .filter({ hasText: /^Total$/ })
      .first(),
  ).toBeVisible()
  await expectAccessible(page, 'quote record')
  await page.getByRole('button', { name: 'Send to the client' }).click()
  // no mail server here: never "sent", the office is told to pass the link on
  await expect(
    page.getByTestId('toast').filter({ hasText: 'The quote is ready, but no e-mail went out' }),
  ).toBeVisible()
  await expect(
    page.getByRole('definition').filter({ hasText: 'Not e-mailed (no mail server is set up)' }),
  ).toBeVisible()
  await expect(page.getByRole('link', { name: 'Share on WhatsApp' })).toHaveAttribute(
    'href',
    /^\/resources\/client-share\/quote\//,
  )
  // sent: no longer editable, it reads as a document — its title, its lines as a table, amounts as the reader writes them
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Quote ORC-[A-Z0-9]+-\d{4}-\d{6}$/)
  const lines = page.getByRole('table', { name: 'Lines' })
  await expect(lines.getByRole('row').filter({ hasText: 'Instalação de ar-condicionado split' })).toContainText(
    'R$850.50',
  )
  // no form of greyed fields to read it through
  await expect(page.locator('fieldset[disabled]')).toHaveCount(0)
  await expectAccessible(page, 'sent quote')
  await page.getByRole('link', { name: /Open the client's page/ }).click()
  await expect(page).toHaveURL(/\/q\/[\w.-]+$/)
  const link = page.url()

  // the client, in a browser that never signed in, in the client's language (pt)
  const client = await (await browser.newContext()).newPage()
  await client.goto(link)
  await expect(client.getByRole('heading', { level: 1 })).toHaveText(/^Orçamento ORC-[A-Z0-9]+-\d{4}-\d{6}$/)
  // the whole page says its language (an English browser reads a Portuguese page)
  await expect(client.locator('html')).toHaveAttribute('lang', 'pt-BR')
  await expect(client.getByTestId('quote-line')).toHaveCount(2)
  await expect(client.getByTestId('quote-total')).toHaveText('R$ 940,50')
  await expectAccessible(client, "client's quote page")
  await client.getByRole('button', { name: 'Aprovar o orçamento' }).click()
  await expect(client.getByText('Este campo é obrigatório')).toBeVisible()
  await client.getByLabel('Seu nome completo').fill('Joana Estrela')
  await client.getByRole('button', { name: 'Aprovar o orçamento' }).click()
  await expect(client.getByText(/^Aprovado por Joana Estrela em /)).toBeVisible()
  await client.setViewportSize({ width: 390, height: 844 })
  // on a phone the confirmation is in view, and each line's total fits the screen
  await expect(client.getByText(/^Aprovado por Joana Estrela em /)).toBeInViewport()
  const card = client.getByTestId('quote-line-card').first()
  await expect(card).toBeVisible()
  const box = (await card.boundingBox())!
  expect(box.x + box.width).toBeLessThanOrEqual(390)
  await expect(card).toContainText('R$')
  await expectAccessible(client, "client's quote page at 390 px")

  // the office sees it approved, by whom, on the timeline too
  await page.goBack()
  await page.reload()
  await expect(page.getByText('Approved', { exact: true })).toBeVisible()
  await expect(page.getByRole('definition').filter({ hasText: 'Joana Estrela' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Activity' })).toContainText('Joana Estrela approved it on the link')
  // the client's page lists it
  await page.goto('/view/cd_cliente?search=Padaria%20Estrela')
  await page.getByRole('link', { name: 'Padaria Estrela' }).click()
  await expect(
    page.getByRole('region', { name: 'Quotes' }).getByRole('row').filter({ hasText: 'Approved' }),
  ).toContainText('R$940.50')
  await page.getByRole('region', { name: 'Quotes' }).getByRole('link').first().click()
  // converting makes its service order with its lines, and both link to each other
  await page.getByRole('button', { name: 'Convert to a service order' }).click()
  await expect(page.getByText('Quote converted.')).toBeVisible()
  await expect(page.getByText('Converted', { exact: true })).toBeVisible()
  await page.getByRole('link', { name: 'Its service order' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/OS-[A-Z0-9]+-\d{4}-\d{6}$/)
  await expect(page.getByText('New', { exact: true })).toBeVisible()
  await expect(page.getByRole('definition').filter({ hasText: 'R$940.50' }).first()).toBeVisible()
  await expect(page.getByRole('region', { name: 'Activity' })).toContainText('created')
  await expectAccessible(page, 'a service order converted from a quote')
  await page.getByRole('link', { name: 'Its quote' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/ORC-/)
})

test("the quote form's client picker: typed, chosen by keyboard, put back on Escape, and a draft opens with its client", async ({
  page,
}) => {
  await signIn(page, DEMO_ADMIN)
  await page.goto('/view/cd_cotacao/new')
  // the form has started (hydrated): what is typed in the picker searches
  await expect(page.getByTestId('splash')).toHaveCount(0)
  const picker = page.getByRole('combobox', { name: 'Client', exact: true })
  const choices = page.getByRole('listbox', { name: 'Choices' })
  await picker.fill('zzzz-nobody')
  await expect(choices.getByText('No results found!')).toBeVisible()
  await picker.fill('a')
  await expect(choices.getByRole('option').nth(1)).toBeVisible()
  // the first choice is the active one; the arrow moves to the second
  await picker.press('ArrowDown')
  const second = await choices.getByRole('option').nth(1).textContent()
  await expect(choices.getByRole('option', { selected: true })).toHaveText(second!)
  await picker.press('Enter')
  await expect(picker).toHaveValue(second!)
  await expect(choices).toHaveCount(0)
  // typing and leaving with Escape keeps the choice made
  await picker.fill('something else')
  await picker.press('Escape')
  await expect(picker).toHaveValue(second!)

  // a draft quote's form names its client (not its id)
  await page.goto('/view/cd_cotacao?state=draft')
  const row = page.getByTestId('data-row').first()
  const clientName = (await row.getByRole('cell').nth(1).textContent())!.trim()
  await row.getByRole('link').first().click()
  await expect(page).toHaveURL(/\/view\/cd_cotacao\/[\w-]{36}$/)
  await expect(picker).toHaveValue(new RegExp(`^${clientName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))
})

test('a client typed into the picker before the page’s scripts have started is searched once they have', async ({
  page,
}) => {
  await signIn(page, DEMO_ADMIN)
  // a slow phone: the page is drawn, its scripts a second and a half behind
  await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 1500))
    await route.continue()
  })
  await page.goto('/view/cd_cotacao/new', { waitUntil: 'commit' })
  const picker = page.getByRole('combobox', { name: 'Client', exact: true })
  await picker.fill('a')
  await expect(page.getByTestId('splash')).toBeVisible()
  await expect(page.getByTestId('splash')).toHaveCount(0)
  await expect(picker).toHaveValue('a')
  await expect(page.getByRole('listbox', { name: 'Choices' }).getByRole('option').first()).toBeVisible()
})

for (const path of [
  '/view/cd_cliente',
  '/view/cd_cliente/new',
  '/view/cd_job',
  '/view/cd_job/new',
  '/view/cd_cotacao',
  '/view/cd_cotacao/new',
  'a quote',
  'a client',
]) {
  test(`${path} reads on a phone`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await signIn(page, DEMO_ADMIN)
    if (path.startsWith('/')) await page.goto(path)
    else {
      // a record of the list: its form, facts, actions, related lists and timeline
      await page.goto(path === 'a quote' ? '/view/cd_cotacao?sort=state&order=asc' : '/view/cd_cliente')
      await page.getByTestId('data-row').first().getByRole('link').first().click()
      await expect(page).toHaveURL(/\/view\/cd_\w+\/[\w-]{36}$/)
    }
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectAccessible(page as Page, `${path} at 390 px`)
  })
}

test("a new branch's time zone starts at the company's, among zones grouped by region", async ({ page }) => {
  await signIn(page, DEMO_ADMIN)
  await page.goto('/view/cd_filial/new')
  await expect(page.getByLabel('Time zone')).toHaveValue(DEMO_TIME_ZONE!)
  await expect(
    page.getByLabel('Time zone').locator('optgroup[label="America"] option[value="America/Sao_Paulo"]'),
  ).toHaveText('America/Sao Paulo')
})

test('an optional line: out of the total in the office, ticked by the client on the link, its total following', async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO_ADMIN)
  await page.goto('/view/cd_cotacao/new')
  // the form has started (hydrated): what is typed in the picker searches
  await expect(page.getByTestId('splash')).toHaveCount(0)
  const picker = page.getByRole('combobox', { name: 'Client', exact: true })
  await picker.fill('oficina')
  await page
    .getByRole('option', { name: /^Oficina Motor Forte/ })
    .first()
    .click()
  const first = page.getByTestId('lines-row').first()
  await pickJob(page, first, 'vis', 'VIS-TEC · Visita técnica')
  await first.getByLabel('Quantity').fill('1')
  await page.getByRole('button', { name: 'Add · Lines' }).click()
  const second = page.getByTestId('lines-row').nth(1)
  await pickJob(page, second, 'pintura', 'PINT-M2 · Pintura (por hora)')
  await second.getByLabel('Quantity').fill('2')
  const totals = page.getByTestId('live-totals')
  await expect(totals).not.toContainText('R$90.00')
  await second.getByLabel('Optional').check()
  // offered, not counted
  await expect(totals).toContainText('R$90.00')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/view\/cd_cotacao\/[\w-]{36}(\?|$)/)
  // the newest quote first: the one just saved, its total without the optional line
  await page.goto('/view/cd_cotacao?sort=number&order=desc')
  const row = page.getByTestId('data-row').first()
  await expect(row).toContainText('R$90.00')
  await row.getByRole('link').first().click()
  await page.getByRole('button', { name: 'Send to the client' }).click()
  await page.getByRole('link', { name: /Open the client's page/ }).click()
  const link = page.url()

  const client = await (await browser.newContext()).newPage()
  await client.goto(link)
  const total = client.getByTestId('quote-total')
  await expect(total).toHaveText('R$ 90,00')
  await expect(client.getByText('Opcional, não escolhido').last()).toBeVisible()
  const option = client.getByRole('group', { name: 'Itens opcionais' }).getByRole('checkbox')
  await option.check()
  await expect(total).not.toHaveText('R$ 90,00')
  // the line says it is chosen now
  await expect(client.getByText('Opcional, não escolhido')).toHaveCount(0)
  const chosen = await total.textContent()
  await expectAccessible(client, "client's quote page with an optional line")
  await client.getByLabel('Seu nome completo').fill('Rui Barbosa')
  await client.getByRole('button', { name: 'Aprovar o orçamento' }).click()
  await expect(client.getByText(/^Aprovado por Rui Barbosa em /)).toBeVisible()
  // what was bought stays the total
  await expect(total).toHaveText(chosen!)
})

test('an order under way reads as the order it is, its form a click away', async ({ page }) => {
  await signIn(page, DEMO_ADMIN)
  await workInDemoCompany(page)
  await page.goto('/view/cd_ordem?state=in_progress')
  await page.getByTestId('data-row').first().getByRole('link').first().click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Service order OS-/)
  await expect(page.getByRole('table', { name: 'Lines' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0)
  await page.getByRole('link', { name: 'Edit', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Edit /)
  await page.getByLabel('Instructions for the technician').fill('Ring the bell twice')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Saved/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Service order OS-/)
  await expect(page.getByText('Ring the bell twice')).toBeVisible()
  await expectAccessible(page, 'an order under way')
})
