import { expect, test, type Page } from '@playwright/test'
import { DEMO_ADMIN, DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'

async function signIn(page: Page, who = DEMO_TECHNICIAN) {
  await page.goto('/sign-in')
  await page.getByLabel('Email address').fill(who.email)
  await page.getByLabel('Password').fill(who.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/view\/home$/)
}

test('the notifications panel toggles read, marks all as read, removes items and shows its empty state', async ({ page }) => {
  await signIn(page)
  const panel = page.getByTestId('notifications-panel')
  await expect(page.getByTestId('notifications-badge')).toHaveText('3')
  await panel.locator('summary').click()
  await expect(panel.getByRole('heading', { name: 'Notifications' })).toBeVisible()
  await expect(panel.getByTestId('panel-item')).toHaveCount(10)
  await expect(panel.getByText('Nov 01, 8:30 AM')).toBeVisible()
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
  await expect(menu.getByRole('link', { name: 'Sign out' })).toBeVisible()
  await menu.getByRole('button', { name: 'Busy' }).click()
  await expect(page.getByTestId('status-dot')).toHaveAttribute('data-status', 'busy')
  await expect(page.getByTestId('status-dot')).toHaveClass(/bg-red-500/)
  await page.reload()
  await expect(page.getByTestId('status-dot')).toHaveAttribute('data-status', 'busy')
  await page.getByTestId('user-menu').locator('summary').click()
  await page.getByTestId('user-menu').getByRole('button', { name: 'Online' }).click()
  await expect(page.getByTestId('status-dot')).toHaveAttribute('data-status', 'online')
})

test('search starts at 2 characters, groups results and says when nothing is found', async ({ page }) => {
  await signIn(page, DEMO_ADMIN)
  const box = page.getByRole('searchbox', { name: 'Search' })
  await box.fill('a')
  await page.waitForTimeout(500)
  await expect(page.getByTestId('search-results')).toHaveCount(0)
  await box.fill('an')
  const results = page.getByTestId('search-results')
  await expect(results.getByRole('region', { name: 'Contacts' })).toBeVisible()
  await expect(results.getByRole('region', { name: 'Pages' })).toBeVisible()
  await expect(results.getByRole('region', { name: 'Tasks' })).toBeVisible()
  await box.fill('zzzz-nothing')
  await expect(results.getByText('No results found!')).toBeVisible()
  await box.fill('z')
  await expect(page.getByTestId('search-results')).toHaveCount(0)
})
