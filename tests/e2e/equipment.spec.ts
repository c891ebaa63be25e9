import { expect, test } from './fixtures'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'
import { phonePhoto } from '../shared/photo.ts'
import { expectAccessible, expectReadsInViews, signIn, workInDemoCompany } from './helpers.ts'

// cd_equipamento (docs/domain.md): the clients' machines, their warranties and their history.

/** A day `days` from today, as a date field takes it. */
const dayFrom = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

test('the office registers a client’s machine, names it on an order, sees its warranty end on the home, and retires it', async ({
  page,
  baseURL,
}) => {
  const serial = `SPR-${Date.now().toString(36).toUpperCase()}`
  await signIn(page, DEMO_ADMIN)
  await workInDemoCompany(page)
  // a business client of the demo
  await page.goto('/view/cd_cliente?search=hotel')
  const clientName = (await page.getByTestId('data-row').first().locator('td').first().innerText()).trim()

  await page.getByRole('navigation').getByRole('link', { name: 'Equipment' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Equipment' })).toBeVisible()
  await expect(page.getByTestId('data-row').first()).toBeVisible()
  await page.getByRole('link', { name: 'New' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'New machine' })).toBeVisible()
  const picker = page.getByRole('combobox', { name: 'Client', exact: true })
  await picker.fill(clientName)
  await page
    .getByRole('option', { name: new RegExp(`^${clientName}`) })
    .first()
    .click()
  await page.getByLabel('Kind', { exact: true }).selectOption('air_conditioner')
  await page.getByLabel('Brand').fill('Springer')
  await page.getByLabel('Model').fill('Xtreme 12')
  await page.getByLabel('Serial number').fill(serial)
  await page.getByLabel('Location in the building').fill('Lobby')
  await page.getByLabel('Capacity', { exact: true }).fill('12000')
  await page.getByLabel('Installed on').fill(dayFrom(-300))
  await page.getByLabel('Warranty ends').fill(dayFrom(10))
  await expectAccessible(page, 'new machine form')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('toast')).toHaveText(/Saved/)
  await page.getByTestId('data-row').filter({ hasText: serial }).getByRole('link').first().click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Springer Xtreme 12')
  // the address is the client's default one, filled when the client was picked
  await expect(page.getByLabel('Address it is at (the client’s default when empty)')).not.toHaveValue('')
  const machineUrl = page.url()

  // its nameplate's photo, the phone's 4032 × 3024 JPEG: resized on the page, its thumbnail shown
  const photos = page.getByRole('region', { name: 'Photos' })
  await expect(photos).toContainText('No photos yet.')
  // under the machine's form: on a phone the form comes first
  const save = page.getByRole('button', { name: 'Save', exact: true })
  expect(
    await save.evaluate(
      (button, panel) => button.compareDocumentPosition(panel!) & Node.DOCUMENT_POSITION_FOLLOWING,
      await photos.elementHandle(),
    ),
  ).toBeTruthy()
  await photos.getByLabel('Photo', { exact: true }).setInputFiles({
    name: 'IMG_nameplate.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from(phonePhoto()),
  })
  await photos.getByRole('button', { name: 'Add photo' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Photo added' })).toBeVisible()
  const thumbnail = photos.getByRole('img', { name: 'Photo 1 of Springer Xtreme 12' })
  await expect(thumbnail).toBeVisible()
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320)
  const full = await page.request.get((await photos.getByRole('link').first().getAttribute('href'))!)
  expect(full.headers()['content-type']).toBe('image/jpeg')
  expect((await full.body()).length).toBeLessThan(1_000_000)
  await expectAccessible(page, 'a machine with its photo')
  // taken off once asked again
  await photos.getByText('Remove', { exact: true }).click()
  await expect(photos).toContainText('Remove this photo of the machine for good?')
  await photos.getByRole('button', { name: 'Remove the photo' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Photo removed' })).toBeVisible()
  await expect(photos).toContainText('No photos yet.')
  expect((await page.request.get(full.url())).status()).toBe(404)

  // the same serial number, typed otherwise, is another machine's
  await page.goto('/view/cd_equipamento')
  await page.getByRole('link', { name: 'New' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'New machine' })).toBeVisible()
  await picker.fill(clientName)
  await page
    .getByRole('option', { name: new RegExp(`^${clientName}`) })
    .first()
    .click()
  await page.getByLabel('Kind', { exact: true }).selectOption('boiler')
  await page.getByLabel('Serial number').fill(serial.toLowerCase())
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Another machine of this company has this serial number')).toBeVisible()

  // an order names it: the client's machines are offered once the client is picked
  await page.goto('/view/cd_ordem')
  await page.getByRole('link', { name: 'New' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'New service order' })).toBeVisible()
  const machines = page.getByRole('group', { name: 'Equipment' })
  await expect(machines.getByRole('checkbox')).toHaveCount(0)
  await page.getByRole('combobox', { name: 'Client', exact: true }).fill(clientName)
  await page
    .getByRole('option', { name: new RegExp(`^${clientName}`) })
    .first()
    .click()
  const box = machines.getByRole('checkbox', { name: `Springer Xtreme 12 · S/N ${serial} · Lobby` })
  await box.check()
  await page.getByLabel('Problem').fill('Drips water over the reception desk')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/view\/cd_ordem\/[\w-]{36}(\?|$)/)
  // the address changes before the order's page is drawn: its number is read once it shows
  const heading = page.getByRole('heading', { level: 1 })
  await expect(heading).toContainText(/OS-[\w-]+/)
  const orderNumber = (await heading.innerText()).match(/OS-[\w-]+/)![0]

  // its page: the order that names it; its client's record lists it
  await page.goto(machineUrl)
  const orders = page.getByRole('region', { name: 'Service orders' })
  await expect(orders).toContainText(orderNumber)
  await expectReadsInViews(page, baseURL!, 'a machine', orders)
  await page.goto('/view/cd_cliente?search=hotel')
  await page.getByTestId('data-row').first().getByRole('link').first().click()
  await expect(page.getByRole('region', { name: 'Equipment' })).toContainText(serial)

  // the home says its warranty ends within the month, and leads to it
  await page.goto('/view/home')
  const card = page.getByRole('region', { name: 'Warranties ending in 30 days' })
  await expect(card).toContainText('Springer Xtreme 12')
  await card.getByRole('link', { name: /Springer Xtreme 12/ }).click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Springer Xtreme 12')

  // retired after a confirmation, it is back in service with one click
  await page.getByRole('link', { name: 'Retire' }).click()
  await expect(page.getByRole('alertdialog')).toContainText('Retire Springer Xtreme 12?')
  await page.getByRole('alertdialog').getByRole('button', { name: 'Retire' }).click()
  await expect(page.getByTestId('toast')).toContainText('Machine retired')
  await page.goto(machineUrl)
  await page.getByRole('button', { name: 'Return to service' }).click()
  await expect(page.getByTestId('toast')).toContainText('Machine back in service')
})
