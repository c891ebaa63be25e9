import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ServerBuild } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../bff/config.ts'
import { createServer, type Server } from '../../bff/server.ts'
import { seedDemoData } from '../../seeds/index.ts'
import { DEMO_ADMIN, DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { openStore } from '../../storage/open.ts'

/**
 * Signed-in pages answered again until the next write (bff/lib/kept-pages.ts), in the built app
 * over the default fs storage: a page never shows less than the last write, never somebody
 * else's page, never outlives its session, and each answer has a nonce of its own.
 */
const WEEK = 7 * 24 * 3600 * 1000
const QUARTER_HOUR = 900_000
const quiet = { info: () => {}, error: () => {} }

describe('signed-in pages kept until the next write', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kept-pages-'))
  let server: Server
  let clock = Date.now()
  let renders = 0
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
  beforeAll(async () => {
    const store = await openStore({ driver: 'fs', dataDir })
    const config = loadConfig({
      NODE_ENV: 'test',
      STORAGE_DRIVER: 'fs',
      JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
      PASSWORD_HASH_ITERATIONS: '1000',
    })
    await seedDemoData(store, quiet, config.passwordIterations)
    const build = (await import(new URL('../../build/server/index.js', import.meta.url).href)) as ServerBuild
    // the documents React renders, counted
    const render = build.entry.module.default
    const counted = {
      ...build,
      entry: {
        module: {
          ...build.entry.module,
          default: (...args: Parameters<typeof render>) => (renders++, render(...args)),
        },
      },
    }
    server = await createServer({ config, store, build: counted, log: quiet, now: () => clock })
  })

  const signIn = async (credentials: { email: string; password: string }) => {
    const res = await server.app.request('/api/auth/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    })
    return ((await res.json()) as { accessToken: string }).accessToken
  }
  // as a browser sends them once signed in (the form token is set by the first page)
  const cookies = (token: string, empresa = 1, filial = 1) =>
    `token=${token}; csrf=keptpagesformtoken0123456789; currentEmpresa=${empresa}; currentFilial=${filial}`
  const page = (path: string, cookie: string, headers: Record<string, string> = {}) =>
    server.app.request(path, { headers: { cookie, ...headers } })
  const nonceOf = (res: Response) => res.headers.get('content-security-policy')!.match(/'nonce-([\w-]+)'/)![1]

  it('sends the same page again with a nonce of its own, in its policy and on every script it inlines', async () => {
    const cookie = cookies(await signIn(DEMO_ADMIN))
    const before = renders
    const [first, second] = [await page('/view/home', cookie), await page('/view/home', cookie)]
    expect([first.status, second.status, renders - before]).toEqual([200, 200, 1])
    const [a, b] = [nonceOf(first), nonceOf(second)]
    expect(a).not.toBe(b)
    const [htmlA, htmlB] = [await first.text(), await second.text()]
    expect(htmlA).toContain('Welcome back, Ana Costa!')
    for (const [html, nonce] of [
      [htmlA, a],
      [htmlB, b],
    ]) {
      const scripts = html.match(/<script[^>]*>/g)!
      expect(scripts.length).toBeGreaterThan(1)
      for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`)
    }
    expect(htmlB.replaceAll(b, a)).toBe(htmlA)
  })

  it('renders a page once until something is written, and again on a hard reload or when the answer sets a cookie', async () => {
    const cookie = cookies(await signIn(DEMO_ADMIN))
    const rendersOf = async (load: () => Response | Promise<Response>) => {
      const before = renders
      expect((await load()).status).toBe(200)
      return renders - before
    }
    expect(await rendersOf(() => page('/view/help', cookie))).toBe(1)
    expect(await rendersOf(() => page('/view/help', cookie))).toBe(0)
    expect(await rendersOf(() => page('/view/help', cookie, { 'cache-control': 'no-cache' }))).toBe(1)
    expect(await rendersOf(() => page('/view/help', cookie))).toBe(0)
    // any write, here a sign-in elsewhere
    await signIn(DEMO_TECHNICIAN)
    expect(await rendersOf(() => page('/view/help', cookie))).toBe(1)
    expect(await rendersOf(() => page('/view/help', cookie))).toBe(0)
    // no form token yet: the answer sets one, and is not kept
    const firstVisit = cookie.replace(/csrf=[^;]+; /, '')
    expect(await rendersOf(() => page('/view/help', firstVisit))).toBe(1)
    expect(await rendersOf(() => page('/view/help', firstVisit))).toBe(1)
  })

  it('renders again a page drawn around a call that failed (a person of no company has no help articles to read)', async () => {
    const person = { name: 'Rita Alves', email: 'rita.pages@example.com', password: 'a-good-long-password' }
    const signUp = await server.app.request('/api/auth/sign-up', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(person),
    })
    expect(signUp.status).toBe(200)
    const cookie = cookies(await signIn(person), -1, -1)
    const before = renders
    for (const _ of [1, 2]) expect((await page('/view/help', cookie)).status).toBe(200)
    expect(renders - before).toBe(2)
  })

  it('shows a write at the next load, whoever made it', async () => {
    const admin = await signIn(DEMO_ADMIN)
    const cookie = cookies(admin)
    const list = '/view/cd_cliente?search=Kept'
    expect(await (await page(list, cookie)).text()).not.toContain('Zebra Kept Plumbing')
    expect(await (await page(list, cookie)).text()).not.toContain('Zebra Kept Plumbing')
    const other = await signIn(DEMO_ADMIN)
    const created = await server.app.request('/api/cd_cliente', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${other}`,
        'x-empresa': '1',
        'x-filial': '1',
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        kind: 'business',
        name: 'Zebra Kept Plumbing',
        contacts: [{ kind: 'email', label: '', value: 'ops@zebra.example' }],
      }),
    })
    expect(created.status).toBe(200)
    expect(await (await page(list, cookie)).text()).toContain('Zebra Kept Plumbing')
  })

  it('gives each person and company their own page at the same address', async () => {
    const admin = cookies(await signIn(DEMO_ADMIN))
    const tech = cookies(await signIn(DEMO_TECHNICIAN))
    const welcome = async (cookie: string, headers: Record<string, string> = {}) =>
      (await (await page('/view/home', cookie, headers)).text()).match(
        /(Welcome back|Bem-vindo de volta|Bienvenido de nuevo)[^<]*/,
      )?.[0]
    expect(await welcome(admin)).toBe('Welcome back, Ana Costa!')
    const techWelcome = await welcome(tech)
    expect(techWelcome).toMatch(/^Welcome back, /)
    expect(techWelcome).not.toContain('Ana Costa')
    expect(await welcome(admin)).toBe('Welcome back, Ana Costa!')
    // the same person in another company: its clients, not the first one's
    const clients = async (cookie: string) => (await page('/view/cd_cliente', cookie)).text()
    expect(await clients(admin)).toContain('Farmácia Vida')
    const northwind = cookies(admin.match(/token=([^;]+)/)![1], 2, 4)
    expect(await clients(northwind)).not.toContain('Farmácia Vida')
    expect(await clients(northwind)).toContain('Northwind Home Services')
    expect(await clients(admin)).toContain('Farmácia Vida')
  })

  it('does not outlive its session: once it has expired, with nothing written, the page sends the person to sign in', async () => {
    // signed in so that the session ends in the middle of a quarter hour (pages are kept within one)
    const now = clock
    clock = Math.ceil((now + WEEK) / QUARTER_HOUR) * QUARTER_HOUR + QUARTER_HOUR / 2 - WEEK
    try {
      const cookie = cookies(await signIn(DEMO_ADMIN))
      clock += WEEK - 60_000
      expect((await page('/view/home', cookie)).status).toBe(200)
      expect((await page('/view/home', cookie)).status).toBe(200)
      clock += 120_000
      const expired = await page('/view/home', cookie)
      expect([302, 303]).toContain(expired.status)
      expect(expired.headers.get('location')).toMatch(/^\/sign-in/)
    } finally {
      clock = now
    }
  })
})
