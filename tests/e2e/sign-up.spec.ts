import { expect, test } from './fixtures'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'
import { freePort, startServer, type Running } from '../runtime/servers.ts'
import { expectReadsInViews } from './helpers.ts'

// issue 31 §1, §5: sign-up founds a company; the signed-out pages follow the browser's language
test.describe('in a Brazilian browser', () => {
  test.use({ locale: 'pt-BR', timezoneId: 'America/Recife' })

  test('sign-up founds the company: the form in Portuguese with the browser’s defaults, the e-mailed link, the company’s home', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/sign-in')
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR')
    await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible()
    await page.getByRole('link', { name: 'Cadastre-se' }).click()

    await expect(page.getByRole('heading', { name: 'Cadastrar' })).toBeVisible()
    await expect(page.getByTestId('splash')).toHaveCount(0)
    // the company's defaults come from the browser: Brazil, reais, Portuguese, its time zone
    await expect(page.getByLabel('País')).toHaveValue('BR')
    await expect(page.getByLabel('Moeda')).toHaveValue('BRL')
    await expect(page.getByLabel('Idioma da empresa')).toHaveValue('pt')
    await expect(page.getByLabel('Fuso horário')).toHaveValue('America/Recife')
    await expectReadsInViews(page, baseURL!, 'the sign-up form', page.getByLabel('Nome completo'))

    const email = `owner-${Date.now()}@frio.example`
    await page.getByLabel('Nome completo').fill('Paulo Lima')
    await page.getByLabel('E-mail', { exact: true }).fill(email)
    await page.getByLabel('Senha').fill('Blue-Harbor-Lantern-47')
    // nothing is sent without the company's name, nor without the agreements
    await page.getByRole('button', { name: 'Criar sua conta gratuita' }).click()
    await expect(page.getByText('Este campo é obrigatório')).toBeVisible()
    await expect(
      page.getByText('Aceite os termos de serviço e a política de privacidade para criar sua empresa'),
    ).toBeVisible()
    await page.getByLabel('Senha').fill('Blue-Harbor-Lantern-47')
    await page.getByLabel('Aceito os termos de serviço e a política de privacidade').check()
    await page.getByLabel('Empresa', { exact: true }).fill('Frio Lima Refrigeração')
    await page.getByLabel('Filial principal').fill('Recife')
    await page.getByRole('button', { name: 'Criar sua conta gratuita' }).click()

    await expect(page.getByRole('heading', { name: 'Verifique seu e-mail' })).toBeVisible()
    await expect(page.getByText(`Enviamos um link para ${email}`)).toBeVisible()
    // no mail server here: the link is shown to the person
    const link = (await page.getByRole('link', { name: 'Confirme seu e-mail' }).getAttribute('href'))!
    await page.getByRole('link', { name: 'Confirme seu e-mail' }).click()
    await expect(page.getByRole('heading', { name: 'Confirme seu e-mail' })).toBeVisible()
    await expectReadsInViews(
      page,
      baseURL!,
      'the confirmation page',
      page.getByRole('button', { name: 'Criar Frio Lima Refrigeração' }),
    )
    // the page speaks the company's language; the person may read it in another
    await page.getByLabel('Idioma').selectOption('en')
    await expect(page.getByRole('heading', { name: 'Confirm your e-mail' })).toBeVisible()
    await page.getByRole('button', { name: 'Create Frio Lima Refrigeração' }).click()

    // signed in, in the new company's main branch, as its admin, in the language of the account: welcomed, not back
    await expect(page).toHaveURL(/\/view\/home\?welcome=first$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Bem-vindo, Paulo Lima!' })).toBeVisible()
    await expect(page.getByTestId('tenant')).toHaveText('Você está trabalhando em Frio Lima Refrigeração — Recife.')
    await page.goto('/view/ac_usuarios')
    await expect(page.getByRole('cell', { name: email })).toBeVisible()
    // the link has done its work: opened again, it says to sign in
    await page.goto(link)
    await expect(page.getByText('Este link já criou a empresa: entre com seu e-mail e senha')).toBeVisible()
    await expect(page.getByRole('button', { name: /Criar/ })).toHaveCount(0)
  })

  test('an unknown confirmation link says so', async ({ page }) => {
    await page.goto('/confirm-email?token=' + 'x'.repeat(40))
    await expect(page.getByText('Este link de confirmação é inválido ou expirou: cadastre-se de novo')).toBeVisible()
  })
})

test('the signed-out pages follow the browser’s language, and the language picker changes it', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'es-MX' })
  const page = await context.newPage()
  await page.goto('/forgot-password')
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-MX')
  await expect(page.getByRole('heading', { name: '¿Olvidaste tu contraseña?' })).toBeVisible()
  await expect(page.getByTestId('splash')).toHaveCount(0)
  await page.getByLabel('Idioma').selectOption('en')
  await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US')
  // the choice holds on the next page
  await page.goto('/sign-in')
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await context.close()
})

// issue 42 §2: a flood from many addresses slows itself, and switches off nobody's sign-up or reset
test.describe('while strangers flood sign-up and resets from many addresses', () => {
  let app: Running
  test.beforeAll(async () => {
    const port = await freePort()
    app = await startServer(process.execPath, ['build/node/server.js'], port, {
      PORT: String(port),
      STORAGE_DRIVER: 'memory',
      NODE_ENV: 'test',
      TRUSTED_PROXY_HEADER: 'x-forwarded-for',
    })
  })
  test.afterAll(() => app?.stop())

  test('a person’s reset and sign-up go through: the page proves some work by itself', async ({ browser }) => {
    const forgot = (email: string, address: string) =>
      fetch(`${app.url}/api/auth/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ email }),
      })
    // 100 requests from 10 addresses: past the threshold in all, each request needs a proof of work
    const flood = await Promise.all(
      Array.from({ length: 100 }, (_, i) => forgot(`ghost${i}@example.com`, `198.51.100.${i % 10}`)),
    )
    expect(flood.every((r) => r.status === 200)).toBe(true)
    const asked = await forgot('someone@example.com', '203.0.113.9')
    expect(asked.status).toBe(429)
    expect(await asked.json()).toMatchObject({ code: 'proof_of_work_required' })

    const context = await browser.newContext({
      baseURL: app.url,
      extraHTTPHeaders: { 'x-forwarded-for': '192.0.2.50' },
    })
    const page = await context.newPage()
    await page.goto('/forgot-password')
    await page.getByLabel('Email address').fill(DEMO_ADMIN.email)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect(page.getByText('Password reset sent!')).toBeVisible({ timeout: 20_000 })
    expect(app.output()).toContain(`password reset link for ${DEMO_ADMIN.email}: http`)

    await page.goto('/sign-up')
    await page.getByLabel('Full name').fill('Rita Alves')
    await page.getByLabel('Email address').fill('rita.flood@example.com')
    await page.getByLabel('Password').fill('a-good-long-password')
    await page.getByLabel('Company', { exact: true }).fill('Alves Cooling')
    await page.getByLabel('I accept the terms of service and the privacy policy').check()
    await page.getByRole('button', { name: 'Create your free account' }).click()
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible({ timeout: 20_000 })
    await page.getByRole('link', { name: 'Confirm your e-mail' }).click()
    await page.getByRole('button', { name: 'Create Alves Cooling' }).click()
    await expect(page).toHaveURL(/\/view\/home\?welcome=first$/, { timeout: 20_000 })
    await context.close()
  })
})
