import { expect, test } from './fixtures'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'
import { ALL_VIEWS, downloaded, expectReadsInViews, signIn, workInDemoCompany } from './helpers.ts'

// The owner's reports (docs/domain.md "Reports"): revenue month by month, a chart drawn on the server and its table.

test('the owner reads revenue month by month as a chart and a table, picks the months, and takes it as a CSV', async ({
  page,
  baseURL,
}) => {
  await signIn(page, DEMO_ADMIN)
  await workInDemoCompany(page)
  await page.getByRole('navigation').getByRole('link', { name: 'Reports' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible()
  const revenue = page.getByRole('region', { name: 'Revenue by month' })
  // the last 12 months: a row each and the total; the demo's invoices were issued this month and the last
  const rows = revenue.getByRole('table').locator('tbody tr')
  await expect(rows).toHaveCount(12)
  const chart = revenue.getByRole('img', { name: 'Invoiced and collected, month by month' })
  await expect(chart).toBeVisible()
  expect(await chart.locator('rect').count()).toBeGreaterThan(0)
  const totalInvoiced = await revenue.locator('tfoot td').nth(1).textContent()
  expect(totalInvoiced).toMatch(/^R\$\s?[1-9][\d,.]*$/)
  await expect(chart.locator('desc')).toHaveText(new RegExp(`Invoiced: ${totalInvoiced!.replace(/[$.]/g, '\\$&')}\\.`))

  // months I choose: two of them; the last before the first is named, and the year shown
  await page.getByLabel('Period').selectOption('custom')
  const month = (n: number) => {
    const d = new Date()
    d.setUTCDate(1)
    d.setUTCMonth(d.getUTCMonth() + n)
    return d.toISOString().slice(0, 7)
  }
  await page.getByLabel('From month').fill(month(-1))
  await page.getByLabel('To month').fill(month(0))
  await page.getByRole('button', { name: 'Show' }).click()
  await expect(rows).toHaveCount(2)
  await expect(revenue.locator('tfoot td').nth(1)).toHaveText(totalInvoiced!)
  await page.getByLabel('From month').fill(month(0))
  await page.getByLabel('To month').fill(month(-1))
  await page.getByRole('button', { name: 'Show' }).click()
  await expect(page.getByLabel('To month')).toHaveAccessibleDescription('This value is not valid')
  await expect(rows).toHaveCount(12)
  // the months as typed stay in the form, to be put right
  await expect(page.getByLabel('Period')).toHaveValue('custom')
  await expect(page.getByLabel('From month')).toHaveValue(month(0))

  // the CSV of two months, in the reader's language; in Portuguese with ";" and amounts as pt-BR types them
  await page.getByLabel('Period').selectOption('custom')
  await page.getByLabel('From month').fill(month(-1))
  await page.getByLabel('To month').fill(month(0))
  await page.getByRole('button', { name: 'Show' }).click()
  await expect(rows).toHaveCount(2)
  const csv = await downloaded(page, 'Export CSV', page.getByRole('region', { name: 'Revenue by month' }))
  expect(csv.name).toBe(`revenue-${month(-1)}-${month(0)}.csv`)
  const lines = csv.text.split('\r\n')
  expect(lines[0]).toBe('\uFEFFMonth,Invoices,Invoiced,Collected,Average ticket')
  expect(lines.slice(1, 3).map((l) => l.split(',')[0])).toEqual([month(-1), month(0)])
  await page.getByLabel('Language').selectOption('pt')
  await expect(page.getByRole('heading', { level: 1, name: 'Relatórios' })).toBeVisible()
  const pt = await downloaded(page, 'Exportar CSV', page.getByRole('region', { name: 'Faturamento por mês' }))
  expect(pt.text.split('\r\n')[0]).toBe('\uFEFFMês;Faturas;Faturado;Recebido;Ticket médio')
  expect(pt.text.split('\r\n')[1]).toMatch(
    new RegExp(`^${month(-1)};\\d+;[\\d.]+,\\d\\d;[\\d.]+,\\d\\d;[\\d.]+,\\d\\d$`),
  )
  await page.getByLabel('Idioma').selectOption('en')
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible()

  // what clients owe, by age: a row per client that owes, the total of the ages, and its CSV
  const receivables = page.getByRole('region', { name: 'What clients owe, by age' })
  await expect(receivables.getByRole('img', { name: 'Open amounts by days past due' })).toBeVisible()
  const debtors = receivables.getByRole('table', { name: 'What clients owe, by age' }).locator('tbody tr')
  await expect(debtors.first()).toBeVisible()
  const owed = await receivables.locator('tfoot td').last().textContent()
  expect(owed).toMatch(/^R\$\s?[1-9][\d,.]*$/)
  // each open invoice, the longest overdue first, with its reminders
  const late = receivables.getByRole('table', { name: 'Open invoices, the longest overdue first' }).locator('tbody tr')
  await expect(late.first()).toContainText(/FAT-SAO-\d{4}-\d{6}/)
  await expect(late.first().locator('td').last()).toHaveText(/None yet|sent · last/)
  const invoicesCsv = await downloaded(page, 'Export CSV: Open invoices, the longest overdue first', receivables)
  expect(invoicesCsv.name).toBe('open-invoices.csv')
  expect(invoicesCsv.text.split('\r\n')[0]).toBe('\uFEFFInvoice,Client,Due,Days late,Open,Reminders')
  expect(invoicesCsv.text.split('\r\n').filter(Boolean)).toHaveLength((await late.count()) + 1)
  const aged = await downloaded(page, 'Export CSV', receivables)
  expect(aged.name).toBe('receivables.csv')
  expect(aged.text.split('\r\n')[0]).toBe(
    '\uFEFFClient,Invoices,Not due yet,1–30 days,31–60 days,61–90 days,Over 90 days,Total',
  )
  expect(aged.text.split('\r\n').filter(Boolean)).toHaveLength((await debtors.count()) + 1)

  // the cash flow: six months back and six ahead, the current one marked; by week, sixteen weeks
  const cash = page.getByRole('region', { name: 'Cash flow' })
  await expect(cash.getByRole('img', { name: 'Money in and out, and what is expected' })).toBeVisible()
  await expect(cash.locator('tbody tr')).toHaveCount(12)
  await expect(cash.locator('tbody tr[aria-current="date"]')).toHaveCount(1)
  await page.getByLabel('Cash flow by').selectOption('week')
  await page.getByRole('button', { name: 'Show' }).click()
  await expect(cash.locator('tbody tr')).toHaveCount(16)
  await expect(cash.locator('tbody tr').first()).toContainText('Week of')
  const weeks = await downloaded(page, 'Export CSV', cash)
  expect(weeks.name).toBe('cashflow-week.csv')
  expect(weeks.text.split('\r\n')[0]).toBe('\uFEFFPeriod,In,Out,Net,Expected in,Expected out')
  expect(weeks.text.split('\r\n')[1]).toMatch(/^\d{4}-W\d{2},/)

  // quote conversion: the months with quotes sent, approved of sent as a rate, and its CSV
  const quotes = page.getByRole('region', { name: 'Quote conversion' })
  await expect(quotes.getByRole('img', { name: 'Value of the quotes sent and approved, month by month' })).toBeVisible()
  await expect(quotes.locator('tfoot td').last()).toHaveText(/^\d+%$/)
  const conversion = await downloaded(page, 'Export CSV', quotes)
  expect(conversion.name).toMatch(/^quotes-\d{4}-\d{2}-\d{4}-\d{2}\.csv$/)
  expect(conversion.text.split('\r\n')[0]).toBe(
    '\uFEFFMonth,Sent,Value sent,Approved,Value approved,Became orders,Rejected,Approval rate',
  )

  // revenue by service: the demo's services, the shares adding up to the whole
  const services = page.getByRole('region', { name: 'Revenue by service' })
  await expect(services.getByRole('img', { name: 'Invoiced by service' })).toBeVisible()
  const shares = await services.locator('tbody tr td:last-child').allTextContents()
  expect(shares.length).toBeGreaterThan(1)
  expect(Math.round(shares.reduce((n, s) => n + Number(s.replace('%', '')), 0))).toBe(100)

  // technician productivity: the demo technician's visits ended, with the time on site, and his share invoiced
  const crew = page.getByRole('region', { name: 'Technician productivity' })
  await expect(crew.getByRole('img', { name: 'Visits done and not completed, by technician' })).toBeVisible()
  await expect(crew.locator('tbody tr').first()).toContainText(/\d+:\d{2}/)
  await expect(crew.getByRole('columnheader', { name: 'Invoiced' })).toBeVisible()
  await expect(crew.locator('tbody tr').first().locator('td').last()).toHaveText(/^R\$\s?[1-9][\d,.]*$/)

  // open orders by status and age, and its CSV
  const orders = page.getByRole('region', { name: 'Open orders by status and age' })
  await expect(orders.getByRole('img', { name: 'Open orders by status' })).toBeVisible()
  await expect(orders.locator('tbody tr')).toHaveCount(5)
  await expect(orders.locator('tbody tr').first()).toContainText('New')
  const open = await downloaded(page, 'Export CSV', orders)
  expect(open.name).toBe('orders.csv')
  expect(open.text.split('\r\n')[0]).toBe('\uFEFFStatus,Orders,Value,0–7 days,8–30 days,31–60 days,Over 60 days')

  // phone and desktop, light and dark: axe 0, nothing wider than the screen
  await page.goto('/view/cd_reports')
  await expectReadsInViews(page, baseURL!, 'the revenue report', chart, undefined, ALL_VIEWS)
})

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false })
  test('the chart and its table are on the page as the server sends it', async ({ page }) => {
    await page.goto('/sign-in')
    await page.getByLabel('Email address').fill(DEMO_ADMIN.email)
    await page.getByLabel('Password').fill(DEMO_ADMIN.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.goto('/view/cd_reports?period=this-year')
    const revenue = page.getByRole('region', { name: 'Revenue by month' })
    await expect(revenue.getByRole('img', { name: 'Invoiced and collected, month by month' })).toBeVisible()
    await expect(revenue.getByRole('table').locator('tbody tr')).toHaveCount(12)
  })
})
