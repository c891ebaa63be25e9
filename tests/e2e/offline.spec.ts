import { expect, test, type BrowserContext, type Page } from './fixtures'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'
import { expectAccessible, signIn, viewAs, ALL_VIEWS } from './helpers.ts'

// docs/shell.md §8: a form is never lost, and a page that cannot load is the app's own page.

const [LIGHT, DARK] = ALL_VIEWS

/** The next pages in `locale` (the language cookie, as the language picker sets it; the person's own language is left as it is). */
async function speak(context: BrowserContext, baseURL: string, locale: 'en' | 'pt') {
  await context.addCookies([{ name: 'culture', value: locale, url: baseURL }])
}

/** Opens a new job's form and types one in. */
async function typeJob(page: Page, code: string, labels: { code: string; name: string; unit: string; price: string }) {
  await page.goto('/view/cd_job/new')
  await expect(page.getByTestId('splash')).toHaveCount(0)
  await page.getByLabel(labels.code).fill(code)
  await page.getByLabel(labels.name).fill(`Job ${code}`)
  await page.getByLabel(labels.unit, { exact: true }).selectOption('unit')
  await page.getByLabel(labels.price).fill('120')
}

const PT = { code: 'Código', name: 'Nome', unit: 'Unidade', price: 'Preço unitário' }
const EN = { code: 'Code', name: 'Name', unit: 'Unit', price: 'Unit price' }

/** The jobs list shows the job once. */
async function expectListedOnce(page: Page, code: string) {
  await expect(page).toHaveURL(/\/view\/cd_job$/)
  await page.goto(`/view/cd_job?q=${code}`)
  await expect(page.getByTestId('data-row').filter({ hasText: code })).toHaveCount(1)
}

for (const view of [LIGHT, DARK]) {
  test(`a job saved with the network down keeps what was typed, says so in Portuguese, and Try again saves it once (${view.scheme})`, async ({
    page,
    context,
    baseURL,
  }) => {
    await signIn(page, DEMO_ADMIN)
    await speak(context, baseURL!, 'pt')
    await viewAs(page, view, baseURL!)
    const code = `OFF-PT-${view.scheme.toUpperCase()}`
    await typeJob(page, code, PT)
    await context.setOffline(true)
    await page.getByRole('button', { name: 'Salvar' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Sem conexão — tente novamente' })).toBeVisible()
    // the form is still there, with everything typed
    await expect(page).toHaveURL(/\/view\/cd_job\/new$/)
    await expect(page.getByLabel(PT.code)).toHaveValue(code)
    await expect(page.getByLabel(PT.name)).toHaveValue(`Job ${code}`)
    await expect(page.getByLabel(PT.price)).toHaveValue('120')
    await expectAccessible(page, `unsent form, pt, ${view.scheme}`)
    await context.setOffline(false)
    await page.getByRole('button', { name: 'Tentar novamente' }).click()
    await expectListedOnce(page, code)
  })
}

test('a save whose answer was lost after the server saved it says so in English, and Try again does not save it twice', async ({
  page,
  context,
  baseURL,
}) => {
  await signIn(page, DEMO_ADMIN)
  await speak(context, baseURL!, 'en')
  await typeJob(page, 'LOST-EN', EN)
  // the request reaches the server (the job is saved), its answer never comes back
  await page.route('**/view/cd_job/new.data', async (route) => {
    if (route.request().method() !== 'POST') return route.continue()
    await route.fetch()
    await route.abort('internetdisconnected')
  })
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'No connection — try again' })).toBeVisible()
  await expect(page.getByLabel(EN.code)).toHaveValue('LOST-EN')
  await page.unroute('**/view/cd_job/new.data')
  await page.getByRole('button', { name: 'Try again' }).click()
  // the same form, with its key, sent again: the first save answers it
  await expectListedOnce(page, 'LOST-EN')
})

test('a save the server could not make (a 502 on the way) keeps the form and says the server could not save', async ({
  page,
  context,
  baseURL,
}) => {
  await signIn(page, DEMO_ADMIN)
  await speak(context, baseURL!, 'en')
  await typeJob(page, 'BUSY-EN', EN)
  await page.route('**/view/cd_job/new.data', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' })
      : route.continue(),
  )
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'The server could not save — try again' })).toBeVisible()
  await expect(page.getByLabel(EN.name)).toHaveValue('Job BUSY-EN')
  await expectAccessible(page, 'server failure notice')
  await page.unroute('**/view/cd_job/new.data')
  await page.getByRole('button', { name: 'Try again' }).click()
  await expectListedOnce(page, 'BUSY-EN')
})

/** A link of the navigation, as a user clicks it. */
const navLink = (page: Page, href: string) => page.locator(`a[href="${href}"]:visible`).first()

for (const [locale, view, title, again] of [
  ['pt', LIGHT, 'Você está sem conexão', 'Tentar novamente'],
  ['en', DARK, 'You are offline', 'Try again'],
] as const) {
  test(`going to a page offline shows the app's offline page in ${locale} (${view.scheme}), and Try again goes there once online`, async ({
    page,
    context,
    baseURL,
  }) => {
    await signIn(page, DEMO_ADMIN)
    await speak(context, baseURL!, locale)
    await viewAs(page, view, baseURL!)
    await page.goto('/view/home')
    await expect(page.getByTestId('splash')).toHaveCount(0)
    await context.setOffline(true)
    // a page whose scripts were never loaded
    await navLink(page, '/view/cd_cliente').click()
    await expect(page.getByTestId('offline-page')).toContainText(title)
    await expect(page.getByRole('button', { name: again })).toBeFocused()
    await expectAccessible(page, `offline page, ${locale}, ${view.scheme}`)
    await context.setOffline(false)
    await page.getByRole('button', { name: again }).click()
    await expect(page).toHaveURL(/\/view\/cd_cliente$/)
    await expect(page.getByTestId('offline-page')).toHaveCount(0)
    // (the browser keeps a failed script's failure: Try again loads the page whole, whose scripts take over first)
    await expect(page.getByTestId('splash')).toHaveCount(0)
    // a page whose scripts are there, its data not: the offline page, still in the user's language and colours
    await context.setOffline(true)
    await navLink(page, '/view/cd_job').click()
    await expect(page.getByTestId('offline-page')).toContainText(title)
    await expect(page.locator('html')).toHaveAttribute('data-scheme', view.scheme)
    await expectAccessible(page, `offline page on its data, ${locale}, ${view.scheme}`)
    await context.setOffline(false)
    await page.getByRole('button', { name: again }).click()
    await expect(page.getByTestId('offline-page')).toHaveCount(0)
    await expect(page.getByTestId('data-row').first()).toBeVisible()
  })
}

test('after a deploy removed the scripts of the page a link goes to, the click loads that page whole instead of an error', async ({
  page,
}) => {
  await signIn(page, DEMO_ADMIN)
  await page.goto('/view/home')
  await expect(page.getByTestId('splash')).toHaveCount(0)
  const script = await page.evaluate(
    () =>
      (window as unknown as { __reactRouterManifest: { routes: Record<string, { module: string }> } })
        .__reactRouterManifest.routes['features/cd_cliente/page'].module,
  )
  // the old build's script is gone from the server until the new page (with the new build's scripts) is asked for
  let deployed = false
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.url().endsWith('/view/cd_cliente')) deployed = true
  })
  await page.route(`**${script}`, (route) => (deployed ? route.continue() : route.fulfill({ status: 404 })))
  await navLink(page, '/view/cd_cliente').click()
  await expect(page).toHaveURL(/\/view\/cd_cliente$/)
  await expect(page.getByTestId('data-row').first()).toBeVisible()
  // loaded as a document, not drawn by the old scripts
  expect(await page.evaluate(() => performance.getEntriesByType('navigation')[0].name)).toMatch(/\/view\/cd_cliente$/)
})
