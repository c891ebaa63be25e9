import { expect, test } from '@playwright/test'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'
import { expectAccessible, signIn } from './helpers.ts'

// The scenario, end to end in the browser: an admin creates a company, a branch and a
// technician with a restricted page set; the technician sees only those pages and gets 403 on
// another; the admin disables the technician, whose next click signs them out.
test('an admin sets up a company, a branch and a restricted technician, then disables them', async ({ browser }) => {
  const admin = await (await browser.newContext()).newPage()
  await signIn(admin, DEMO_ADMIN)

  // the company: refused with a wrong CNPJ (the error next to its field), saved with a valid one
  await admin.goto('/view/ac_empresas')
  await expect(admin.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible()
  await expectAccessible(admin, 'companies list')
  await admin.getByRole('link', { name: 'New' }).click()
  await admin.getByLabel('Trade name').fill('Globex Field Co')
  await admin.getByLabel('Legal name').fill('Globex Serviços de Campo Ltda')
  await admin.getByLabel('CNPJ').fill('11.222.333/0001-82')
  await admin.getByLabel('Time zone').selectOption('America/Sao_Paulo')
  await admin.getByRole('button', { name: 'Save' }).click()
  await expect(admin.getByText('Enter a valid CNPJ (14 digits with correct check digits)')).toBeVisible()
  await expect(admin.getByLabel('CNPJ')).toHaveAttribute('aria-invalid', 'true')
  await expectAccessible(admin, 'company form with errors')
  await admin.getByLabel('CNPJ').fill('11.222.333/0001-81')
  await admin.getByRole('button', { name: 'Save' }).click()
  await expect(admin).toHaveURL(/\/view\/ac_empresas$/)
  await expect(admin.getByTestId('toast')).toHaveText(/Saved/)
  await expect(admin.getByTestId('data-row').filter({ hasText: 'Globex Field Co' })).toBeVisible()

  // work in the new company: its main branch was made with it
  await admin.getByLabel('Company and branch').selectOption({ label: 'Globex Field Co — Globex Field Co' })
  await expect(admin.getByText('Company changed to Globex Field Co')).toBeVisible()

  // a second branch
  await admin.goto('/view/cd_filial')
  await admin.getByRole('link', { name: 'New' }).click()
  await admin.getByLabel('Branch name').fill('Globex North')
  await admin.getByLabel('Number prefix').fill('GN')
  await admin.getByLabel('Time zone').selectOption('America/Sao_Paulo')
  await admin.getByRole('button', { name: 'Save' }).click()
  await expect(admin.getByTestId('data-row')).toHaveCount(2)

  // the technician, in that branch
  await admin.goto('/view/ac_usuarios/new')
  await admin.getByLabel('Name').fill('Tomás Field')
  await admin.getByLabel('E-mail').fill('tomas@globex.example')
  await admin.getByLabel('Initial password').fill('tomas-password-2026')
  await admin.getByLabel('Role').selectOption('technician')
  await admin.getByLabel('Branch', { exact: true }).selectOption({ label: 'Globex North' })
  await admin.getByRole('button', { name: 'Save' }).click()
  await expect(admin.getByTestId('data-row').filter({ hasText: 'tomas@globex.example' })).toBeVisible()

  // his pages: technician work only (the preset's others taken away)
  await admin.goto('/view/ac_usuariospaginas')
  await admin.getByRole('link', { name: 'Tomás Field' }).click()
  await expect(admin.getByRole('heading', { name: 'Page access of Tomás Field' })).toBeVisible()
  for (const page of ['Clients', 'Jobs', 'Service orders', 'Scheduling']) await admin.getByLabel(`Level: ${page}`).selectOption('none')
  await admin.getByRole('button', { name: 'Save' }).click()
  await expect(admin.getByTestId('toast')).toHaveText(/Saved/)
  await expectAccessible(admin, 'page access matrix')

  // the technician sees only his page, and a 403 for another by its address
  const tech = await (await browser.newContext()).newPage()
  await signIn(tech, { email: 'tomas@globex.example', password: 'tomas-password-2026' })
  const nav = tech.getByRole('navigation', { name: 'Navigation' })
  await expect(nav.getByRole('link')).toHaveText(['Home', 'Technician work'])
  await expect(tech.getByTestId('tenant')).toHaveText('You are working in Globex Field Co — Globex North.')
  const refused = await tech.goto('/view/cd_cliente')
  expect(refused?.status()).toBe(403)
  await expect(tech.getByRole('heading', { name: 'Access denied' })).toBeVisible()
  expect((await tech.goto('/view/ac_usuarios'))?.status()).toBe(403)
  await tech.goto('/view/home')

  // the admin disables him (after a confirmation); his next click signs him out
  await admin.goto('/view/ac_usuarios')
  await admin.getByRole('link', { name: 'Tomás Field' }).click()
  await admin.getByRole('link', { name: 'Deactivate' }).click()
  await expect(admin.getByRole('alertdialog')).toContainText('Deactivate Tomás Field?')
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click()
  await expect(admin.getByTestId('toast')).toHaveText(/Deactivated/)
  await expect(admin.getByTestId('data-row').filter({ hasText: 'tomas@globex.example' })).toHaveCount(0)

  await tech.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'Technician work' }).click()
  await expect(tech).toHaveURL(/\/sign-in\?redirectURL=%2Fview%2Fcd_techorders/)
  await expect(tech.getByTestId('toast')).toHaveText(/Refresh token failed/)

  // back to the demo company, as the other tests expect the admin's pick
  await admin.goto('/view/home')
  await admin.getByLabel('Company and branch').selectOption({ label: 'Acme Field Services — São Paulo (Matriz)' })
  await expect(admin.getByTestId('tenant')).toHaveText('You are working in Acme Field Services — São Paulo (Matriz).')
})

test('an edit of a record someone changed meanwhile is refused with a clear message', async ({ browser }) => {
  const first = await browser.newPage()
  const second = await browser.newPage()
  await signIn(first, DEMO_ADMIN)
  await signIn(second, DEMO_ADMIN)
  await first.goto('/view/cd_filial')
  await first.getByRole('link', { name: 'Rio de Janeiro' }).first().click()
  await expect(first).toHaveURL(/\/view\/cd_filial\/3$/)
  await expect(first.getByLabel('Branch name')).toHaveValue('Rio de Janeiro')
  await second.goto('/view/cd_filial/3')
  await second.getByLabel('Branch name').fill('Rio de Janeiro Centro')
  await second.getByRole('button', { name: 'Save' }).click()
  await expect(second.getByTestId('toast')).toHaveText(/Saved/)
  await first.getByLabel('Branch name').fill('Rio (overwritten)')
  await first.getByRole('button', { name: 'Save' }).click()
  await expect(first.getByRole('alert').filter({ hasText: 'This record was changed by someone else meanwhile.' })).toBeVisible()
  await first.getByRole('link', { name: 'Reload the record' }).click()
  await expect(first.getByLabel('Branch name')).toHaveValue('Rio de Janeiro Centro')
  // the seed's name again, for the other tests
  await first.getByLabel('Branch name').fill('Rio de Janeiro')
  await first.getByRole('button', { name: 'Save' }).click()
  await expect(first.getByTestId('toast')).toHaveText(/Saved/)
})

test('the list searches, sorts, pages and exports', async ({ page }) => {
  await signIn(page, DEMO_ADMIN)
  await page.goto('/view/ac_paginas')
  await expect(page.getByTestId('data-row')).toHaveCount(14)
  await page.getByRole('link', { name: 'Route' }).click()
  await expect(page).toHaveURL(/sort=module&order=asc/)
  await expect(page.getByTestId('data-row').first()).toContainText('ac_empresas')
  await page.getByRole('link', { name: 'Route' }).click()
  await expect(page.getByTestId('data-row').first()).toContainText('cd_techorders')
  await page.getByLabel('Search the list').fill('invoice')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByTestId('data-row')).toHaveCount(1)
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Export CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe('ac_paginas.csv')
  const text = await (await file.createReadStream()).toArray()
  expect(Buffer.concat(text).toString()).toMatch(/^module,title_en,title_es,title_pt,group,order,active\r\ncd_invoice,Invoices,/)
})
