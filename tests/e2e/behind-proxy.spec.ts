import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Browser, type BrowserContextOptions } from './fixtures'
import config from '../../playwright.config.ts'
import { DEMO_ADMIN, DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { freePort, startServer, type Running } from '../runtime/servers.ts'
import { SITE_HOST, startTlsProxy, type TlsProxy } from '../shared/tls-proxy.ts'
import { phonePhoto } from '../shared/photo.ts'

// The documented production deployment, for real: the built server started as in production (Node,
// then Deno) behind nginx terminating TLS with the README's own site block, and Chromium reaching
// it at https://fieldwise.example:<port> as a browser on the internet does.
const CHROMIUM = config.use!.launchOptions!
test.use({
  launchOptions: { ...CHROMIUM, args: [...CHROMIUM.args!, `--host-resolver-rules=MAP ${SITE_HOST} 127.0.0.1`] },
})

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }

const STARTS = {
  node: { command: process.execPath, args: ['build/node/server.js'], storage: 'fs' },
  deno: { command: 'npx', args: ['deno', 'run', '-A', '--unstable-kv', 'bff/runtime/deno.ts'], storage: 'deno-kv' },
} as const

for (const [runtime, start] of Object.entries(STARTS)) {
  test.describe(`the production start on ${runtime} behind an HTTPS proxy`, () => {
    test.describe.configure({ mode: 'serial' })
    let app: Running
    let proxy: TlsProxy
    let dataDir: string
    const site = (browser: Browser, options: BrowserContextOptions = {}) =>
      browser.newContext({ baseURL: proxy.url, ignoreHTTPSErrors: true, ...options })

    test.beforeAll(async () => {
      test.setTimeout(120_000)
      dataDir = mkdtempSync(join(tmpdir(), `proxied-${runtime}-`))
      const [appPort, proxyPort] = [await freePort(), await freePort()]
      app = await startServer(start.command, [...start.args], appPort, {
        PORT: String(appPort),
        NODE_ENV: 'production',
        JWT_SECRET: 'behind-a-proxy-test-secret-0123456789abcdef',
        PUBLIC_URL: `https://${SITE_HOST}:${proxyPort}`,
        STORAGE_DRIVER: start.storage,
        DATA_DIR: dataDir,
        TRUSTED_PROXY_HEADER: 'x-forwarded-for',
        // a preview that asks for the demo companies: their people sign in below
        DEMO_DATA: '1',
      })
      proxy = await startTlsProxy(proxyPort, appPort)
    })
    test.afterAll(async () => {
      await proxy?.stop()
      await app?.stop()
      rmSync(dataDir, { recursive: true, force: true })
    })

    test('the office signs in, saves a client and sends a quote the client approves on the link', async ({
      browser,
    }) => {
      const office = await (await site(browser)).newPage()
      await office.goto('/sign-in')
      await office.getByLabel('Email address').fill(DEMO_ADMIN.email)
      await office.getByLabel('Password').fill(DEMO_ADMIN.password)
      await office.getByRole('button', { name: 'Sign in' }).click()
      await expect(office).toHaveURL(`${proxy.url}/view/home`)
      // the session and the form token are the production ones: Secure, and __Host- for the form's
      const cookies = await office.context().cookies()
      expect(cookies.find((c) => c.name === 'token')).toMatchObject({ secure: true, httpOnly: true })
      expect(cookies.find((c) => c.name === '__Host-csrf')).toMatchObject({ secure: true, httpOnly: true })

      // a record form
      await office.goto('/view/cd_cliente/new')
      await expect(office.getByTestId('splash')).toHaveCount(0)
      await office.getByLabel('Kind', { exact: true }).first().selectOption('business')
      await office.getByLabel('Name', { exact: true }).fill(`Padaria do Proxy (${runtime})`)
      await office.getByRole('button', { name: 'Save' }).click()
      await expect(office).toHaveURL(`${proxy.url}/view/cd_cliente`)
      await office.getByLabel('Search the list').fill(`Padaria do Proxy (${runtime})`)
      await office.getByRole('button', { name: 'Search' }).click()
      await expect(office.getByTestId('data-row')).toHaveCount(1)

      // a draft quote sent: the link the client gets is the site's https address
      await office.goto('/view/cd_cotacao?state=draft')
      await office.getByTestId('data-row').first().getByRole('link').first().click()
      await office.getByRole('button', { name: 'Send to the client' }).click()
      await expect(office.getByTestId('toast').filter({ hasText: 'no e-mail went out' })).toBeVisible()
      await office.getByRole('link', { name: /Open the client's page/ }).click()
      await expect(office).toHaveURL(new RegExp(`^${proxy.url}/q/[\\w.-]+$`))
      const link = office.url()

      // the client, on a phone that never signed in
      const client = await (await site(browser, PHONE)).newPage()
      await client.goto(link)
      await expect(client.getByRole('heading', { level: 1 })).toHaveText(/^Orçamento ORC-/)
      await client.getByLabel('Seu nome completo').fill('Joana Pelo Proxy')
      await client.getByRole('button', { name: 'Aprovar o orçamento' }).click()
      await expect(client.getByText(/^Aprovado por Joana Pelo Proxy em /)).toBeVisible()
    })

    test("the technician attaches a phone's photo, resized on the phone and as the original without scripts", async ({
      browser,
    }) => {
      const photo = { name: 'IMG_0412.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(phonePhoto()) }
      for (const javaScriptEnabled of [true, false]) {
        const tech = await (await site(browser, { ...PHONE, javaScriptEnabled })).newPage()
        await tech.goto('/sign-in')
        await tech.getByLabel('Email address').fill(DEMO_TECHNICIAN.email)
        await tech.getByLabel('Password').fill(DEMO_TECHNICIAN.password)
        await tech.getByRole('button', { name: 'Sign in' }).click()
        await expect(tech).toHaveURL(`${proxy.url}/view/home`)
        await tech.getByRole('region', { name: 'Today' }).getByTestId('visit').first().getByRole('link').first().click()
        await expect(tech).toHaveURL(/\/view\/cd_techorders\/[\w-]+$/)
        const photos = tech.getByTestId('visit-photos').getByRole('img')
        const before = await photos.count()
        await tech.getByLabel('When').selectOption(javaScriptEnabled ? 'before' : 'after')
        await tech.getByLabel('Photo', { exact: true }).setInputFiles(photo)
        await tech.getByRole('button', { name: 'Add photo' }).click()
        await expect(photos).toHaveCount(before + 1)
        await tech.context().close()
      }
    })
  })
}
