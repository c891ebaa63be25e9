import { expect, test } from './fixtures'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'
import { CARD_PROVIDER_PORT } from '../../playwright.config.ts'
import { expectAccessible, signIn, workInDemoCompany } from './helpers.ts'

// issue 30: from a completed order to cash — the invoice, the client's link with Pix, a card payment
test('a completed order is invoiced, issued, sent, and paid by card on the client’s link; the office sees it paid', async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO_ADMIN)
  await workInDemoCompany(page)

  // the invoices list, with the demo's invoices and their states
  await page.goto('/view/cd_invoice')
  await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible()
  await expect(page.getByTestId('data-row').first()).toBeVisible()
  await expectAccessible(page, 'invoices list')

  // a completed order's Invoice button makes its draft invoice and opens it
  await page.goto('/view/cd_ordem?state=completed')
  const orderRow = page.getByTestId('data-row').first()
  const orderNumber = (await orderRow.getByRole('link').first().innerText()).trim()
  await orderRow.getByRole('link').first().click()
  await expect(page.getByTestId('splash')).toHaveCount(0)
  await page.getByRole('button', { name: 'Invoice', exact: true }).click()
  await expect(page).toHaveURL(/\/view\/cd_invoice\/[0-9a-f-]{36}\?toast=/)
  await expect(page.getByTestId('toast').filter({ hasText: 'Draft invoice made from the order' })).toBeVisible()
  await expect(page.getByRole('definition').filter({ hasText: orderNumber })).toBeVisible()
  await expect(page.getByTestId('state-badge')).toHaveText('Draft')
  await expectAccessible(page, 'draft invoice')

  // issued and sent: no mail server here, so the office is told to pass the link on
  await page.getByRole('button', { name: 'Issue', exact: true }).click()
  await expect(page.getByTestId('state-badge')).toHaveText('Issued')
  // issued, it reads as a document
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Invoice FAT-[A-Z0-9]+-\d{4}-\d{6}$/)
  await expect(page.getByRole('table', { name: 'Lines' }).getByRole('row')).not.toHaveCount(0)
  await page.getByRole('button', { name: 'Send to the client' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'no e-mail went out' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Share on WhatsApp' })).toHaveAttribute(
    'href',
    /^\/resources\/client-share\/invoice\//,
  )
  // WhatsApp opens the chat with the client's mobile number, the message in the client's language
  const share = await page.request.get(
    (await page.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href'))!,
    { maxRedirects: 0 },
  )
  expect(share.headers().location).toMatch(/^https:\/\/wa\.me\/5511\d{9}\?text=.*%2Fi%2F/)
  // and the client's link is there to copy
  await page.getByRole('button', { name: "Copy the client's link" }).click()
  await expect(page.getByRole('status').filter({ hasText: "The client's link: copy it" })).toBeVisible()
  await expect(page.getByLabel('Link for the client')).toHaveValue(/^https?:\/\/[^/]+\/i\/[\w.-]+$/)
  await expect(page.getByRole('region', { name: 'Payments' })).toContainText('No payment yet.')
  await expectAccessible(page, 'issued invoice')
  const invoicePage = page.url().split('?')[0]
  await page.getByRole('link', { name: /Open the client's page/ }).click()
  await expect(page).toHaveURL(/\/i\/[\w.-]+$/)
  const link = page.url()

  // the client, in a browser that never signed in, in their language (pt), on a phone
  const client = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage()
  await client.goto(link)
  await expect(client.getByRole('heading', { level: 1 })).toHaveText(/^Fatura FAT-[A-Z0-9]+-\d{4}-\d{6}$/)
  await expect(client.locator('html')).toHaveAttribute('lang', 'pt-BR')
  await expect(client.getByTestId('invoice-line').first()).toBeVisible()
  const open = (await client.getByTestId('invoice-open').innerText()).trim()
  expect(open).toMatch(/^R\$\s[\d.]+,\d{2}$/)
  // Pix: the QR code and the code to copy, of what is open, to the company's key
  await expect(client.getByRole('img', { name: 'Código Pix (copia e cola)' })).toBeVisible()
  const code = await client.getByTestId('pix-code').inputValue()
  expect(code).toMatch(/^000201/)
  expect(code).toContain('br.gov.bcb.pix011411222333000181')
  expect(code).toContain(`54${String(open.replace(/[^\d,]/g, '').replace(',', '.').length).padStart(2, '0')}`)
  await expect(client.getByText('Chave Pix: 11222333000181')).toBeVisible()
  await expectAccessible(client, "client's invoice page at 390 px")

  // the card: the provider's page, a card typed there, and back to the invoice, paid
  await client.getByRole('button', { name: `Pagar ${open} com cartão` }).click()
  await expect(client).toHaveURL(new RegExp(`127\\.0\\.0\\.1:${CARD_PROVIDER_PORT}/checkout/`))
  await client.getByLabel('Card number').fill('4242 4242 4242 4242')
  await client.getByRole('button', { name: /^Pay / }).click()
  await expect(client).toHaveURL(/\/i\/[\w.-]+\?paid=card$/)
  await expect(client.getByText('Esta fatura está paga. Obrigado!')).toBeVisible()
  await expect(client.getByTestId('invoice-open')).toHaveText('R$ 0,00')
  await expectAccessible(client, "client's paid invoice")

  // the office sees it paid, by card, on its timeline too
  await page.goto(invoicePage)
  await expect(page.getByTestId('state-badge')).toHaveText('Paid')
  await expect(page.getByTestId('payments')).toContainText('Card')
  await expect(page.getByRole('region', { name: 'Activity' })).toContainText('Paid by card on the client')
  await expectAccessible(page, 'paid invoice')
})

// issue 44 §0: a new invoice bills the picked client's completed orders, offered only once the client is picked
test('a new invoice offers the picked client’s completed orders to bill, and bills the one checked', async ({
  page,
}) => {
  await signIn(page, DEMO_ADMIN)
  await workInDemoCompany(page)
  // the last completed order (the other tests bill the first ones), and all of its client's
  await page.goto('/view/cd_ordem?state=completed')
  const order = page.getByTestId('data-row').last()
  const orderNumber = (await order.getByRole('cell').nth(0).innerText()).trim()
  const clientName = (await order.getByRole('cell').nth(1).innerText()).trim()
  const theirs = await page
    .getByTestId('data-row')
    .evaluateAll(
      (rows, name) =>
        rows.filter((r) => r.children[1]?.textContent?.trim() === name).map((r) => r.children[0]?.textContent?.trim()),
      clientName,
    )
  const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)
  const pickClient = async () => {
    await page.getByRole('combobox', { name: 'Client', exact: true }).fill(clientName)
    await page
      .getByRole('option', { name: startsWith(clientName) })
      .first()
      .click()
  }

  await page.goto('/view/cd_invoice/new')
  const orders = page.getByRole('group', { name: 'Orders to bill' })
  await expect(orders).toContainText('Shown once Client is chosen')
  await expect(orders.getByRole('checkbox')).toHaveCount(0)
  await pickClient()
  // the client's completed orders, and only theirs
  const mine = orders.getByRole('checkbox', { name: startsWith(`${orderNumber} · `) })
  await expect(mine).toBeVisible()
  const offered = (await orders.locator('label').allInnerTexts()).map((l) => l.split(' · ')[0].trim())
  expect(offered.sort()).toEqual([...theirs].sort())
  await expectAccessible(page, 'new invoice with orders to bill')

  await mine.check()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('toast')).toBeVisible()
  // the order is billed by the new draft: invoiced, and offered no more
  await page.goto(`/view/cd_ordem?search=${encodeURIComponent(orderNumber)}`)
  await expect(page.getByTestId('data-row').filter({ hasText: orderNumber })).toContainText('Invoiced')
  await page.goto('/view/cd_invoice/new')
  await pickClient()
  await expect(orders.getByText(theirs.length > 1 ? ' · ' : 'Nothing to choose here').first()).toBeVisible()
  await expect(mine).toHaveCount(0)
})

test('the office records a payment and reverses it with a reason; a payment above what is open, or dated before the issue, is refused', async ({
  page,
}) => {
  await signIn(page, DEMO_ADMIN)
  await workInDemoCompany(page)
  await page.goto('/view/cd_invoice?state=overdue')
  await page.getByTestId('data-row').first().getByRole('link').first().click()
  await expect(page.getByTestId('splash')).toHaveCount(0)
  await expect(page.getByTestId('state-badge')).toHaveText('Overdue')
  const payment = page.getByRole('form', { name: 'Record a payment' })
  const payments = page.getByTestId('payments').locator('li')
  const before = await payments.count()
  // more than what is open: refused next to the form, nothing recorded
  await payment.getByLabel('Amount').fill('999999')
  await payment.getByRole('button', { name: 'Record a payment' }).click()
  await expect(page.getByText('This payment is more than what is open on the invoice')).toBeVisible()
  await expect(payments).toHaveCount(before)
  // dated before the invoice was issued: refused next to its date, nothing recorded
  await payment.getByLabel('Amount').fill('1')
  await payment.getByLabel('Paid on (empty: today)').fill('1900-01-01')
  await payment.getByRole('button', { name: 'Record a payment' }).click()
  await expect(
    page
      .getByRole('form', { name: 'Record a payment' })
      .getByText('A payment cannot be dated before the invoice’s issue date'),
  ).toBeVisible()
  await expect(payments).toHaveCount(before)
  // the open amount is filled in: recorded as it is, the invoice is paid
  await page.reload()
  await page.getByRole('form', { name: 'Record a payment' }).getByLabel('Method').selectOption('transfer')
  await page.getByRole('form', { name: 'Record a payment' }).getByRole('button', { name: 'Record a payment' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Payment recorded.' })).toBeVisible()
  await expect(page.getByTestId('state-badge')).toHaveText('Paid')
  await expect(page.getByTestId('payments')).toContainText('Bank transfer')
  // reversed: it stays, struck through with its reason, and the invoice is open again
  await expect(payments).toHaveCount(before + 1)
  const last = payments.last()
  await last.getByLabel('Why it is reversed').fill('The transfer was returned')
  await last.getByRole('button', { name: 'Reverse' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Payment reversed.' })).toBeVisible()
  await expect(page.getByTestId('payments')).toContainText('Reversed: The transfer was returned')
  await expect(page.getByTestId('state-badge')).toHaveText('Overdue')
  await expectAccessible(page, 'invoice with a reversed payment')
})

test('a voided invoice’s client page is gone (404), and so is its PDF', async ({ page, browser }) => {
  await signIn(page, DEMO_ADMIN)
  await workInDemoCompany(page)
  await page.goto('/view/cd_invoice?state=issued')
  await page.getByTestId('data-row').first().getByRole('link').first().click()
  await expect(page.getByTestId('splash')).toHaveCount(0)
  await expect(page.getByTestId('state-badge')).toHaveText('Issued')
  // issued, it reads as a document
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Invoice FAT-[A-Z0-9]+-\d{4}-\d{6}$/)
  await expect(page.getByRole('table', { name: 'Lines' }).getByRole('row')).not.toHaveCount(0)
  await page.getByRole('button', { name: 'Send to the client' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'no e-mail went out' })).toBeVisible()
  const invoicePage = page.url().split('?')[0]
  await page.getByRole('link', { name: /Open the client's page/ }).click()
  await expect(page).toHaveURL(/\/i\/[\w.-]+$/)
  const link = page.url()
  const client = await (await browser.newContext()).newPage()
  expect((await client.goto(link))!.status()).toBe(200)
  // the office voids it: the link it sent no longer opens
  await page.goto(invoicePage)
  await page.getByLabel('Why it is voided').fill('Billed to the wrong client')
  await page.getByRole('button', { name: 'Void', exact: true }).click()
  await expect(page.getByTestId('state-badge')).toHaveText('Void')
  expect((await client.goto(link))!.status()).toBe(404)
  expect(
    (await client.request.get(`${new URL(link).origin}/api/public/invoices/${link.split('/i/')[1]}/pdf`)).status(),
  ).toBe(404)
})
