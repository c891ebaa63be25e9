import { pbkdf2Sync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../bff/config.ts'
import { hashPassword, PBKDF2_ITERATIONS } from '../../bff/lib/passwords.ts'
import { TOKEN_LIFETIME_SECONDS } from '../../bff/lib/tokens.ts'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'
import { testBff } from '../shared/bff.ts'

// What docs/asvs-l1.md promises of sessions and passwords (rows 6.2.1, 6.2.8, 7.4.1, 9.2.1, 11.4.1, 15.3.1)
const acme = { 'x-empresa': '1', 'x-filial': '1' }

describe('sessions and passwords', () => {
  it('ends a session 7 days after sign-in, however often its token was renewed', async () => {
    let now = Date.now()
    const bff = await testBff({ now: () => now })
    const first = await bff.signIn(DEMO_ADMIN)
    const me = (token: string) => bff.call('/common/user', { token })
    expect((await me(first)).status).toBe(200)
    // six days on, a renewed token of the same session
    now += 6 * 86_400_000
    const renewed = await bff.call('/auth/refresh-access-token', { method: 'POST', token: first })
    const fresh = ((await renewed.json()) as { Dados: { Token: string } }).Dados.Token
    expect((await me(fresh)).status).toBe(200)
    // past the session's 7 days: the first token and the renewed one both end with it
    now = now - 6 * 86_400_000 + TOKEN_LIFETIME_SECONDS * 1000 + 60_000
    expect((await me(first)).status).toBe(401)
    expect((await me(fresh)).status).toBe(401)
    expect((await bff.call('/auth/sign-in-with-token', { method: 'POST', json: { accessToken: fresh } })).status).toBe(
      401,
    )
  })

  it('hashes a password with PBKDF2-SHA256 at 600,000 rounds and a salt of its own, and takes fewer only in the tests', async () => {
    const [a, b] = [await hashPassword('a-new-password'), await hashPassword('a-new-password')]
    expect(a).toMatchObject({ algorithm: 'PBKDF2-SHA256', iterations: 600_000 })
    expect(PBKDF2_ITERATIONS).toBe(600_000)
    expect(a.salt).not.toBe(b.salt)
    expect(pbkdf2Sync('a-new-password', Buffer.from(a.salt, 'base64'), 600_000, 32, 'sha256').toString('base64')).toBe(
      a.hash,
    )
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'production-test-secret-0123456789abcdef',
        PUBLIC_URL: 'https://fieldwise.example',
        PASSWORD_HASH_ITERATIONS: '1000',
      }),
    ).toThrow(/tests only/)
  })

  it('takes a new password of 8 to 128 characters, whole, when it is strong', async () => {
    const bff = await testBff()
    let token = await bff.signIn(DEMO_ADMIN)
    let current = DEMO_ADMIN.password
    const change = (newPassword: string) =>
      bff.call('/common/user/password', { method: 'POST', token, json: { currentPassword: current, newPassword } })
    const refused = async (newPassword: string) => {
      const res = await change(newPassword)
      return [res.status, ((await res.json()) as { fields?: Record<string, string[]> }).fields?.newPassword]
    }
    expect(await refused('qwzx-7!')).toEqual([400, ['Use at least 8 characters']])
    expect(await refused('q-'.repeat(64) + 'x')).toEqual([400, ['Use at most 128 characters']])
    // 128 characters that repeat nothing (a repeat is weak however long)
    const signs = 'abcdefghjkmnpqrstuvwxyz23456789-'
    const longest = Array.from({ length: 128 }, (_, i) => signs[(i * 7 + 3) % signs.length]).join('')
    expect(longest).toHaveLength(128)
    expect((await change(longest)).status).toBe(200)
    current = longest
    const signIn = (password: string) =>
      bff.call('/auth/sign-in', { method: 'POST', json: { email: DEMO_ADMIN.email, password } })
    // not cut: the same password without its last character is another one
    expect((await signIn(longest.slice(0, -1))).status).not.toBe(200)
    expect((await signIn(longest)).status).toBe(200)
    token = ((await (await signIn(longest)).json()) as { accessToken: string }).accessToken
    // eight random characters are about 10⁸ guesses, under zxcvbn's score 3: nine are past it
    expect(await refused('tq8-vz4w')).toEqual([400, [expect.stringMatching(/easy to guess/)]])
    expect((await change('tq8-vz4wk')).status).toBe(200)
  })

  it('answers a person only through their public fields: no hash, salt, grants or session data', async () => {
    const bff = await testBff()
    const token = await bff.signIn(DEMO_ADMIN)
    for (const path of ['/common/user', '/common/shell', '/ac_usuarios?size=100', '/cd_filial/user-branches']) {
      const res = await bff.call(path, { token, headers: acme })
      expect(res.status, path).toBe(200)
      expect(await res.text(), path).not.toMatch(/"(password|passwordHash|salt|hash|grants|sessionEpoch|iterations)"/)
    }
    const signIn = await bff.call('/auth/sign-in', { method: 'POST', json: DEMO_ADMIN })
    expect(await signIn.text()).not.toMatch(/"(password|passwordHash|salt|hash|grants|sessionEpoch|iterations)"/)
  })
})
