import { expect, test } from './fixtures'
import { DEMO_ADMIN, DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { ALL_VIEWS, expectAccessible, expectReadsInViews, signIn, workInDemoCompany, slotOf } from './helpers.ts'

// issue 45 §8: the office's second week — a part received, a quote with a deposit approved and paid
// by Pix on the client's phone, the order booked from the tray within the technician's day, the part
// used on the visit, and the invoice showing the deposit and the rest paid; each document read as one.

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }

/** A Thursday four weeks ahead: past the demo's visits and the other board tests' days. */
function freeThursday() {
  const d = new Date(Date.now() + 28 * 86_400_000)
  d.setUTCDate(d.getUTCDate() + ((4 - d.getUTCDay() + 7) % 7))
  return d.toISOString().slice(0, 10)
}

test('the second week: a part received, a deposit paid by Pix on approval, the order booked and worked, the invoice paid the rest', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000)
  await page.setViewportSize({ width: 1440, height: 1000 })
  await signIn(page, DEMO_ADMIN)
  await workInDemoCompany(page)
  const product = `Contactor 32 A ${Date.now() % 100_000}`

  // a part the technicians use, ten received
  await page.goto('/view/cd_produto/new')
  await page.getByLabel('Name', { exact: true }).fill(product)
  await page.getByLabel('Unit', { exact: true }).selectOption('unit')
  await page.getByLabel('Unit price').fill('89,90')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Saved/)
  const receive = page.getByRole('form', { name: 'Receive stock' })
  await receive.getByLabel('Quantity').fill('10')
  await receive.getByLabel('From (supplier, invoice)').fill('NF 5120')
  await receive.getByRole('button', { name: 'Receive' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Stock received.' })).toBeVisible()
  const productPage = page.url()

  // a quote asking half on approval: 450.00 + 5 % tax = 472.50, its deposit 236.25
  await page.goto('/view/cd_cotacao/new')
  await expect(page.getByTestId('splash')).toHaveCount(0)
  await page.getByRole('combobox', { name: 'Client', exact: true }).fill('a')
  await page.getByRole('listbox', { name: 'Choices' }).getByRole('option').first().click()
  const line = page.getByTestId('lines-row').first()
  await line.getByRole('combobox', { name: 'Service', exact: true }).fill('ac-inst')
  await page.getByRole('option', { name: 'AC-INST · Instalação de ar-condicionado split' }).click()
  // one of it unless told otherwise: the line's total is there at once
  await expect(line.getByLabel('Quantity')).toHaveValue('1')
  await expect(line.getByRole('status', { name: 'Total' })).toHaveText('R$472.50')
  await page.getByLabel('Deposit on approval (%)').fill('50')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Saved/)
  await expect(page.getByRole('definition').filter({ hasText: 'R$236.25 (50 %)' })).toBeVisible()
  await page.getByRole('button', { name: 'Send to the client' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'The quote is ready' })).toBeVisible()
  const quotePage = page.url()
  const number = (await page.getByRole('heading', { level: 1 }).textContent())!.match(/ORC-[A-Z0-9]+-\d{4}-\d{6}/)![0]
  await page.getByRole('link', { name: /Open the client's page/ }).click()
  await expect(page).toHaveURL(/\/q\/[\w.-]+$/)
  const link = page.url()

  // the client on their phone: the deposit named before they approve, its Pix code at once after
  const phone = await browser.newContext({ baseURL, ...PHONE })
  const client = await phone.newPage()
  await client.goto(link)
  await expect(client.getByText('Ao aprovar, é pedido um sinal de R$ 236,25.')).toBeVisible()
  await client.getByLabel('Seu nome completo').fill('Joana Dourado')
  await client.getByRole('button', { name: 'Aprovar o orçamento' }).tap()
  await expect(client.getByText(/^Aprovado por Joana Dourado em /)).toBeVisible()
  await expect(client.getByRole('heading', { name: 'Pague o sinal · R$ 236,25' })).toBeVisible()
  await expect(client.getByTestId('pix-code')).toHaveValue(/5406236\.25/)
  await expect(client.getByTestId('pix-qr')).toBeVisible()
  await expectAccessible(client, "the client's approved quote with its deposit, at 390 px")

  // the office sees the Pix arrive and records it on the quote
  await page.goto(quotePage)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Quote ${number}`)
  const deposit = page.getByRole('form', { name: 'Record a deposit' })
  await expect(deposit.getByLabel('Amount')).toHaveValue('236.25')
  await deposit.getByLabel('Reference (receipt, transaction id)').fill('E6074694820261204')
  await deposit.getByRole('button', { name: 'Record a deposit' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Deposit recorded' })).toBeVisible()
  await expect(page.getByRole('definition').filter({ hasText: /^R\$236\.25$/ })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Deposit' })).toContainText('E6074694820261204')
  await expectReadsInViews(
    page,
    baseURL!,
    'a quote with its deposit paid',
    page.getByRole('region', { name: 'Deposit' }),
    undefined,
    ALL_VIEWS,
  )
  await client.reload()
  await expect(client.getByText('Sinal de R$ 236,25 recebido. Obrigado!')).toBeVisible()
  await expect(client.getByTestId('pix-code')).toHaveCount(0)

  // converted: the order lists the deposit, and is booked from the tray late in Tiago's day
  await page.setViewportSize({ width: 1440, height: 1000 })
  await page.getByRole('button', { name: 'Convert to a service order' }).click()
  await expect(page.getByText('Quote converted.')).toBeVisible()
  await page.getByRole('link', { name: 'Its service order' }).click()
  const order = (await page.getByRole('heading', { level: 1 }).textContent())!.match(/OS-[A-Z0-9]+-\d{4}-\d{6}/)![0]
  await expect(page.getByRole('region', { name: 'Deposit paid on its quote' })).toContainText(number)
  await expect(page.getByRole('region', { name: 'Deposit paid on its quote' })).toContainText('R$236.25')
  const orderPage = page.url()
  const day = freeThursday()
  await page.goto(`/view/cd_ordemagendamento?view=day&date=${day}`)
  const calendar = page.getByTestId('board-calendar')
  await expect(calendar.locator('.ec-col-head', { hasText: 'Tiago Lima' })).toBeVisible()
  const tray = page.getByTestId('tray')
  await tray
    .locator(`[data-order="${order}"]`)
    .dragTo(calendar, { targetPosition: await slotOf(page, 'Tiago Lima', '5 PM') })
  await expect(page.getByText('Visit booked').first()).toBeVisible()
  // Tiago works until 18:00: the visit ends there, and the list and the calendar say so alike
  const tiago = page
    .getByTestId('agenda')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: /Tiago Lima/ }) })
  await expect(tiago.getByTestId('agenda-visit').filter({ hasText: order })).toContainText(/5:(00|15|30|45) PM–6:00 PM/)

  // the technician on his phone: on his way, on site, the part used, done
  const techPhone = await browser.newContext({ baseURL, ...PHONE })
  const tech = await techPhone.newPage()
  await signIn(tech, DEMO_TECHNICIAN)
  await tech.goto(`/view/cd_techorders?from=${day}`)
  await tech
    .getByTestId('visit')
    .filter({ hasText: order })
    .getByRole('link', { name: new RegExp(order) })
    .tap()
  await expect(tech.getByTestId('splash')).toHaveCount(0)
  await tech.getByRole('button', { name: 'On my way' }).tap()
  await expect(tech.getByText('On your way: the office sees it')).toBeVisible()
  await tech.getByRole('button', { name: 'I am on site' }).tap()
  await expect(tech.getByTestId('visit-status').first()).toHaveText('On site')
  await tech.getByRole('combobox', { name: 'Product' }).fill(product)
  await tech
    .getByRole('listbox', { name: 'Choices' })
    .getByRole('option', { name: new RegExp(product) })
    .tap()
  await tech.getByLabel('Quantity').fill('1')
  await tech.getByRole('button', { name: 'Add part' }).tap()
  await expect(tech.getByTestId('visit-parts')).toContainText(`1 × ${product}`)
  await tech.getByRole('button', { name: 'Done' }).tap()
  await expect(tech.getByTestId('visit-status').first()).toHaveText('Done')
  await techPhone.close()

  // the part left the branch's stock, with the order named
  await page.goto(productPage)
  const moves = page.getByRole('region', { name: 'Stock moves in this branch' })
  await expect(moves.getByRole('row').nth(1)).toContainText(order)
  await expect(page.getByRole('definition').filter({ hasText: /^9$/ }).first()).toBeVisible()

  // completed, the order reads as the order it is; its invoice is credited with the deposit
  await page.goto(orderPage)
  await expect(page.getByTestId('state-badge')).toHaveText('Completed')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Service order ${order}`)
  await page.getByRole('button', { name: 'Invoice', exact: true }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Draft invoice made from the order' })).toBeVisible()
  await page.getByRole('button', { name: 'Issue', exact: true }).click()
  await expect(page.getByTestId('state-badge')).toHaveText('Partially paid')
  const payments = page.getByRole('region', { name: 'Payments' })
  await expect(payments).toContainText(`deposit of ${number}`)
  // the rest, 236.25 plus the part (89.90), by Pix
  const rest = page.getByRole('form', { name: 'Record a payment' })
  await expect(rest.getByLabel('Amount')).toHaveValue('326.15')
  await rest.getByRole('button', { name: 'Record a payment' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Payment recorded.' })).toBeVisible()
  await expect(page.getByTestId('state-badge')).toHaveText('Paid')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Invoice FAT-/)
  await expect(page.locator('fieldset[disabled]')).toHaveCount(0)
  await expectReadsInViews(page, baseURL!, 'an invoice paid by a deposit and the rest', payments, undefined, ALL_VIEWS)
  await phone.close()
})
