import axe from 'axe-core'
import { readFileSync } from 'node:fs'
import { expect, type Locator, type Page } from '@playwright/test'
import { SERVER_LOG } from '../../playwright.config.ts'
import { DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']

/**
 * axe-core with the issue's tags: no violation, or the list of rules and elements that broke; `within`: one part of the page.
 * axe runs in the page as axe-core's own API says (axe.run), put in once per document: a check is
 * then its run alone — @axe-core/playwright put axe in again for every check and opened a blank
 * page to merge frames' results, three times the time (the app draws no frame).
 */
export async function expectAccessible(page: Page, what: string, within?: string) {
  type WithAxe = { axe?: typeof axe }
  if (!(await page.evaluate(() => typeof (window as WithAxe).axe?.run === 'function'))) await page.evaluate(axe.source)
  const violations = await page.evaluate(
    async ({ tags, within }) => {
      const { violations } = await (window as WithAxe).axe!.run(within ?? document, {
        runOnly: { type: 'tag', values: tags },
      })
      return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
    },
    { tags: WCAG, within },
  )
  expect(violations, what).toEqual([])
}

/**
 * Opens each header panel in turn (as a user does) and checks it with axe; Escape closes it. The
 * panel is checked, not the page under it (checked on its own): an open panel over a list may leave
 * a sliver of a link showing below its edge, which axe would count as a small target.
 */
export async function expectPanelsAccessible(page: Page, what = '') {
  for (const panel of ['messages-panel', 'notifications-panel', 'shortcuts-panel', 'user-menu']) {
    await page.getByTestId(panel).locator('summary').click()
    await expect(page.getByTestId(panel).locator('summary + div')).toBeVisible()
    await page.waitForTimeout(300)
    await expectAccessible(page, `${what}${panel}`, `[data-testid="${panel}"]`)
    await page.keyboard.press('Escape')
  }
}

/** Signs in through the sign-in page, as a user would. */
export async function signIn(page: Page, who: { email: string; password: string } = DEMO_TECHNICIAN) {
  await page.goto('/sign-in')
  await page.getByLabel('Email address').fill(who.email)
  await page.getByLabel('Password').fill(who.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  // a first sign-in after joining a company is welcomed (?welcome=first)
  await expect(page).toHaveURL(/\/view\/home(\?welcome=first)?$/)
  // the page has started (hydrated): its controls answer (a select changed before would post nothing)
  await expect(page.getByTestId('splash')).toHaveCount(0)
}

/** The in-app address of the last link the server sent to `email` (no mail server: its log holds it, as an operator would read it). */
export function lastLinkTo(email: string) {
  const line = readFileSync(SERVER_LOG, 'utf8')
    .split('\n')
    .findLast((l) => l.includes(` for ${email}: `))
  if (!line) throw new Error(`no link for ${email} in ${SERVER_LOG}`)
  const url = new URL(line.split(': ').pop()!)
  return url.pathname + url.search
}

/** Works in the demo company's main branch, whatever the user picked last (the pick is kept on the user across sessions). */
export async function workInDemoCompany(page: Page) {
  if (!page.url().includes('/view/')) await page.goto('/view/home')
  const switcher = page.getByLabel('Company and branch')
  if ((await switcher.inputValue()) !== '1:2') await switcher.selectOption('1:2')
  await expect(page.getByTestId('tenant')).toHaveText('You are working in Acme Field Services — São Paulo (Matriz).')
}

export type View = { name: string; size: { width: number; height: number }; scheme: 'light' | 'dark' }

/** Every viewport × colour scheme a screen is checked in (the matrix test takes all four). */
export const ALL_VIEWS: View[] = [
  { name: 'desktop light', size: { width: 1440, height: 900 }, scheme: 'light' },
  { name: 'desktop dark', size: { width: 1440, height: 900 }, scheme: 'dark' },
  { name: 'phone light', size: { width: 390, height: 844 }, scheme: 'light' },
  { name: 'phone dark', size: { width: 390, height: 844 }, scheme: 'dark' },
]

/** A desktop in light and a phone in dark: both viewports and both schemes, for the longer scenarios. */
export const VIEWS = [ALL_VIEWS[0], ALL_VIEWS[3]]

/** The page as that view shows it from the next load: its size and its colour scheme (the scheme cookie, as the user menu sets it). */
export async function viewAs(page: Page, view: View, baseURL: string) {
  await page.setViewportSize(view.size)
  await page.context().addCookies([{ name: 'scheme', value: view.scheme, url: baseURL }])
}

/** Nothing on the page is wider than the screen. */
export async function expectNoSidewaysScroll(page: Page, what = '') {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    `${what} fits the screen`,
  ).toBe(true)
}

/**
 * In each of `views` the page, loaded again, shows `shown`, passes axe and fits the screen; then
 * it is back in the first view (loaded again). `check` adds what else each view must show.
 */
export async function expectReadsInViews(
  page: Page,
  baseURL: string,
  what: string,
  shown: Locator,
  check: () => Promise<void> = async () => {},
  views: View[] = VIEWS,
) {
  for (const view of views) {
    await viewAs(page, view, baseURL)
    await page.reload()
    await expect(shown).toBeVisible()
    await check()
    await expectAccessible(page, `${what}, ${view.name}`)
    await expectNoSidewaysScroll(page, `${what}, ${view.name}`)
  }
  await viewAs(page, views[0], baseURL)
  await page.reload()
}

/** The CSV (or any file) a link within `within` downloads: its name and its text. */
export async function downloaded(page: Page, link: string, within: Locator) {
  const download = page.waitForEvent('download')
  await within.getByRole('link', { name: link, exact: true }).click()
  const file = await download
  return {
    name: file.suggestedFilename(),
    text: Buffer.concat(await (await file.createReadStream()).toArray()).toString(),
  }
}

/**
 * Where an element is on the page, once it is laid out: a calendar may draw its cells again (a live
 * update) between finding one and measuring it, which reads as no box for a moment.
 */
export async function boxOf(locator: Locator) {
  let box: Awaited<ReturnType<Locator['boundingBox']>> = null
  await expect
    .poll(async () => (box = await locator.boundingBox().catch(() => null)), { timeout: 10_000 })
    .not.toBeNull()
  return box!
}

/** Where on the board's day a technician's column meets an hour ("9 AM"), just under its line. */
export async function slotOf(page: Page, technician: string, time: string) {
  const calendar = page.getByTestId('board-calendar')
  const column = await boxOf(calendar.locator('.ec-col-head', { hasText: technician }))
  // the hour's label ("9 AM": its space may be a narrow one)
  const [hour, half] = time.split(' ')
  const row = await boxOf(calendar.locator('.ec-sidebar .ec-slot', { hasText: new RegExp(`^${hour}\\s${half}$`) }))
  const box = await boxOf(calendar)
  // a label sits across its line: just under the middle is the hour's first quarter
  return { x: column.x + column.width / 2 - box.x, y: row.y + row.height / 2 + 3 - box.y }
}
