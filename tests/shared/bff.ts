import { createBff, type BffOptions } from '../../bff/app.ts'
import { loadConfig } from '../../bff/config.ts'
import type { Logger } from '../../bff/lib/deps.ts'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'
import { seedDemoData } from '../../seeds/index.ts'
import { openStore } from '../../storage/open.ts'

export type TestBff = Awaited<ReturnType<typeof testBff>>

/** The real BFF over real memory storage with the demo data; `logs` collects what it logs. */
export async function testBff(options: Partial<BffOptions> & { env?: Record<string, string>; seed?: boolean } = {}) {
  const logs: string[] = []
  const log: Logger = { info: (m) => logs.push(m), error: (m, e) => logs.push(`${m} ${String(e)}`) }
  const config = loadConfig({ NODE_ENV: 'test', STORAGE_DRIVER: 'memory', JWT_SECRET: 'test-secret-that-is-long-enough-0123456789', ...options.env })
  const store = options.store ?? (await openStore({ driver: 'memory' }))
  if (options.seed !== false) await seedDemoData(store, log)
  const bff = await createBff({ config, store, log, ...options })
  const call = (path: string, init: RequestInit & { token?: string; json?: unknown; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { ...init.headers }
    if (init.token) headers.authorization = `Bearer ${init.token}`
    if (init.json !== undefined) headers['content-type'] = 'application/json'
    return bff.api.request(path, { ...init, headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body })
  }
  const signIn = async (credentials: { email: string; password: string } = DEMO_ADMIN) => {
    const res = await call('/auth/sign-in', { method: 'POST', json: credentials })
    if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`)
    return ((await res.json()) as { accessToken: string }).accessToken
  }
  return { ...bff, store, logs, call, signIn }
}
