import { imageHeader } from '../../bff/lib/image-header.ts'
import { expect, test, type Browser, type BrowserContextOptions, type Page } from './fixtures'
import { DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { readJpegMetadata } from '../shared/exif.ts'
import { phonePhoto, type PhotoVariant } from '../shared/photo.ts'
import { signIn } from './helpers.ts'

// A technician's real photos on a phone (docs/domain.md cd_techorders), at their real size: a
// 12-megapixel camera's 4032 × 3024 JPEG of 3–5 MB with its EXIF (Orientation, date, GPS), the
// same held upright, and a 6 MB one; with the page's scripts (resized on the phone) and without
// (the original goes as it is). A refusal is said next to the field, in the user's language.

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }

const file = (variant: PhotoVariant) => ({
  name: `IMG_${variant}.jpg`,
  mimeType: 'image/jpeg',
  buffer: Buffer.from(phonePhoto(variant)),
})

/** The technician on a phone, on today's first visit, reading Portuguese. */
async function onVisit(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled })
  const page = await context.newPage()
  if (javaScriptEnabled) await signIn(page, DEMO_TECHNICIAN)
  else {
    await page.goto('/sign-in')
    await page.getByLabel('Email address').fill(DEMO_TECHNICIAN.email)
    await page.getByLabel('Password').fill(DEMO_TECHNICIAN.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/view\/home$/)
  }
  await page.getByRole('region', { name: 'Today' }).getByTestId('visit').first().getByRole('link').first().click()
  await expect(page).toHaveURL(/\/view\/cd_techorders\/[\w-]+$/)
  // the user's language from here on (the language menu sets this cookie)
  await context.addCookies([{ name: 'culture', value: 'pt', url: page.url() }])
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Fotos' })).toBeVisible()
  return page
}

const photos = (page: Page) => page.getByTestId('visit-photos').getByRole('img')

/** Adds a photo through the visit's form. */
async function addPhoto(
  page: Page,
  photo: ReturnType<typeof file> | { name: string; mimeType: string; buffer: Buffer },
) {
  await page.getByLabel('Quando').selectOption('after')
  await page.getByLabel('Foto', { exact: true }).setInputFiles(photo)
  await page.getByRole('button', { name: 'Adicionar foto' }).click()
}

/** The newest photo's file as served (its link opens it), its size in pixels and its metadata. */
async function newestPhoto(page: Page) {
  const href = await page.getByTestId('visit-photos').getByRole('link').last().getAttribute('href')
  const bytes = new Uint8Array(await (await page.request.get(href!)).body())
  return { ...imageHeader([bytes])!, metadata: readJpegMetadata(bytes), bytes: bytes.length }
}

test('with scripts, a phone’s 3–5 MB photo, one held upright and a 6 MB one are resized on the phone and kept, without their location', async ({
  browser,
}) => {
  const page = await onVisit(browser, true)
  await expect(page.getByTestId('splash')).toHaveCount(0)
  for (const variant of ['landscape', 'portrait', 'large'] as const) {
    const sent = file(variant)
    expect(sent.buffer.length, variant).toBeGreaterThan(variant === 'large' ? 5 * 1024 * 1024 : 3 * 1024 * 1024)
    const before = await photos(page).count()
    await addPhoto(page, sent)
    await expect(photos(page)).toHaveCount(before + 1)
    const kept = await newestPhoto(page)
    // the phone's resize: 1600 pixels on the longest side, turned as the camera was held
    expect(Math.max(kept.width, kept.height), variant).toBe(1600)
    expect(kept.height > kept.width, variant).toBe(variant === 'portrait')
    expect(kept.metadata.gps, variant).toBeUndefined()
  }
})

test('without scripts, the original photo is kept without its location, and a 6 MB one or a file that is not a photo is refused next to the field', async ({
  browser,
}) => {
  const page = await onVisit(browser, false)
  const before = await photos(page).count()
  const field = page.getByLabel('Foto', { exact: true })

  await addPhoto(page, file('large'))
  await expect(page.getByRole('alert')).toHaveText('O arquivo excede o limite de 5 MB.')
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(photos(page)).toHaveCount(before)

  await addPhoto(page, {
    name: 'IMG_0413.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('%PDF-1.7\n% not a photo\n'),
  })
  await expect(page.getByRole('alert')).toHaveText(/^Escolha uma foto \(JPEG, PNG ou WebP\)/)
  await expect(photos(page)).toHaveCount(before)

  // the page goes on working: the phone's original, as it is, with its Orientation and date but not where it was taken
  await addPhoto(page, file('portrait'))
  await expect(photos(page)).toHaveCount(before + 1)
  await expect(page.getByRole('alert')).toHaveCount(0)
  const kept = await newestPhoto(page)
  expect([kept.width, kept.height]).toEqual([4032, 3024])
  expect(kept.bytes).toBeGreaterThan(3 * 1024 * 1024)
  expect(kept.metadata).toMatchObject({ orientation: 6, taken: '2026:03:14 09:26:53', xmp: false })
  expect(kept.metadata.gps === undefined || kept.metadata.gps === 'empty').toBe(true)
})
