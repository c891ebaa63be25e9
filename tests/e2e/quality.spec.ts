import { expect, test, type Page } from './fixtures'
import { gzipSync } from 'node:zlib'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'
import { ALL_VIEWS, expectAccessible, expectPanelsAccessible, signIn as signInAs, viewAs } from './helpers.ts'

const signIn = (page: Page) => signInAs(page, DEMO_ADMIN)

test('the signed-out pages have no accessibility violations', async ({ page }) => {
  for (const path of [
    '/sign-in',
    '/sign-up',
    '/forgot-password',
    '/reset-password?token=x',
    '/confirmation-required',
    '/home',
    '/error/404',
    '/error/500',
  ]) {
    await page.goto(path)
    await expectAccessible(page, path)
  }
})

test('on a dark system a page that follows it shows its notices and errors as dark boxes that pass the contrast rules', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ colorScheme: 'dark' })
  await context.addCookies([{ name: 'scheme', value: 'auto', url: baseURL! }])
  const page = await context.newPage()
  const background = (tone: 'status' | 'alert') =>
    page
      .getByRole(tone)
      .filter({ hasText: /./ })
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor)
  // a dark box: its lightness (oklch) under 0.35, or each channel (rgb) under 90
  const dark = (colour: string) =>
    colour.startsWith('oklch')
      ? Number(/oklch\(([\d.]+)/.exec(colour)![1]) < 0.35
      : (colour.match(/[\d.]+/g) ?? []).slice(0, 3).every((c) => Number(c) < 90)
  await page.goto('/sign-in?signedOut=1')
  await expect(page.locator('html')).toHaveClass(/\bscheme-auto\b/)
  await expect(page.getByRole('status').filter({ hasText: 'You have signed out!' })).toBeVisible()
  expect(dark(await background('status')), await background('status')).toBe(true)
  await expectAccessible(page, 'dark sign-in, signed out')
  await page.getByLabel('Email address').fill(DEMO_ADMIN.email)
  await page.getByLabel('Password').fill('not the password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('alert').filter({ hasText: /./ })).toBeVisible()
  expect(dark(await background('alert')), await background('alert')).toBe(true)
  await expectAccessible(page, 'dark sign-in, refused')
  await context.close()
})

test('the signed-in shell and its open panels have no accessibility violations', async ({ page }) => {
  await signIn(page)
  await expectAccessible(page, 'home')
  await expectPanelsAccessible(page)
  await page.getByRole('combobox', { name: 'Search' }).fill('an')
  await expect(page.getByTestId('search-results')).toBeVisible()
  await expectAccessible(page, 'search results')
  await page.getByTestId('company-logo').click()
  await expect(page.getByRole('dialog', { name: 'Upload Company Logo' })).toBeVisible()
  await expectAccessible(page, 'upload dialog')
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click()
  await page.goto('/view/myaccount')
  await expectAccessible(page, 'profile')
  await page.setViewportSize({ width: 390, height: 800 })
  await page.goto('/view/home')
  await expectAccessible(page, 'home at 390 px')
  await page.getByRole('button', { name: 'Open navigation' }).click()
  await expect(page.getByRole('dialog', { name: 'Navigation' })).toBeVisible()
  await expectAccessible(page, 'drawer')
})

test('a search that finds nothing says so in a status, no empty list, in light and dark (axe)', async ({
  page,
  baseURL,
}) => {
  await signIn(page)
  for (const view of [ALL_VIEWS[0], ALL_VIEWS[1]]) {
    await viewAs(page, view, baseURL!)
    await page.goto('/view/home')
    await expect(page.locator('html')).toHaveClass(view.scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/)
    const box = page.getByRole('combobox', { name: 'Search' })
    await box.fill('zzzz-nothing')
    await expect(page.getByRole('status').filter({ hasText: 'No results found!' })).toBeVisible()
    await expect(page.getByRole('listbox', { name: 'Search' })).toHaveCount(0)
    await expect(box).toHaveAttribute('aria-expanded', 'false')
    await expectAccessible(page, `no search results, ${view.name}`)
  }
  await viewAs(page, ALL_VIEWS[0], baseURL!)
})

test('the reports page loads at most 30 KB of JavaScript beyond the shell (gzipped): its charts come drawn', async ({
  page,
}) => {
  await signIn(page)
  /** Each script a page loads, and its gzipped size. */
  const scriptsOf = async (path: string) => {
    const scripts = new Map<string, number>()
    const heard = async (res: import('@playwright/test').Response) => {
      if (res.request().resourceType() === 'script' || res.url().endsWith('.js'))
        scripts.set(new URL(res.url()).pathname, gzipSync(await res.body()).length)
    }
    page.on('response', heard)
    await page.goto(path, { waitUntil: 'networkidle' })
    page.off('response', heard)
    return scripts
  }
  const shell = await scriptsOf('/view/home')
  const reports = await scriptsOf('/view/cd_reports')
  await expect(page.getByRole('img', { name: 'Invoiced and collected, month by month' })).toBeVisible()
  const own = [...reports].filter(([path]) => !shell.has(path))
  const beyond = own.reduce((n, [, size]) => n + size, 0)
  console.log(
    `reports page JavaScript beyond the shell: ${own.length} files, ${(beyond / 1024).toFixed(1)} KB gzipped`,
    own,
  )
  expect(own.length).toBeGreaterThan(0)
  expect(beyond).toBeLessThan(30 * 1024)
})

test("the browser gets only the messages of the page's routes in the user's language, and a change of language loads the new one", async ({
  page,
}) => {
  await signIn(page)
  await page.goto('/view/help', { waitUntil: 'networkidle' })
  /**
   * What the page's document loaded of the scripts and messages, as the browser's resource timing
   * lists them (from the network, its cache or a prefetch alike), read again from the server: a
   * response's own body is gone once the page that asked for it navigated away.
   */
  const shipped = async () => {
    const urls = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((url) => /\/assets\/.*\.(js|json)$/.test(new URL(url).pathname)),
    )
    const bodies = await Promise.all([...new Set(urls)].map(async (url) => (await page.request.get(url)).text()))
    return bodies.join('\n')
  }
  const english = 'Answers to the questions people ask most.'
  const spanish = 'Respuestas a las preguntas más frecuentes.'
  const portuguese = 'Respostas às perguntas mais frequentes.'
  const first = await shipped()
  expect(first).toContain(english)
  expect(first).not.toContain(spanish)
  expect(first).not.toContain(portuguese)
  // nor the messages of a page it is not on (the quote's form's deposit field)
  expect(first).not.toContain('Deposit on approval (%)')
  // switching to Portuguese on the page: its messages come then, and the page shows them
  await page.getByLabel('Language').selectOption('pt')
  await expect(page.getByRole('heading', { level: 1, name: 'Ajuda' })).toBeVisible()
  await expect(page.getByText(portuguese)).toBeVisible()
  const then = await shipped()
  expect(then).toContain(portuguese)
  expect(then).not.toContain(spanish)
  await page.getByLabel('Idioma').selectOption('en')
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible()
})

test("a picture that does not load shows the person's initials, never a broken image", async ({ page, context }) => {
  await signIn(page)
  const token = (await context.cookies()).find((c) => c.name === 'token')!.value
  const setAvatar = (avatar: string | null) =>
    page.request.patch('/api/common/user', {
      headers: { authorization: `Bearer ${token}` },
      data: { user: { avatar } },
    })
  expect((await setAvatar('/images/avatars/nobody-here.jpg')).status()).toBe(200)
  await page.goto('/view/myaccount')
  // once the browser gave up on the address, the initials are there and no <img> is left
  const avatar = page.getByTestId('profile-avatar')
  await expect(avatar).toHaveText('AC')
  await expect(avatar.locator('img')).toHaveCount(0)
  await expect(page.getByTestId('user-menu').locator('img')).toHaveCount(0)
  // the demo's messages have no sample photos: their senders' initials
  await page.getByTestId('messages-panel').locator('summary').click()
  await expect(page.getByTestId('panel-item').first()).toContainText('RA')
  await expect(page.getByTestId('messages-panel').locator('img')).toHaveCount(0)
  expect((await setAvatar(null)).status()).toBe(200)
})

test('in the dark scheme every kind of page and panel passes the contrast rules, and the scheme switches from the user menu', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await signIn(page)
  const menu = page.getByTestId('user-menu')
  await menu.locator('summary').click()
  await menu.getByRole('button', { name: 'Dark' }).click()
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await expect(page.locator('meta[name="color-scheme"]')).toHaveAttribute('content', 'dark')
  // the native controls follow the scheme (the header's selects are not left white)
  const select = page.getByLabel('Company and branch')
  expect(await select.evaluate((el) => getComputedStyle(el).colorScheme)).toBe('dark')
  for (const path of [
    '/view/home',
    '/view/cd_filial',
    '/view/cd_cliente',
    '/view/cd_cotacao',
    '/view/ac_usuarios',
    '/view/help',
  ]) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectAccessible(page, `dark ${path}`)
  }
  await page.goto('/view/cd_cliente')
  await page.getByTestId('data-row').first().getByRole('link').first().click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Edit')
  await expectAccessible(page, 'dark record')
  await page.goto('/view/home')
  await expectPanelsAccessible(page, 'dark ')
  // back to light, from the menu again; kept after a reload (on the user and in the cookie)
  await page.getByTestId('user-menu').locator('summary').click()
  await page.getByTestId('user-menu').getByRole('button', { name: 'Light' }).click()
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)
  await page.reload()
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)
})

test('the dark scheme and every theme keep the shell accessible', async ({ page, context, baseURL }) => {
  await signIn(page)
  for (const [scheme, theme] of [
    ['dark', 'default'],
    ['light', 'brand'],
    ['light', 'teal'],
    ['dark', 'rose'],
    ['light', 'purple'],
    ['light', 'amber'],
  ]) {
    await context.addCookies([
      { name: 'scheme', value: scheme, url: baseURL! },
      { name: 'theme', value: theme, url: baseURL! },
    ])
    await page.goto('/view/myaccount')
    await expect(page.locator('html')).toHaveClass(new RegExp(`theme-${theme}`))
    await expectAccessible(page, `${scheme} ${theme}`)
  }
  await context.addCookies([
    { name: 'scheme', value: 'light', url: baseURL! },
    { name: 'theme', value: 'default', url: baseURL! },
  ])
})

test('the pages run under their Content-Security-Policy: nothing refused, and the scripts do their work', async ({
  page,
}) => {
  const refused: string[] = []
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const list = ((window as unknown as { __csp?: string[] }).__csp ??= [])
      list.push(`${e.violatedDirective} ${e.blockedURI}`)
    })
  })
  page.on('console', (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text())) refused.push(message.text())
  })
  const violations = async () => [
    ...refused,
    ...((await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])) as string[]),
  ]

  await page.goto('/sign-in')
  expect(await violations()).toEqual([])
  await signIn(page)
  for (const path of ['/view/home', '/view/cd_cliente', '/view/cd_cotacao', '/view/ac_usuarios']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(await violations(), path).toEqual([])
  }
  // the scripts ran: a client-side navigation and the rows editor's Add button work
  await page.goto('/view/cd_cliente/new')
  await page.getByRole('button', { name: 'Add · E-mails and phones' }).click()
  await expect(page.getByTestId('contacts-row')).toHaveCount(2)
  await page.getByRole('link', { name: 'Services' }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible()
  expect(await violations()).toEqual([])
})
