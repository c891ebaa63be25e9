import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createBff, type BffOptions } from '../../bff/app.ts'
import { loadConfig } from '../../bff/config.ts'
import type { Logger } from '../../bff/lib/deps.ts'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'
import { seedDemoData } from '../../seeds/index.ts'
import { hashPassword } from '../../bff/lib/passwords.ts'
import { newUser, type Grant } from '../../domain/tenancy.ts'
import { openStore } from '../../storage/open.ts'

export type TestBff = Awaited<ReturnType<typeof testBff>>

/** The storage the API suites run over: memory, and fs (what `npm start` uses) in the vitest project that sets TEST_STORAGE=fs. */
export const TEST_STORAGE = process.env.TEST_STORAGE === 'fs' ? 'fs' : 'memory'
const dataDirs: string[] = []

/**
 * Removes the data dirs of the stores made so far: tests/unit/setup.ts runs it after each test
 * file (the files of a worker share this module: a hook registered here would be the first file's only).
 */
export function removeTestStores() {
  dataDirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }))
}

/** A fresh store of the suite's driver (an fs one in its own temporary data dir, removed at the end). */
export async function testStore() {
  if (TEST_STORAGE === 'memory') return openStore({ driver: 'memory' })
  const dataDir = mkdtempSync(join(tmpdir(), 'api-fs-'))
  dataDirs.push(dataDir)
  return openStore({ driver: 'fs', dataDir })
}

/** Password hashes in the tests: fewer rounds than production's 600,000, so signing in costs little. */
const TEST_HASH_ITERATIONS = '1000'

/** The real BFF over real storage (memory or fs, see TEST_STORAGE) with the demo data; `logs` collects what it logs. */
export async function testBff(options: Partial<BffOptions> & { env?: Record<string, string>; seed?: boolean } = {}) {
  const logs: string[] = []
  const log: Logger = { info: (m) => logs.push(m), error: (m, e) => logs.push(`${m} ${String(e)}`) }
  const config = loadConfig({
    NODE_ENV: 'test',
    STORAGE_DRIVER: TEST_STORAGE,
    JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
    PASSWORD_HASH_ITERATIONS: TEST_HASH_ITERATIONS,
    ...options.env,
  })
  const store = options.store ?? (await testStore())
  if (options.seed !== false) await seedDemoData(store, log, config.passwordIterations, config.demoTimeZone)
  const bff = await createBff({ config, store, log, ...options })
  const call = (
    path: string,
    init: RequestInit & { token?: string; json?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const headers: Record<string, string> = { ...init.headers }
    if (init.token) headers.authorization = `Bearer ${init.token}`
    if (init.json !== undefined) headers['content-type'] = 'application/json'
    return bff.api.request(path, {
      ...init,
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    })
  }
  const signIn = async (credentials: { email: string; password: string } = DEMO_ADMIN) => {
    const res = await call('/auth/sign-in', { method: 'POST', json: credentials })
    if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`)
    return ((await res.json()) as { accessToken: string }).accessToken
  }
  return { ...bff, store, logs, call, signIn }
}

/** A module's answer as the tests read it: the wrapper, with a refusal's code, field codes and allowed actions. */
export type ModuleAnswer<T = unknown> = {
  IsSuccess: boolean
  Dados: T
  Msg: string
  code?: string
  allowed?: string[]
  fields?: Record<string, string[]>
  codes?: Record<string, string>
}
type CallInit = Omit<RequestInit, 'headers'> & { json?: unknown; headers?: Record<string, string> }

/** Calls as one signed-in user in one company and branch (X-Empresa, X-Filial): status, ETag and the JSON answer. */
export async function callAs(
  bff: TestBff,
  credentials: { email: string; password: string },
  tenant: Record<string, string> = { 'x-empresa': '1', 'x-filial': '1' },
) {
  const token = await bff.signIn(credentials)
  return async <T = unknown>(path: string, init: CallInit = {}) => {
    const res = await bff.call(path, { ...init, token, headers: { ...tenant, ...init.headers } })
    return {
      status: res.status,
      etag: res.headers.get('etag'),
      replayed: res.headers.get('idempotent-replayed'),
      body: (await res.json()) as ModuleAnswer<T>,
    }
  }
}

/** A new member of a company with one grant (a technician of one branch ...), signed in: their token. */
export async function signInMember(bff: TestBff, grant: Grant, name = 'Lia Santos'): Promise<string> {
  const email = `member-${crypto.randomUUID()}@example.com`
  const password = 'member-password-2026'
  await bff.deps.repos.users.create(
    newUser({ name, email, culture: 'en', password: await hashPassword(password, 1000), grants: [grant] }, Date.now()),
  )
  return bff.signIn({ email, password })
}

/** A sign-up as its form sends it: the person and the company they found (in Brazil unless told). */
export const signUpInput = (
  person: { name: string; email: string; password: string },
  company: Record<string, string> = {},
) => ({
  ...person,
  company: 'Alves Climatização',
  country: 'BR',
  currency: 'BRL',
  culture: 'pt',
  timeZone: 'America/Sao_Paulo',
  branch: 'Matriz',
  agreements: true,
  ...company,
})

/** The confirmation link a sign-up answered (outside production without a mail server, it comes back to the person). */
export async function signUpLink(bff: TestBff, input: ReturnType<typeof signUpInput>): Promise<string> {
  const res = await bff.call('/auth/sign-up', { method: 'POST', json: input })
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}`)
  const link = res.headers.get('confirmation-link')
  if (!link) throw new Error('sign-up answered no confirmation link')
  return new URL(link).searchParams.get('token')!
}

/** A person with an account of their own and no company (one a company let go ...). */
export async function createPerson(bff: TestBff, person: { name: string; email: string; password: string }) {
  await bff.deps.repos.users.create(
    newUser({ ...person, culture: 'en', password: await hashPassword(person.password, 1000), grants: [] }, Date.now()),
  )
}
