import { expect } from 'vitest'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'
import type { Running } from './servers.ts'

/** Signs in through the API, writes the user's name, reads it back; checks a page and an asset. */
export async function roundTrip(url: string, name: string) {
  const signIn = await fetch(`${url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_ADMIN) })
  expect(signIn.status).toBe(200)
  const { accessToken } = (await signIn.json()) as { accessToken: string }
  const auth = { authorization: `Bearer ${accessToken}` }
  const patch = await fetch(`${url}/api/common/user`, { method: 'PATCH', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ user: { name } }) })
  expect(patch.status).toBe(200)
  const user = (await (await fetch(`${url}/api/common/user`, { headers: auth })).json()) as { name: string }
  expect(user.name).toBe(name)
  const wrong = await fetch(`${url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...DEMO_ADMIN, password: 'wrong-password' }) })
  expect(wrong.status).toBe(404)
  const page = await fetch(`${url}/sign-in`)
  expect(page.status).toBe(200)
  const html = await page.text()
  expect(html).toContain('<h1 class="mt-6 text-3xl font-extrabold tracking-tight">Sign in</h1>')
  const script = html.match(/\/assets\/entry\.client-[\w-]+\.js/)?.[0]
  expect(script).toBeDefined()
  const asset = await fetch(`${url}${script}`)
  expect(asset.status).toBe(200)
  expect(asset.headers.get('content-type')).toContain('javascript')
  return accessToken
}

/**
 * Starts a server, checks its storage driver and does the round trip, stops it, starts it
 * again over the same data and checks the change is still there.
 */
export async function restartKeepsData(start: () => Promise<Running>, driver: string, name: string) {
  const first = await start()
  try {
    const health = (await (await fetch(`${first.url}/api/health`)).json()) as { storage: string }
    expect(health.storage).toBe(driver)
    await roundTrip(first.url, name)
  } finally {
    await first.stop()
  }
  const second = await start()
  try {
    const signIn = await fetch(`${second.url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_ADMIN) })
    expect(((await signIn.json()) as { user: { name: string } }).user.name).toBe(name)
  } finally {
    await second.stop()
  }
}
