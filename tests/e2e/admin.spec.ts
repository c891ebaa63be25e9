import { expect, test, type Page } from './fixtures'
import { DEMO_ADMIN, DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { MODULES } from '../../domain/modules/index.ts'
import { expectAccessible, lastLinkTo, signIn, viewAs, workInDemoCompany } from './helpers.ts'

/** On the new-user form: invites a technician to one branch, in English; their record opens, and the list shows them as invited. */
async function inviteTechnician(admin: Page, person: { name: string; email: string; branch: string }) {
  await admin.getByLabel('Name').fill(person.name)
  await admin.getByLabel('E-mail').fill(person.email)
  await admin.getByRole('main').getByLabel('Language').selectOption({ label: 'English' })
  await admin.getByLabel('Role').selectOption('technician')
  await admin.getByLabel('Branch', { exact: true }).selectOption({ label: person.branch })
  await admin.getByRole('button', { name: 'Save' }).click()
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText(`Edit ${person.name}`)
  await expect(admin.getByTestId('toast')).toContainText('Invited.')
  await admin.goto('/view/ac_usuarios')
  await expect(admin.getByTestId('data-row').filter({ hasText: person.email })).toContainText('Invited')
}

// The scenario, end to end in the browser: an admin creates a company, a branch and a
// technician with a restricted page set; the technician sees only those pages and gets 403 on
// another; the admin disables the technician, whose next click finds the company gone.
test('an admin sets up a company, a branch and a restricted technician, then disables them', async ({ browser }) => {
  test.setTimeout(90_000)
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

  // the technician, in that branch: invited (he chooses his own password)
  await admin.goto('/view/ac_usuarios/new')
  await expect(admin.getByLabel('Initial password')).toHaveCount(0)
  await inviteTechnician(admin, { name: 'Tomás Field', email: 'tomas@globex.example', branch: 'Globex North' })

  // his pages: technician work only (the preset's others taken away)
  await admin.goto('/view/ac_usuariospaginas')
  await admin.getByRole('link', { name: 'Tomás Field' }).click()
  await expect(admin.getByRole('heading', { name: 'Page access of Tomás Field' })).toBeVisible()
  for (const page of ['Clients', 'Equipment', 'Services', 'Products', 'Service orders', 'Scheduling'])
    await admin.getByLabel(`Level: ${page}`).selectOption('none')
  await admin.getByRole('button', { name: 'Save' }).click()
  await expect(admin.getByTestId('toast')).toHaveText(/Saved/)
  await expectAccessible(admin, 'page access matrix')

  // the technician follows his invitation's link, chooses a password, and is in
  const tech = await (await browser.newContext()).newPage()
  await tech.goto(lastLinkTo('tomas@globex.example'))
  await expect(tech.getByRole('heading', { name: 'Welcome! Choose your password' })).toBeVisible()
  await expectAccessible(tech, 'invitation page')
  await tech.getByLabel('New password').fill('tomas-password-2026')
  await tech.getByLabel('Password (Confirm)').fill('tomas-password-2026')
  await tech.getByRole('button', { name: 'Save and continue' }).click()
  await expect(tech).toHaveURL(/\/sign-in/)
  await expect(tech.getByText('You are now part of Globex Field Co — sign in with your new password.')).toBeVisible()
  // his e-mail is filled in: the password he just chose is all he types; his first sign-in is welcomed
  await expect(tech.getByLabel('Email address')).toHaveValue('tomas@globex.example')
  await tech.getByLabel('Password').fill('tomas-password-2026')
  await tech.getByRole('button', { name: 'Sign in' }).click()
  await expect(tech.getByRole('heading', { level: 1, name: 'Welcome, Tomás Field!' })).toBeVisible()
  await expect(tech.getByTestId('splash')).toHaveCount(0)
  // he sees only his page, and a 403 for another by its address
  const nav = tech.getByRole('navigation', { name: 'Navigation' })
  await expect(nav.getByRole('link')).toHaveText(['Home', 'Technician work'])
  await expect(tech.getByTestId('tenant')).toHaveText('You are working in Globex Field Co — Globex North.')
  const refused = await tech.goto('/view/cd_cliente')
  expect(refused?.status()).toBe(403)
  await expect(tech.getByRole('heading', { name: 'Access denied' })).toBeVisible()
  expect((await tech.goto('/view/ac_usuarios'))?.status()).toBe(403)
  await tech.goto('/view/home')

  // the admin disables him (after a confirmation); from his next click Globex is not his (his account stays his own)
  await admin.goto('/view/ac_usuarios')
  await admin.getByRole('link', { name: 'Tomás Field' }).click()
  await admin.getByRole('link', { name: 'Deactivate' }).click()
  await expect(admin.getByRole('alertdialog')).toContainText('Deactivate Tomás Field?')
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click()
  await expect(admin.getByTestId('toast')).toHaveText(/Deactivated/)
  await expect(admin.getByTestId('data-row').filter({ hasText: 'tomas@globex.example' })).toHaveCount(0)

  await tech.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'Technician work' }).click()
  await expect(tech.getByRole('heading', { name: 'Access denied' })).toBeVisible()
  await expect(tech.getByText('No branch available')).toBeVisible()
  await expect(tech.getByRole('navigation', { name: 'Navigation' }).getByRole('link')).toHaveText(['Home'])

  // an address that already has an account: the person sees the invitation on their home page, and declines it
  await admin.goto('/view/ac_usuarios/new')
  await admin.getByLabel('Name').fill('Demo Technician')
  await admin.getByLabel('E-mail').fill(DEMO_TECHNICIAN.email)
  await admin.getByLabel('Role').selectOption('technician')
  await admin.getByRole('button', { name: 'Save' }).click()
  await expect(admin.getByTestId('toast')).toContainText('Invited.')
  const demoTech = await (await browser.newContext()).newPage()
  await signIn(demoTech, DEMO_TECHNICIAN)
  const invitations = demoTech.getByRole('region', { name: 'Invitations' })
  await expect(invitations).toContainText('Globex Field Co invited you to work with them as Technician.')
  await expectAccessible(demoTech, 'home with an invitation')
  await invitations.getByRole('button', { name: 'Decline' }).click()
  await expect(demoTech.getByTestId('toast')).toHaveText(/^Invitation declined\./)
  await expect(invitations).toHaveCount(0)

  // back to the demo company, as the other tests expect the admin's pick
  await admin.goto('/view/home')
  await admin.getByLabel('Company and branch').selectOption({ label: 'Acme Field Services — São Paulo (Matriz)' })
  await expect(admin.getByTestId('tenant')).toHaveText('You are working in Acme Field Services — São Paulo (Matriz).')
})

test('deactivating a branch names the people whose only branch it is and asks again; they are told why they cannot work', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const admin = await (await browser.newContext()).newPage()
  await signIn(admin, DEMO_ADMIN)
  await workInDemoCompany(admin)
  await admin.goto('/view/cd_filial/new')
  await admin.getByLabel('Branch name').fill('Santos')
  await admin.getByLabel('Number prefix').fill('SAN')
  await admin.getByRole('button', { name: 'Save' }).click()
  await expect(admin.getByTestId('data-row').filter({ hasText: 'Santos' })).toBeVisible()
  await admin.goto('/view/ac_usuarios/new')
  await inviteTechnician(admin, { name: 'Lia Santos', email: 'lia@acme.example', branch: 'Santos' })
  const lia = await (await browser.newContext()).newPage()
  await lia.goto(lastLinkTo('lia@acme.example'))
  await lia.getByLabel('New password').fill('lia-password-2026')
  await lia.getByLabel('Password (Confirm)').fill('lia-password-2026')
  await lia.getByRole('button', { name: 'Save and continue' }).click()
  await expect(lia).toHaveURL(/\/sign-in/)

  await admin.goto('/view/cd_filial')
  await admin.getByRole('link', { name: 'Santos' }).click()
  await admin.getByRole('link', { name: 'Deactivate' }).click()
  const dialog = admin.getByRole('alertdialog')
  await expect(dialog.getByTestId('deactivate-warning')).toContainText('It is the only branch of the people below.')
  await expect(dialog.getByRole('listitem')).toHaveText(['Lia Santos (lia@acme.example)'])
  await expectAccessible(admin, 'branch deactivation warning')
  await dialog.getByRole('button', { name: 'Deactivate anyway' }).click()
  await expect(admin.getByTestId('toast')).toHaveText(/Deactivated/)
  // her record still shows her branch, inactive as it is: a save keeps it, never "All branches"
  await admin.goto('/view/ac_usuarios')
  await admin.getByRole('link', { name: 'Lia Santos' }).click()
  await expect(admin.getByLabel('Branch', { exact: true }).locator('option:checked')).toHaveText('Santos')

  await signIn(lia, { email: 'lia@acme.example', password: 'lia-password-2026' })
  await expect(lia.getByTestId('tenant')).toHaveText(
    'Your branch Acme Field Services — Santos is inactive, so you cannot work there. Ask an administrator to activate it or to give you another branch.',
  )
})

test('an edit of a record someone changed meanwhile is refused with a clear message', async ({ browser }) => {
  const first = await browser.newPage()
  const second = await browser.newPage()
  await signIn(first, DEMO_ADMIN)
  await signIn(second, DEMO_ADMIN)
  await workInDemoCompany(first)
  await workInDemoCompany(second)
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
  await expect(
    first.getByRole('alert').filter({ hasText: 'This record was changed by someone else meanwhile.' }),
  ).toBeVisible()
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
  // a page per module of the one list
  await expect(page.getByTestId('data-row')).toHaveCount(MODULES.length)
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
  // named after the page as the user reads it, and the day
  expect(file.suggestedFilename()).toMatch(/^pages-\d{4}-\d{2}-\d{2}\.csv$/)
  const text = await (await file.createReadStream()).toArray()
  // the columns and values as the table shows them, in the user's language
  expect(Buffer.concat(text).toString()).toMatch(
    /^\uFEFFOrder,Route,Title \(English\),Group,Status\r\n\d+,cd_invoice,Invoices,Money,Active\r\n$/,
  )
  // in Portuguese: headings and yes / no as the Portuguese table says them, accents intact, and ";" between
  // the fields, as a spreadsheet in pt-BR (where "," is the decimal separator) splits them into columns
  await page.getByLabel('Language').selectOption('pt')
  await expect(page.getByLabel('Idioma')).toBeVisible()
  await page.goto('/view/cd_filial')
  const branches = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Exportar CSV' }).click()
  const csv = Buffer.concat(await (await (await branches).createReadStream()).toArray()).toString()
  expect(csv.split('\r\n')[0]).toBe('\uFEFFCódigo;Nome da filial;Prefixo de numeração;Filial principal;Situação')
  expect(csv).toContain('2;São Paulo (Matriz);SAO;Sim;Ativo\r\n')
  await page.getByLabel('Idioma').selectOption('en')
})

// Issue 31: inviting cannot make an admin by accident, and the office has the link to pass on.
test('an invitation starts on no role, the current branch and the company’s language; the office copies its link; the person joins in Portuguese', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const office = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] })
  const admin = await office.newPage()
  await signIn(admin, DEMO_ADMIN)
  await workInDemoCompany(admin)
  await admin.goto('/view/ac_usuarios/new')
  // no role assumed; where the office works; Acme speaks Portuguese
  await expect(admin.getByLabel('Role').locator('option:checked')).toHaveText('Choose a role')
  await expect(admin.getByLabel('Branch', { exact: true }).locator('option:checked')).toHaveText('São Paulo (Matriz)')
  await expect(admin.getByRole('main').getByLabel('Language').locator('option:checked')).toHaveText('Português')
  await admin.getByLabel('Name').fill('Bia Rocha')
  await admin.getByLabel('E-mail').fill('bia@acme.example')
  await admin.getByRole('button', { name: 'Save' }).click()
  await expect(admin.getByLabel('Role')).toHaveAttribute('aria-invalid', 'true')
  await expect(admin.getByText('This field is required')).toBeVisible()
  await expectAccessible(admin, 'invite form refused without a role')
  await admin.getByLabel('Role').selectOption('dispatcher')
  await admin.getByRole('button', { name: 'Save' }).click()

  // the invited person's record: their link, made afresh, to copy
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Edit Bia Rocha')
  await expect(admin.getByTestId('toast')).toContainText('Invited.')
  const mailed = lastLinkTo('bia@acme.example')
  await admin.getByRole('button', { name: 'Get the invitation link' }).click()
  await expect(admin.getByText('A new invitation link: copy it and send it to the person.')).toBeVisible()
  const field = admin.getByLabel('Invitation link')
  await expect(field).toHaveValue(/\/reset-password\?token=[\w-]{40,}&invited=1$/)
  const link = new URL(await field.inputValue())
  await admin.getByRole('button', { name: 'Copy the link' }).click()
  await expect(admin.getByRole('button', { name: 'Link copied' })).toBeVisible()
  expect(await admin.evaluate(() => navigator.clipboard.readText())).toBe(link.href)
  for (const scheme of ['light', 'dark'] as const) {
    await viewAs(admin, { name: scheme, size: { width: 1440, height: 900 }, scheme }, baseURL!)
    await admin.reload()
    await expectAccessible(admin, `invited person's record (${scheme})`)
  }
  // sent again: without a mail server it says so, with the link to copy
  await admin.getByRole('button', { name: 'Send the invitation again' }).click()
  await expect(admin.getByText('The e-mail could not be sent (no mail server is set up, or it refused).')).toBeVisible()
  const resent = await admin.getByLabel('Invitation link').inputValue()
  await expectAccessible(admin, 'invitation not e-mailed (dark)')

  // the e-mailed link and the copied one are void now: said at once (a void link tells nothing, so in the
  // browser's language, English here); the fresh one speaks hers, Portuguese, whatever the browser's
  const bia = await (await browser.newContext({ locale: 'en-US' })).newPage()
  for (const old of [mailed, link.pathname + link.search]) {
    await bia.goto(old)
    await expect(bia.getByRole('alert')).toHaveText(
      'This invitation link is invalid, has expired or was replaced by a newer one. Ask whoever invited you to send it again.',
    )
    await expect(bia.getByLabel('New password')).toHaveCount(0)
  }
  const fresh = new URL(resent)
  for (const scheme of ['light', 'dark'] as const) {
    await viewAs(bia, { name: scheme, size: { width: 1440, height: 900 }, scheme }, baseURL!)
    await bia.goto(fresh.pathname + fresh.search)
    await expect(bia.locator('html')).toHaveAttribute('lang', 'pt-BR')
    await expect(bia.getByRole('heading', { name: 'Bem-vindo! Escolha sua senha' })).toBeVisible()
    await expect(bia.getByText('A Acme Field Services convidou você para trabalhar com eles.')).toBeVisible()
    await expectAccessible(bia, `invitation page in Portuguese (${scheme})`)
  }
  await bia.getByLabel('Nova senha').fill('bia-password-2026')
  await bia.getByLabel('Senha (confirmar)').fill('bia-password-2026')
  await bia.getByRole('button', { name: 'Salvar e continuar' }).click()
  await expect(bia).toHaveURL(/\/sign-in/)
  await expect(bia.getByText('Agora você faz parte da Acme Field Services — entre com sua nova senha.')).toBeVisible()
  await expect(bia.getByText('Sua senha foi redefinida')).toHaveCount(0)
  await expectAccessible(bia, 'sign-in after joining (dark)')

  // joined: no invitation to pass on any more
  await admin.reload()
  await expect(admin.getByRole('button', { name: 'Get the invitation link' })).toHaveCount(0)
  await viewAs(admin, { name: 'light', size: { width: 1440, height: 900 }, scheme: 'light' }, baseURL!)
})
