import { expect, test } from './fixtures'
import { DEMO_ADMIN, DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { MODULES } from '../../domain/modules/index.ts'
import { expectAccessible, signIn } from './helpers.ts'
import { solidPng } from '../shared/png.ts'
import { SEED_NOW } from '../../seeds/random.ts'
import { DEMO_TIME_ZONE } from '../../playwright.config.ts'

test('the notifications panel toggles read, marks all as read, removes items and shows its empty state', async ({
  page,
}) => {
  await signIn(page)
  const panel = page.getByTestId('notifications-panel')
  await expect(page.getByTestId('notifications-badge')).toHaveText('3')
  await panel.locator('summary').click()
  await expect(panel.getByRole('heading', { name: 'Notifications' })).toBeVisible()
  await expect(panel.getByTestId('panel-item')).toHaveCount(10)
  // the newest demo notice, half an hour before the demo's moment, in the demo company's zone (8:30 AM in São Paulo)
  const newest = new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: DEMO_TIME_ZONE,
  }).format(SEED_NOW - 30 * 60_000)
  await expect(panel.getByText(newest)).toBeVisible()
  // an unread item marked read, then unread again
  await panel.getByRole('button', { name: 'Mark as read' }).first().click()
  await expect(page.getByTestId('notifications-badge')).toHaveText('2')
  await panel.getByRole('button', { name: 'Mark as unread' }).first().click()
  await expect(page.getByTestId('notifications-badge')).toHaveText('3')
  // mark all: the badge goes and the button is disabled
  await panel.getByRole('button', { name: 'Mark all as read' }).click()
  await expect(page.getByTestId('notifications-badge')).toHaveCount(0)
  await expect(panel.getByRole('button', { name: 'Mark all as read' })).toBeDisabled()
  // remove every item: the empty state
  for (let left = 10; left > 0; left--) {
    await panel.getByRole('button', { name: 'Remove' }).first().click()
    await expect(panel.getByTestId('panel-item')).toHaveCount(left - 1)
  }
  await expect(panel.getByText('No notifications')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(panel.getByText('No notifications')).toBeHidden()
  await page.reload()
  await panel.locator('summary').click()
  await expect(panel.getByText('No notifications')).toBeVisible()
})

test('the demo admin reads the notifications in his language: English, then Portuguese once he picks Português', async ({
  page,
  baseURL,
}) => {
  await signIn(page, DEMO_ADMIN)
  const panel = page.getByTestId('notifications-panel')
  const read = async (title: string, description: string, what: string) => {
    for (const scheme of ['light', 'dark'] as const) {
      await page.context().addCookies([{ name: 'scheme', value: scheme, url: baseURL! }])
      await page.reload()
      await expect(page.locator('html')).toHaveAttribute('data-scheme', scheme)
      await panel.locator('summary').click()
      // the demo's notice (other tests of the run may have added newer ones above it)
      await expect(panel.getByTestId('panel-item').filter({ hasText: title })).toContainText(description)
      await expectAccessible(page, `${what}, ${scheme}`)
      await page.keyboard.press('Escape')
    }
  }
  await read('Daily summary', 'Your daily visit summary is ready', 'the notifications in English')
  await page.getByLabel('Language').selectOption({ label: 'Português' })
  await expect(page.getByLabel('Idioma')).toBeVisible()
  // opened again on the same page: the panel asks anew, in the new language
  await panel.locator('summary').click()
  await expect(panel.getByTestId('panel-item').filter({ hasText: 'Resumo do dia' })).toBeVisible()
  await page.keyboard.press('Escape')
  await read('Resumo do dia', 'Seu resumo de visitas do dia está pronto', 'the notifications in Portuguese')
  await expect(panel.getByText('Daily summary')).toHaveCount(0)
  // the language is stored on the person: back to English and light for the tests that follow
  await page.getByLabel('Idioma').selectOption('en')
  await expect(page.getByLabel('Language')).toBeVisible()
})

test('the messages panel shows its times in the user language', async ({ page }) => {
  await signIn(page)
  await page.getByLabel('Language').selectOption('pt')
  const panel = page.getByTestId('messages-panel')
  await panel.locator('summary').click()
  await expect(panel.getByRole('heading', { name: 'Mensagens' })).toBeVisible()
  await expect(panel.getByText(/^01 de nov\./).first()).toBeVisible()
  await page.getByLabel('Idioma').selectOption('en')
})

test('the user menu shows who is signed in and saves a status change', async ({ page }) => {
  await signIn(page)
  const menu = page.getByTestId('user-menu')
  await menu.locator('summary').click()
  await expect(menu.getByText('Signed in as')).toBeVisible()
  await expect(menu.getByText(DEMO_TECHNICIAN.email)).toBeVisible()
  await expect(menu.getByRole('link', { name: 'Profile' })).toBeVisible()
  await expect(menu.getByRole('button', { name: 'Sign out' })).toBeVisible()
  // the dot follows at once; the reload waits for the save's answer (a reload before it would cancel it)
  const saved = page.waitForResponse((r) => r.url().includes('/resources/panel') && r.request().method() === 'POST')
  await menu.getByRole('button', { name: 'Busy' }).click()
  await expect(page.getByTestId('status-dot')).toHaveAttribute('data-status', 'busy')
  await expect(page.getByTestId('status-dot')).toHaveClass(/bg-red-500/)
  await saved
  await page.reload()
  await expect(page.getByTestId('status-dot')).toHaveAttribute('data-status', 'busy')
  await page.getByTestId('user-menu').locator('summary').click()
  await page.getByTestId('user-menu').getByRole('button', { name: 'Online' }).click()
  await expect(page.getByTestId('status-dot')).toHaveAttribute('data-status', 'online')
})

test('search is a combobox: a hint below 2 letters, records with pages of their own once each, arrow keys, Enter and Escape', async ({
  page,
}) => {
  await signIn(page, DEMO_ADMIN)
  const box = page.getByRole('combobox', { name: 'Search' })
  await box.fill('a')
  await expect(page.getByTestId('search-hint')).toHaveText('Type at least 2 letters to search.')
  await page.waitForTimeout(500)
  await expect(page.getByTestId('search-results')).toHaveCount(0)
  await box.fill('an')
  const results = page.getByRole('listbox', { name: 'Search' })
  await expect(box).toHaveAttribute('aria-expanded', 'true')
  await expect(results.getByRole('group', { name: 'Clients' })).toBeVisible()
  await expect(results.getByRole('group', { name: 'Pages' })).toBeVisible()
  // the admin finds people of the company too; demo contacts and tasks have no page: not offered
  await expect(results.getByRole('group', { name: 'Users' }).getByRole('option', { name: /Ana Costa/ })).toContainText(
    'admin@demo.fieldservice.app',
  )
  await expect(results.getByRole('group', { name: 'Contacts' })).toHaveCount(0)
  await expect(results.getByRole('group', { name: 'Tasks' })).toHaveCount(0)
  // every option once, each with a page of its own
  const links = await results.getByRole('option').evaluateAll((options) => options.map((o) => o.getAttribute('href')))
  expect(new Set(links).size).toBe(links.length)
  expect(links.every((l) => l!.startsWith('/view/'))).toBe(true)
  // branches by name
  await box.fill('Campinas')
  await expect(results.getByRole('group', { name: 'Branches' }).getByRole('option', { name: /Campinas/ })).toBeVisible()
  // the keyboard: down to the first option, Enter opens it
  await box.fill('ORC-SAO-2026-000007')
  await expect(results.getByRole('option', { name: /^ORC-SAO-2026-000007/ })).toBeVisible()
  await box.press('ArrowDown')
  const first = results.getByRole('option').first()
  await expect(first).toHaveAttribute('aria-selected', 'true')
  await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!)
  await box.press('Enter')
  await expect(page).toHaveURL(/\/view\/cd_cotacao\/[\w-]{36}$/)
  // a sent quote opens as a document, titled with its number
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quote ORC-SAO-2026-000007')
  // Escape closes the list, a second Escape clears the box
  await box.fill('zzzz-nothing')
  await expect(page.getByRole('status').filter({ hasText: 'No results found!' })).toBeVisible()
  await expect(box).toHaveAttribute('aria-expanded', 'false')
  await box.press('Escape')
  await expect(page.getByTestId('search-empty')).toHaveCount(0)
  await box.press('Escape')
  await expect(box).toHaveValue('')
})

test('the profile page saves name, language and status, and changes the password with the current one', async ({
  page,
}) => {
  await signIn(page, DEMO_ADMIN)
  await page.getByTestId('user-menu').locator('summary').click()
  await page.getByRole('link', { name: 'Profile' }).click()
  await expect(page).toHaveURL(/\/view\/myaccount$/)
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible()
  await page.getByLabel('Full name').fill('Ana Maria Costa')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('status')).toHaveText('Your profile was saved.')
  await expect(page.getByTestId('user-name')).toHaveText('Ana Maria Costa')
  await page.getByLabel('Current password').fill('wrong-one-entirely')
  await page.getByLabel('New password').fill('a-brand-new-pass')
  await page.getByLabel('Password (Confirm)').fill('a-brand-new-pass')
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByText('The current password is wrong')).toBeVisible()
  await page.getByLabel('Current password').fill(DEMO_ADMIN.password)
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByText('Your password was changed. Other sessions were signed out.')).toBeVisible()
  // still signed in with the new session, and the new password works; then put the old one back
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible()
  await page.getByLabel('Current password').fill('a-brand-new-pass')
  await page.getByLabel('New password').fill(DEMO_ADMIN.password)
  await page.getByLabel('Password (Confirm)').fill(DEMO_ADMIN.password)
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByText('Your password was changed. Other sessions were signed out.')).toBeVisible()
  await page.getByLabel('Full name').fill('Ana Costa')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('user-name')).toHaveText('Ana Costa')
})

test('colour scheme and theme are kept per user and rendered by the server', async ({ page, browser }) => {
  await signIn(page)
  await page.goto('/view/myaccount')
  await page.getByLabel('Colour scheme').selectOption('dark')
  await page.getByLabel('Theme').selectOption('teal')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('status')).toHaveText('Your profile was saved.')
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await expect(page.locator('html')).toHaveClass(/\btheme-teal\b/)
  // the server sends the classes (no flash): check the raw HTML of the next page
  const html = await (await page.request.get('/view/home')).text()
  expect(html).toMatch(/<html[^>]*class="h-full theme-teal dark"/)
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
  expect(background).toBe('rgb(2, 6, 23)')
  // another browser: signing in brings the user's appearance along
  const other = await browser.newPage()
  await signIn(other)
  await expect(other.locator('html')).toHaveClass(/\bdark\b.*|.*\btheme-teal\b/)
  await expect(other.locator('html')).toHaveAttribute('data-scheme', 'dark')
  // automatic follows the system, live
  await page.getByLabel('Colour scheme').selectOption('auto')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.locator('html')).toHaveClass(/\bscheme-auto\b/)
  await page.emulateMedia({ colorScheme: 'light' })
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(241, 245, 249)')
  await page.emulateMedia({ colorScheme: 'dark' })
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(2, 6, 23)')
  await page.getByLabel('Colour scheme').selectOption('light')
  await page.getByLabel('Theme').selectOption('default')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.locator('html')).toHaveClass('h-full theme-default')
  await other.close()
})

test('the shortcuts panel moves between view, modify, add and edit, with the form rules', async ({ page }) => {
  await signIn(page)
  const panel = page.getByTestId('shortcuts-panel')
  await panel.locator('summary').click()
  await expect(panel.getByRole('heading', { name: 'Shortcuts' })).toBeVisible()
  // the technician is offered the 5 of his 8 shortcuts whose pages he may open (not Quotes, Invoices, Reports); the demo shortcuts read in his language, English
  await expect(panel.getByTestId('shortcut-list').getByRole('listitem')).toHaveCount(5)
  await expect(panel.getByRole('link', { name: /Quotes/ })).toHaveCount(0)
  // view → add → cancel back to view
  await panel.getByRole('button', { name: 'Add shortcut' }).click()
  await expect(panel.getByRole('heading', { name: 'Shortcuts - Add new' })).toBeVisible()
  const add = panel.getByRole('button', { name: 'Add', exact: true })
  await expect(add).toBeDisabled()
  await panel.getByLabel('Label').fill('Jobs')
  await panel.getByLabel('Icon').fill('heroicons_outline:briefcase')
  await expect(add).toBeDisabled()
  await panel.getByRole('button', { name: 'Cancel' }).click()
  await expect(panel.getByRole('heading', { name: 'Shortcuts', exact: true })).toBeVisible()
  // view → add → save → modify
  await panel.getByRole('button', { name: 'Add shortcut' }).click()
  await panel.getByLabel('Label').fill('Jobs')
  await panel.getByLabel('Icon').fill('heroicons_outline:briefcase')
  await panel.getByLabel('Link').fill('/view/cd_job')
  await add.click()
  await expect(panel.getByRole('button', { name: 'Exit edit mode' })).toBeVisible()
  await expect(panel.getByTestId('shortcut-list').getByRole('listitem')).toHaveCount(9)
  // modify → edit → update → modify
  await panel.getByRole('button', { name: /Jobs/ }).click()
  await expect(panel.getByRole('heading', { name: 'Shortcuts - Editing' })).toBeVisible()
  await panel.getByLabel('Label').fill('Service catalogue')
  await panel.getByRole('button', { name: 'Update' }).click()
  await expect(panel.getByRole('button', { name: /Service catalogue/ })).toBeVisible()
  // modify → edit → delete → modify; then exit to view
  await panel.getByRole('button', { name: /Service catalogue/ }).click()
  await panel.getByRole('button', { name: 'Delete' }).click()
  await expect(panel.getByTestId('shortcut-list').getByRole('listitem')).toHaveCount(8)
  await panel.getByRole('button', { name: 'Exit edit mode' }).click()
  await expect(panel.getByRole('button', { name: 'Enter edit mode' })).toBeVisible()
  await expect(panel.getByRole('link', { name: /Clients/ })).toHaveAttribute('href', '/view/cd_cliente')
})

test('the navigation lists every module of the registry, each with a titled page and its breadcrumb', async ({
  page,
}) => {
  await signIn(page, DEMO_ADMIN)
  const nav = page.getByRole('navigation', { name: 'Navigation' })
  const links = nav.getByRole('link')
  // Home and a page per module of the one list (the admin opens them all)
  await expect(links).toHaveCount(MODULES.length + 1)
  for (const [name, path] of [
    ['Clients', '/view/cd_cliente'],
    ['Invoices', '/view/cd_invoice'],
    ['User pages', '/view/ac_usuariospaginas'],
  ]) {
    await nav.getByRole('link', { name }).click()
    await expect(page).toHaveURL(new RegExp(`${path}$`))
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByText(name)).toHaveAttribute(
      'aria-current',
      'page',
    )
    await expect(page).toHaveTitle(`${name} · Fieldwise`)
  }
  const missing = await page.goto('/view/not_a_module')
  expect(missing?.status()).toBe(404)
  expect((await page.goto('/apps/contacts'))?.status()).toBe(404)
})

test('the company logo is changed through the upload dialog, with its validations', async ({ page }) => {
  const png = Buffer.from(solidPng(1, 1, [37, 99, 235]))
  await signIn(page, DEMO_ADMIN)
  await page.getByTestId('company-logo').click()
  const dialog = page.getByRole('dialog', { name: 'Upload Company Logo' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByText('This image is used in places like the invoice.')).toBeVisible()
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('No file selected.')
  await dialog
    .getByLabel('Select File')
    .setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) })
  await expect(dialog.getByText('Selected File: huge.png')).toBeVisible()
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('File size exceeds the limit of 5 MB.')
  await dialog.getByLabel('Select File').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png })
  await expect(dialog.getByRole('img', { name: 'logo.png' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('toast')).toHaveText(/File uploaded successfully/)
  const logo = page.getByTestId('company-logo').locator('img')
  await expect(logo).toHaveAttribute('src', /^\/api\/files\/1\/[0-9a-f-]{36}\/logo\.png$/)
  const src = await logo.getAttribute('src')
  expect((await page.request.get(src!)).status()).toBe(200)
  // the user's avatar shows the new image too, without a reload
  await expect(page.locator('aside img').last()).toHaveAttribute('src', src!)
  // Cancel closes without changing anything
  await page.getByTestId('company-logo').click()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
})

test('the upload dialog refuses work while uploading, clears a picked file and deletes the logo after a confirmation', async ({
  page,
}) => {
  const png = Buffer.from(solidPng(1, 1, [37, 99, 235]))
  await signIn(page, DEMO_ADMIN)
  const dialog = page.getByRole('dialog', { name: 'Upload Company Logo' })
  // a slow network: the upload takes a second and a half
  await page.route('**/resources/upload*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await route.continue()
  })
  await page.getByTestId('company-logo').click()
  await dialog.getByLabel('Select File').setInputFiles({ name: 'second.png', mimeType: 'image/png', buffer: png })
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByRole('button', { name: 'Sending...' })).toBeDisabled()
  await dialog.locator('button', { hasText: 'Select File' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('File is currently uploading, please wait.')
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('File is currently uploading, please wait.')
  await expect(dialog).toBeHidden()
  await page.unroute('**/resources/upload*')
  const logo = page.getByTestId('company-logo').locator('img')
  await expect(logo).toHaveAttribute('src', /\/second\.png$/)
  const src = (await logo.getAttribute('src'))!

  // a picked file is only cleared by Delete: nothing is sent
  await page.getByTestId('company-logo').click()
  await dialog.getByLabel('Select File').setInputFiles({ name: 'third.png', mimeType: 'image/png', buffer: png })
  await expect(dialog.getByText('Selected File: third.png')).toBeVisible()
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(dialog.getByText('Selected File: third.png')).toBeHidden()
  await expect(dialog.getByRole('img', { name: 'third.png' })).toHaveCount(0)

  // the saved logo goes only after the confirmation; dismissing it keeps the logo
  page.once('dialog', (confirm) => void confirm.dismiss())
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(logo).toHaveAttribute('src', src)
  page.once('dialog', (confirm) => {
    expect(confirm.message()).toBe('Delete the company logo? The default logo will be shown instead.')
    void confirm.accept()
  })
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'File deleted successfully' })).toBeVisible()
  await expect(logo).toHaveCount(0)
  expect((await page.request.get(src)).status()).toBe(404)
  await expect(dialog.getByText('No image selected')).toBeVisible()
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('No file to delete')
})

test('a user who may not change the company logo is told why, next to the file in the dialog', async ({ page }) => {
  const png = Buffer.from(solidPng(1, 1, [37, 99, 235]))
  await signIn(page)
  await page.getByTestId('company-logo').click()
  const dialog = page.getByRole('dialog', { name: 'Upload Company Logo' })
  await dialog.getByLabel('Select File').setInputFiles({ name: 'mine.png', mimeType: 'image/png', buffer: png })
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByRole('alert')).toHaveText(/You may not change the company logo\./)
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled()
  await expect(page.getByTestId('company-logo').locator('img')).toHaveCount(0)
})

test('the profile picture is changed and removed through the upload dialog', async ({ page }) => {
  const png = Buffer.from(solidPng(1, 1, [37, 99, 235]))
  await signIn(page)
  await page.goto('/view/myaccount')
  await page.getByRole('button', { name: 'Change picture' }).click()
  const dialog = page.getByRole('dialog', { name: 'Upload Profile Picture' })
  await expect(dialog.getByText('Shown beside your name across the app.')).toBeVisible()
  await expect(dialog.getByLabel('Select File')).toHaveAttribute('accept', 'image/*')
  await dialog.getByLabel('Select File').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png })
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('toast')).toHaveText(/File uploaded successfully/)
  const picture = page.getByTestId('profile-avatar').locator('img')
  await expect(picture).toHaveAttribute('src', /\/api\/files\/1\/[0-9a-f-]{36}\/me\.png$/)
  // the header's user menu shows it too, without a reload
  await expect(page.getByTestId('user-menu').locator('img')).toHaveAttribute(
    'src',
    (await picture.getAttribute('src'))!,
  )
  await page.getByRole('button', { name: 'Change picture' }).click()
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'File deleted successfully' })).toBeVisible()
  await expect(picture).toHaveCount(0)
  await expect(page.getByTestId('profile-avatar')).toHaveText(/^[A-Z]{2}$/)
})

test('a session that ended elsewhere sends the next click to sign-in with "Refresh token failed"', async ({
  page,
  context,
  request,
}) => {
  await signIn(page)
  const token = (await context.cookies()).find((c) => c.name === 'token')!.value
  // signed out from another device: the session is revoked on the server
  expect((await request.post('/api/auth/sign-out', { headers: { authorization: `Bearer ${token}` } })).ok()).toBe(true)
  await page.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'Clients' }).click()
  await expect(page).toHaveURL(/\/sign-in\?redirectURL=%2Fview%2Fcd_cliente$/)
  await expect(page.getByTestId('toast')).toHaveText(/Refresh token failed: your session has ended/)
  expect((await context.cookies()).find((c) => c.name === 'token')).toBeUndefined()
})

test('while a slow start runs the page the server drew stays in sight under a loading bar, which goes when the first navigation ends', async ({
  page,
}) => {
  await page.goto('/sign-in')
  await expect(page.getByTestId('splash')).toBeHidden()
  // the app's entry script arrives two seconds late
  await page.route(/\/assets\/entry\.client-.*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2000))
    await route.continue()
  })
  await page.goto('/sign-in', { waitUntil: 'commit' })
  const splash = page.getByTestId('splash')
  await expect(splash).toBeVisible()
  // nothing hides the page meanwhile: the splash is clear, and the form is there to read
  expect(await splash.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgba(0, 0, 0, 0)')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeInViewport()
  await expect(splash).toBeHidden({ timeout: 10_000 })
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
})

test('a panel change the server refuses is told in a toast', async ({ page, context, baseURL }) => {
  await signIn(page, DEMO_ADMIN)
  const panel = page.getByTestId('messages-panel')
  await panel.locator('summary').click()
  const first = panel.getByTestId('panel-item').first()
  await expect(first).toBeVisible()
  // meanwhile the page's company became one the user does not hold: the BFF refuses (403)
  await context.addCookies([{ name: 'currentEmpresa', value: '999', url: baseURL! }])
  await first.getByRole('button', { name: 'Remove' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Unexpected error!/)
  await expect(page).not.toHaveURL(/toast=/)
  // the frame then starts again from the user's own company
  await expect(page.getByTestId('tenant')).toBeVisible()
})

test('a refused branch switch is told in a toast and changes nothing', async ({ page }) => {
  await signIn(page)
  // the technician's switcher offers his company's branches; a tampered value asks for another company's
  await page.getByLabel('Company and branch').evaluate((select: HTMLSelectElement) => {
    select.options[0].value = '2:4'
    select.selectedIndex = 0
    select.form!.requestSubmit()
  })
  await expect(page.getByTestId('toast')).toHaveText(/This company or branch is not available to you\./)
  await expect(page).not.toHaveURL(/toast=/)
  await expect(page.getByTestId('tenant')).toHaveText('You are working in Acme Field Services — São Paulo (Matriz).')
  await page.getByTestId('toast').getByRole('button', { name: 'Dismiss' }).click()
  await expect(page.getByTestId('toast')).toHaveCount(0)
})

test('the scroll position is restored on going back, and a new page starts at the top', async ({ page }) => {
  await signIn(page)
  await page.setViewportSize({ width: 1280, height: 400 })
  await page.goto('/view/myaccount')
  await page.evaluate(() => window.scrollTo(0, 300))
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300)
  await page.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'Clients' }).click()
  await expect(page).toHaveURL(/\/view\/cd_cliente$/)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  await page.goBack()
  await expect(page).toHaveURL(/\/view\/myaccount$/)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300)
})
