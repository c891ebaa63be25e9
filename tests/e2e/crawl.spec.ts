import { expect, test, type Page } from './fixtures'
import { DEMO_ADMIN, DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { signIn, workInDemoCompany } from './helpers.ts'

// No dead ends (issue 14 §5, issue 17 §1): every in-app link a signed-in user can reach — the
// navigation, the header's panels, search results, lists, records, breadcrumbs — opens a page
// (200), never the 404 or 500 page, nor one the user may not open (403).

/** The links of the rendered page (or of a part of it), but those to a place on the same page. */
async function linksOf(page: Page, scope = page.locator('body')) {
  const hrefs = await scope.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!))
  return hrefs.filter((href) => !href.startsWith('#'))
}

/** The same page kind counts once a few times: /view/cd_cliente/<uuid> stands for every client. */
const shape = (path: string) =>
  path
    .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/gi, ':id')
    .replace(/\/\d+(?=\/|$|\?)/g, '/:n')
    .replace(/\?.*$/, '?')

const MAPS = 'https://www.google.com/maps/'

async function crawl(page: Page, who: { email: string; password: string }) {
  await signIn(page, who)
  if (who === DEMO_ADMIN) await workInDemoCompany(page)
  const origin = new URL(page.url()).origin
  const found = new Map<string, string>() // link → the page it was found on
  const broken: string[] = []
  /** Notes the links found on `where`: an in-app one by its path (the first page it was seen on), one leaving the app as broken. */
  const add = (hrefs: string[], where: string): string[] => {
    const paths: string[] = []
    for (const href of hrefs) {
      // an address opens the phone's maps (app/features/techorders/day-list.tsx): leaving on purpose
      if (href.startsWith('mailto:') || href.startsWith('tel:') || href.startsWith(MAPS)) continue
      const url = new URL(href, origin)
      if (url.origin !== origin) {
        broken.push(`${href} on ${where} leaves the app`)
        continue
      }
      const path = url.pathname + url.search
      if (!found.has(path)) found.set(path, where)
      paths.push(path)
    }
    return paths
  }
  add(await linksOf(page), 'home')
  // the header's panels, opened as a user opens them
  for (const panel of ['shortcuts-panel', 'messages-panel', 'notifications-panel', 'user-menu']) {
    const details = page.getByTestId(panel)
    await details.locator('summary').click()
    // the demo user has shortcuts, messages and notifications: wait until they are there
    if (panel !== 'user-menu') await expect(details.locator('li').first()).toBeVisible()
    add(await linksOf(page, details), panel)
    await details.locator('summary').click()
  }
  // search results, for a few things a user types
  const box = page.getByRole('combobox', { name: 'Search' })
  for (const term of ['an', 'ORC', 'Campinas', 'home']) {
    await box.fill(term)
    // results, or the status that says there are none (a technician finds no quotes)
    await expect(page.getByTestId('search-results').or(page.getByTestId('search-empty'))).toBeVisible()
    await page.waitForLoadState('networkidle')
    if (await page.getByTestId('search-results').count())
      add(await linksOf(page, page.getByTestId('search-results')), `search "${term}"`)
  }
  await box.fill('')

  // every page found, and the links of each, breadth first; a few of each page kind
  const visited = new Set<string>()
  const perShape = new Map<string, number>()
  const queue = [...found.keys()]
  while (queue.length > 0 && visited.size < 250) {
    const path = queue.shift()!
    if (visited.has(path) || path.startsWith('/sign-out')) continue
    const kind = shape(path)
    if ((perShape.get(kind) ?? 0) >= 3) continue
    perShape.set(kind, (perShape.get(kind) ?? 0) + 1)
    visited.add(path)
    // redirects are followed within the app; one that leaves it (WhatsApp's share page) is where the link goes, not a dead end
    let res = await page.request.get(path, { maxRedirects: 0 })
    for (let hops = 0; hops < 5 && res.status() >= 300 && res.status() < 400; hops++) {
      const to = new URL(res.headers().location ?? '', page.url())
      if (to.origin !== new URL(page.url()).origin) break
      res = await page.request.get(to.pathname + to.search, { maxRedirects: 0 })
    }
    if (res.status() >= 300 && res.status() < 400) continue
    if (res.status() !== 200) {
      broken.push(`${res.status()} ${path} (linked from ${found.get(path)})`)
      continue
    }
    if (!(res.headers()['content-type'] ?? '').startsWith('text/html')) continue // a download (CSV, PDF)
    const html = await res.text()
    const hrefs = [...html.matchAll(/<a\b[^>]*?\shref="([^"#][^"]*)"/g)].map(([, href]) =>
      href.replaceAll('&amp;', '&'),
    )
    queue.push(...add(hrefs, path).filter((next) => !visited.has(next)))
  }
  expect(broken, `dead ends for ${who.email}`).toEqual([])
  console.log(`crawl as ${who.email}: ${visited.size} pages opened, ${found.size} distinct links found`)
  // help is a page of the app, reached from the user menu and the shortcuts
  expect(visited.has('/view/help')).toBe(true)
  return { visited, found }
}

test('every link an admin can reach opens a page', async ({ page }) => {
  test.setTimeout(120_000)
  const { visited, found } = await crawl(page, DEMO_ADMIN)
  // the crawl reached the business records and the administration, not only the home page
  expect([...visited].some((p) => /^\/view\/cd_cliente\/[\w-]{36}$/.test(p))).toBe(true)
  expect([...visited].some((p) => /^\/view\/cd_cotacao\/[\w-]{36}$/.test(p))).toBe(true)
  expect([...visited].some((p) => p.startsWith('/view/ac_usuarios'))).toBe(true)
  // a notification links to the record it names
  expect(found.get('/view/cd_cotacao?search=ORC-SAO-2026-000020')).toBe('notifications-panel')
})

test('every link a technician can reach opens a page he may open', async ({ page }) => {
  test.setTimeout(120_000)
  const { visited } = await crawl(page, DEMO_TECHNICIAN)
  expect(visited.size).toBeGreaterThan(3)
})
