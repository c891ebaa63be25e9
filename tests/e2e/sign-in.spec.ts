import { expect, test, type Page } from './fixtures'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'
import { expectAccessible, lastLinkTo } from './helpers.ts'

async function signIn(page: Page, email = DEMO_ADMIN.email, password = DEMO_ADMIN.password) {
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

test('a signed-out visit goes to sign-in and comes back to the page after signing in', async ({ page }) => {
  await page.goto('/view/home')
  await expect(page).toHaveURL(/\/sign-in\?redirectURL=%2Fview%2Fhome$/)
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await signIn(page)
  await expect(page).toHaveURL(/\/view\/home$/)
  await expect(page.getByRole('heading', { name: 'Welcome back, Ana Costa!' })).toBeVisible()
  await expect(page.getByTestId('user-email').first()).toHaveText(DEMO_ADMIN.email)
  await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()}`)
})

test('a wrong password shows the error and keeps the user signed out', async ({ page }) => {
  await page.goto('/sign-in')
  await signIn(page, DEMO_ADMIN.email, 'not-the-password')
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password')
  await expect(page.getByLabel('Email address')).toHaveValue(DEMO_ADMIN.email)
  await page.goto('/view/home')
  await expect(page).toHaveURL(/\/sign-in/)
})

test('a malformed e-mail gets a field error next to the field', async ({ page }) => {
  await page.goto('/sign-in')
  await signIn(page, 'not-an-email', 'x')
  await expect(page.getByText('Please enter a valid email address')).toBeVisible()
  await expect(page.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true')
})

test('switching branch is kept after a reload, and a change of company is flagged', async ({ page }) => {
  await page.goto('/sign-in')
  await signIn(page)
  await expect(page.getByTestId('tenant')).toHaveText('You are working in Acme Field Services — São Paulo (Matriz).')
  // the page has started (hydrated): a select changed before would post nothing
  await expect(page.getByTestId('splash')).toHaveCount(0)
  const switcher = page.getByLabel('Company and branch')
  await switcher.selectOption('1:3')
  await expect(page.getByTestId('tenant')).toHaveText('You are working in Acme Field Services — Rio de Janeiro.')
  await switcher.selectOption('2:4')
  await expect(page.getByRole('status')).toHaveText('Company changed to Northwind Home Services')
  await expect(page.getByTestId('tenant')).toHaveText('You are working in Northwind Home Services — Austin.')
  await page.reload()
  await expect(page.getByTestId('tenant')).toHaveText('You are working in Northwind Home Services — Austin.')
  await expect(page.getByLabel('Company and branch')).toHaveValue('2:4')
  expect(
    await page.evaluate(() => [localStorage.getItem('currentEmpresa'), localStorage.getItem('currentFilial')]),
  ).toEqual(['2', '4'])
})

test('switching language changes the texts and is kept after a reload', async ({ page }) => {
  await page.goto('/sign-in')
  await signIn(page)
  // the home's picker (the sign-in page has one too)
  await expect(page.getByRole('heading', { name: 'Welcome back, Ana Costa!' })).toBeVisible()
  await expect(page.getByTestId('splash')).toHaveCount(0)
  await page.getByLabel('Language').selectOption('es')
  await expect(page.getByRole('heading', { name: '¡Bienvenido de nuevo, Ana Costa!' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-MX')
  await expect(page).toHaveTitle('Inicio · Fieldwise')
  expect(await page.evaluate(() => localStorage.getItem('currentCulture'))).toBe('es-MX')
  await page.reload()
  await expect(page.getByRole('heading', { name: '¡Bienvenido de nuevo, Ana Costa!' })).toBeVisible()
  await page.getByLabel('Idioma').selectOption('pt')
  await expect(page.getByRole('heading', { name: 'Bem-vindo de volta, Ana Costa!' })).toBeVisible()
  await page.getByLabel('Idioma').selectOption('en')
  await expect(page.getByRole('heading', { name: 'Welcome back, Ana Costa!' })).toBeVisible()
})

test("the person's stored language is applied at sign-in, in any browser", async ({ page, browser }) => {
  await page.goto('/sign-in')
  await signIn(page)
  await expect(page.getByRole('heading', { name: 'Welcome back, Ana Costa!' })).toBeVisible()
  await expect(page.getByTestId('splash')).toHaveCount(0)
  await page.getByLabel('Language').selectOption('pt')
  await expect(page.getByRole('heading', { name: 'Bem-vindo de volta, Ana Costa!' })).toBeVisible()
  // another browser, whose pages were English until now
  const other = await (await browser.newContext()).newPage()
  await other.goto('/sign-in')
  await signIn(other)
  await expect(other.getByRole('heading', { name: 'Bem-vindo de volta, Ana Costa!' })).toBeVisible()
  await expect(other.locator('html')).toHaveAttribute('lang', 'pt-BR')
  await other.getByLabel('Idioma').selectOption('en')
  await expect(other.getByRole('heading', { name: 'Welcome back, Ana Costa!' })).toBeVisible()
})

test('signing out takes one click in the user menu and ends the session', async ({ page }) => {
  await page.goto('/sign-in')
  await signIn(page)
  await expect(page).toHaveURL(/\/view\/home$/)
  const picked = () =>
    page.evaluate(() => [localStorage.getItem('currentEmpresa'), localStorage.getItem('currentFilial')])
  // the page's script keeps the company picked once it has taken over the rendered page
  await expect.poll(picked).not.toEqual([null, null])
  await page.getByTestId('user-menu').locator('summary').click()
  const [signedOut] = await Promise.all([
    page.waitForResponse((res) => res.request().method() === 'POST' && res.url().includes('sign-out')),
    page.getByRole('button', { name: 'Sign out' }).click(),
  ])
  await expect(page).toHaveURL(/\/sign-in\?signedOut=1$/)
  await expect(page.getByRole('status')).toHaveText('You have signed out!')
  // the browser drops what it kept of the session: the company picked, its cache of pages and files
  expect((await signedOut.allHeaders())['clear-site-data']).toBe('"cache", "storage"')
  expect(await picked()).toEqual([null, null])
  await page.goto('/view/home')
  await expect(page).toHaveURL(/\/sign-in\?redirectURL=/)
})

test("a sign-out posted from another site, or without the form's token, does not sign out; a typed /sign-out asks first", async ({
  page,
}) => {
  await page.goto('/sign-in')
  await signIn(page)
  await expect(page).toHaveURL(/\/view\/home$/)
  // the browser's cookies go with these posts, as a forged form's would on the same site
  const forged = await page.request.post('/sign-out', { form: { csrf: '' }, maxRedirects: 0 })
  expect(forged.status()).toBe(403)
  const elsewhere = await page.request.post('/sign-out', {
    form: { csrf: 'x'.repeat(32) },
    headers: { origin: 'https://evil.example' },
    maxRedirects: 0,
  })
  expect(elsewhere.status()).toBe(403)
  await page.goto('/view/home')
  await expect(page).toHaveURL(/\/view\/home$/)
  // the address typed: a page that asks, and its button signs out
  await page.goto('/sign-out')
  await expect(page.getByText(/Do you want to sign out of /)).toBeVisible()
  await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/sign-in\?signedOut=1$/)
})

test('a signed-in user opening sign-in goes to the root', async ({ page }) => {
  await page.goto('/sign-in')
  await signIn(page)
  await expect(page).toHaveURL(/\/view\/home$/)
  await page.goto('/sign-in')
  await expect(page).toHaveURL(/\/view\/home$/)
})

test('an unknown address shows the 404 page', async ({ page }) => {
  const res = await page.goto('/no/such/page')
  expect(res?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Oops, 404!' })).toBeVisible()
  // nothing of the repository or the server's settings is served
  for (const path of ['/.git/HEAD', '/.git/config', '/.env', '/package.json', '/build/node/server.js', '/.data/']) {
    const res = await page.request.get(path)
    expect(res.status(), path).toBe(404)
    expect(await res.text(), path).not.toMatch(/\[core\]|ref: refs|JWT_SECRET|"dependencies"|createServer/)
  }
})

test('signing up creates no account until the e-mailed link is used', async ({ page }) => {
  await page.goto('/sign-up')
  await page.getByLabel('Full name').fill('Rita Alves')
  await page.getByLabel('Email address').fill('rita.e2e@example.com')
  await page.getByLabel('Password').fill('short')
  await page.getByLabel('Company', { exact: true }).fill('Alves Cooling')
  await page.getByLabel('I accept the terms of service and the privacy policy').check()
  await page.getByRole('button', { name: 'Create your free account' }).click()
  await expect(page.getByText('Use at least 8 characters')).toBeVisible()
  await page.getByLabel('Password').fill('a-good-long-password')
  await page.getByRole('button', { name: 'Create your free account' }).click()
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible()
  await expect(page.getByText('We sent a link to rita.e2e@example.com. Open it to create Alves Cooling')).toBeVisible()
  // before the link, the account does not exist
  await page.getByRole('link', { name: 'Return to sign in' }).click()
  await signIn(page, 'rita.e2e@example.com', 'a-good-long-password')
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password')
})

test('a common password is refused at its field, in the language of the page', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'culture', value: 'pt', url: baseURL! }])
  await page.goto('/sign-up')
  await page.getByLabel('Nome completo').fill('Rita Alves')
  await page.getByLabel('E-mail').fill('rita.common@example.com')
  await page.getByLabel('Senha').fill('password1234')
  await page.getByLabel('Empresa', { exact: true }).fill('Alves Refrigeração')
  await page.getByLabel('Aceito os termos de serviço e a política de privacidade').check()
  await page.getByRole('button', { name: 'Criar sua conta gratuita' }).click()
  await expect(page.getByText('Esta senha é comum demais: escolha uma mais difícil de adivinhar')).toBeVisible()
  await expect(page.getByLabel('Senha')).toHaveAttribute('aria-invalid', 'true')
  await expect(page).toHaveURL(/\/sign-up$/)
})

test('a locked session is unlocked with the password only', async ({ page }) => {
  await page.goto('/sign-in')
  await signIn(page)
  await expect(page).toHaveURL(/\/view\/home$/)
  await page.goto('/unlock-session')
  await expect(page.getByRole('heading', { name: 'Unlock your session' })).toBeVisible()
  await page.getByLabel('Password').fill('not-it-at-all')
  await page.getByRole('button', { name: 'Unlock your session' }).click()
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password')
  await page.getByLabel('Password').fill(DEMO_ADMIN.password)
  await page.getByRole('button', { name: 'Unlock your session' }).click()
  await expect(page).toHaveURL(/\/view\/home$/)
})

test('forgot password answers the same for any address', async ({ page }) => {
  await page.goto('/forgot-password')
  await page.getByLabel('Email address').fill('nobody@example.com')
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByRole('status')).toHaveText(
    "Password reset sent! You'll receive an email if you are registered on our system.",
  )
})

test("the next user on the same browser does not inherit the previous user's company", async ({ page }) => {
  await page.goto('/sign-in')
  await signIn(page)
  await expect(page).toHaveURL(/\/view\/home$/)
  await expect(page.getByTestId('splash')).toHaveCount(0)
  await page.getByLabel('Company and branch').selectOption('2:4')
  await expect(page.getByTestId('tenant')).toHaveText('You are working in Northwind Home Services — Austin.')
  await page.getByTestId('user-menu').locator('summary').click()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await signIn(page, 'tech@demo.fieldservice.app', 'demo-tech-2026')
  // his company's main branch (he works for every branch), not the previous user's company
  await expect(page.getByTestId('tenant')).toHaveText('You are working in Acme Field Services — São Paulo (Matriz).')
})

test('password fields hide what is typed, take a paste and name what a password manager should fill', async ({
  page,
}) => {
  // a reset link of the demo admin (its page shows the form only for a link that works)
  await page.goto('/forgot-password')
  await page.getByLabel('Email address').fill(DEMO_ADMIN.email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByText('Password reset sent!')).toBeVisible()
  const resetLink = lastLinkTo(DEMO_ADMIN.email)
  for (const [path, autocomplete] of [
    ['/sign-in', 'current-password'],
    ['/sign-up', 'new-password'],
    [resetLink, 'new-password'],
  ] as const) {
    await page.goto(path)
    const fields = page.locator('input[name^="password"]')
    expect(await fields.count(), path).toBeGreaterThan(0)
    for (const field of await fields.all()) {
      await expect(field, path).toHaveAttribute('type', 'password')
      await expect(field, path).toHaveAttribute('autocomplete', autocomplete)
      // a paste is not refused: nothing cancels the event
      const refused = await field.evaluate((input) => {
        const event = new ClipboardEvent('paste', {
          bubbles: true,
          cancelable: true,
          clipboardData: new DataTransfer(),
        })
        return !input.dispatchEvent(event)
      })
      expect(refused, path).toBe(false)
    }
  }
  // signed in: the unlock page and the profile's password change, each field by what it asks
  await page.goto('/sign-in')
  await signIn(page)
  await expect(page).toHaveURL(/\/view\/home$/)
  for (const [path, expected] of [
    ['/unlock-session', { password: 'current-password' }],
    [
      '/view/myaccount',
      { currentPassword: 'current-password', newPassword: 'new-password', passwordConfirm: 'new-password' },
    ],
  ] as const) {
    await page.goto(path)
    const fields = page.locator('input[name*="assword" i]:not([type="hidden"])')
    await expect(fields.first(), path).toBeVisible()
    const seen: Record<string, string | null> = {}
    for (const field of await fields.all()) {
      await expect(field, path).toHaveAttribute('type', 'password')
      seen[(await field.getAttribute('name'))!] = await field.getAttribute('autocomplete')
    }
    expect(seen, path).toEqual(expected)
  }
})

test('a language picker waits while the signed-in page is on its way, then applies to that page', async ({ page }) => {
  await page.goto('/sign-in')
  await expect(page.getByTestId('splash')).toHaveCount(0)
  // the home's messages are held back (a slow phone line): the sign-in page stays on screen meanwhile
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/assets/messages-*.json', async (route) => {
    await held
    await route.continue()
  })
  await signIn(page)
  await expect(page).toHaveURL(/\/view\/home$/)
  await expect(page.getByLabel('Email address')).toBeVisible()
  // its picker waits: posted now it would send the sign-in page's address and its form token, which the sign-in replaced
  await expect(page.getByLabel('Language')).toBeDisabled()
  release()
  await page.getByLabel('Language').selectOption('pt')
  await expect(page.getByRole('heading', { name: 'Bem-vindo de volta, Ana Costa!' })).toBeVisible()
  await page.unrouteAll()
  await page.getByLabel('Idioma').selectOption('en')
  await expect(page.getByRole('heading', { name: 'Welcome back, Ana Costa!' })).toBeVisible()
})

test('a form of a page drawn before the user signed in again elsewhere asks for a reload, and then works', async ({
  page,
  context,
}) => {
  await page.goto('/sign-in')
  await signIn(page)
  await expect(page.getByRole('heading', { name: 'Welcome back, Ana Costa!' })).toBeVisible()
  // another tab signs out and in: the session's form token is a new one
  const other = await context.newPage()
  await other.goto('/view/home')
  await other.getByTestId('user-menu').locator('summary').click()
  await other.getByRole('button', { name: 'Sign out' }).click()
  await expect(other.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await signIn(other)
  await expect(other).toHaveURL(/\/view\/home$/)
  await other.close()

  await page.getByLabel('Language').selectOption('es')
  await expect(page.getByRole('heading', { name: 'This page is out of date' })).toBeVisible()
  await expect(page.getByText('Your session changed since this page was opened')).toBeVisible()
  // the one thing to do has the focus, and the page passes axe
  await expect(page.getByRole('button', { name: 'Reload the page' })).toBeFocused()
  await expectAccessible(page, 'the page of a form of another session')
  await page.getByRole('button', { name: 'Reload the page' }).click()
  await expect(page).toHaveURL(/\/view\/home$/)
  await expect(page.getByRole('heading', { name: 'Welcome back, Ana Costa!' })).toBeVisible()
  await expect(page.getByTestId('splash')).toHaveCount(0)
  await page.getByLabel('Language').selectOption('es')
  await expect(page.getByRole('heading', { name: '¡Bienvenido de nuevo, Ana Costa!' })).toBeVisible()
  await page.getByLabel('Idioma').selectOption('en')
  await expect(page.getByLabel('Language')).toBeVisible()
})
