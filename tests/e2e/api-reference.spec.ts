import { expect, test } from './fixtures'

// docs/api.md: the API reference (Scalar) served by the app itself, within its own policy
test('the API reference lists the operations with their examples, from this site alone', async ({ page }) => {
  const blocked: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/.test(message.text())) blocked.push(message.text())
  })
  const elsewhere: string[] = []
  page.on('request', (request) => {
    if (!request.url().startsWith('http://127.0.0.1:') && !request.url().startsWith('data:'))
      elsewhere.push(request.url())
  })
  await page.goto('/api/docs')
  await expect(page.getByRole('heading', { name: 'Fieldwise API', exact: true })).toBeVisible({ timeout: 20_000 })
  // a module's operations, with their example, and the way to try one with one's token
  await page.getByRole('link', { name: 'cd_cotacao', exact: true }).click()
  await expect(page.getByText('Create a quote').first()).toBeVisible()
  await expect(page.getByText('Bearer Token').first()).toBeVisible()
  expect(blocked).toEqual([])
  expect(elsewhere).toEqual([])
})
