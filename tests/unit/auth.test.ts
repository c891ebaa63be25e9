import { createHash } from 'node:crypto'
import { decodeJwt, SignJWT } from 'jose'
import { signAccessToken } from '../../bff/lib/tokens.ts'
import { solveProof } from '../../domain/proof-of-work.ts'
import { beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ADMIN, DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { signUpInput, signUpLink, testBff, type TestBff } from '../shared/bff.ts'

describe('sign-in', () => {
  let bff: TestBff
  beforeAll(async () => {
    bff = await testBff()
  })

  it('answers the user, an HS256 bearer token for 7 days and never the password', async () => {
    const res = await bff.call('/auth/sign-in', { method: 'POST', json: DEMO_ADMIN })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { user: Record<string, unknown>; accessToken: string; tokenType: string }
    expect(body.tokenType).toBe('bearer')
    expect(body.user).toMatchObject({ email: DEMO_ADMIN.email, name: 'Ana Costa', status: 'online' })
    expect(JSON.stringify(body)).not.toContain('password')
    const [header, payload] = body.accessToken
      .split('.')
      .slice(0, 2)
      .map((p) => JSON.parse(Buffer.from(p, 'base64url').toString()))
    expect(header.alg).toBe('HS256')
    expect(payload.iss).toBe('Fuse')
    expect(payload.exp - payload.iat).toBe(7 * 24 * 3600)
    expect(typeof payload.sid).toBe('string')
  })

  it('answers 404 with the body false for a wrong password or an unknown e-mail', async () => {
    for (const json of [
      { ...DEMO_ADMIN, password: 'wrong-password' },
      { email: 'nobody@example.com', password: 'whatever' },
    ]) {
      const res = await bff.call('/auth/sign-in', { method: 'POST', json })
      expect(res.status).toBe(404)
      expect(await res.text()).toBe('false')
    }
  })

  it('compares the password exactly as typed: another case or an added space is a wrong password', async () => {
    const own = await testBff()
    for (const password of [
      DEMO_ADMIN.password.toUpperCase(),
      `${DEMO_ADMIN.password} `,
      ` ${DEMO_ADMIN.password}`,
      DEMO_ADMIN.password.slice(0, -1),
    ]) {
      expect((await own.call('/auth/sign-in', { method: 'POST', json: { ...DEMO_ADMIN, password } })).status).toBe(404)
    }
    expect((await own.call('/auth/sign-in', { method: 'POST', json: DEMO_ADMIN })).status).toBe(200)
  })

  it('answers 400 with field errors for a malformed body', async () => {
    const res = await bff.call('/auth/sign-in', { method: 'POST', json: { email: 'not-an-email' } })
    expect(res.status).toBe(400)
    const body = (await res.json()) as { error: string; fields: Record<string, string[]> }
    expect(body.fields.email).toBeDefined()
    expect(body.fields.password).toBeDefined()
  })

  it('accepts the e-mail in any case and with spaces around it', async () => {
    const res = await bff.call('/auth/sign-in', {
      method: 'POST',
      json: { email: `  ${DEMO_ADMIN.email.toUpperCase()} `, password: DEMO_ADMIN.password },
    })
    expect(res.status).toBe(200)
  })
})

describe('sign-in throttling', () => {
  it('locks an account after 5 failures, even under 50 concurrent wrong attempts', async () => {
    const bff = await testBff()
    const wrong = { email: DEMO_TECHNICIAN.email, password: 'not-the-password' }
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => bff.call('/auth/sign-in', { method: 'POST', json: wrong })),
    )
    const statuses = answers.map((r) => r.status)
    expect(statuses.filter((s) => s === 404)).toHaveLength(5)
    expect(statuses.filter((s) => s === 429)).toHaveLength(45)
    expect(answers.find((r) => r.status === 429)!.headers.get('retry-after')).toBe('900')
    // the right password is refused too while the lock lasts
    const right = await bff.call('/auth/sign-in', { method: 'POST', json: DEMO_TECHNICIAN })
    expect(right.status).toBe(429)
    // other accounts are not affected
    expect((await bff.call('/auth/sign-in', { method: 'POST', json: DEMO_ADMIN })).status).toBe(200)
  })

  it('lets the account in again 15 minutes later', async () => {
    let now = Date.parse('2026-11-21T10:00:00Z')
    const bff = await testBff({ now: () => now })
    const wrong = { email: DEMO_TECHNICIAN.email, password: 'nope-nope' }
    for (let i = 0; i < 5; i++)
      expect((await bff.call('/auth/sign-in', { method: 'POST', json: wrong })).status).toBe(404)
    expect((await bff.call('/auth/sign-in', { method: 'POST', json: DEMO_TECHNICIAN })).status).toBe(429)
    now += 14 * 60 * 1000
    expect((await bff.call('/auth/sign-in', { method: 'POST', json: DEMO_TECHNICIAN })).status).toBe(429)
    now += 2 * 60 * 1000
    expect((await bff.call('/auth/sign-in', { method: 'POST', json: DEMO_TECHNICIAN })).status).toBe(200)
  })
})

/** A proof of work's nonce found with Node's SHA-256 (a difficulty of 32 bits at most: the first word's zeros). */
function solveWithSha256(challenge: string, difficulty: number): string {
  for (let n = 0; ; n++) {
    const digest = createHash('sha256')
      .update(`${challenge}:${n.toString(36)}`)
      .digest()
    if (Math.clz32(digest.readUInt32BE(0)) >= difficulty) return n.toString(36)
  }
}

describe('throttles that slow guessing without handing out a lock (security issue §3)', () => {
  // each request says which address it comes from, as a trusted proxy's header would
  const from = (address: string) => ({ 'x-test-address': address })
  const withAddresses = () => testBff({ clientAddress: (c) => c.req.header('x-test-address') })

  it("lets the owner sign in from their address while strangers' failures lock only the strangers", async () => {
    const bff = await withAddresses()
    const wrong = { email: DEMO_TECHNICIAN.email, password: 'a-stranger-guess' }
    for (const address of ['203.0.113.1', '203.0.113.2']) {
      for (let i = 0; i < 5; i++)
        expect((await bff.call('/auth/sign-in', { method: 'POST', json: wrong, headers: from(address) })).status).toBe(
          404,
        )
      expect(
        (await bff.call('/auth/sign-in', { method: 'POST', json: DEMO_TECHNICIAN, headers: from(address) })).status,
      ).toBe(429)
    }
    expect(
      (await bff.call('/auth/sign-in', { method: 'POST', json: DEMO_TECHNICIAN, headers: from('198.51.100.7') }))
        .status,
    ).toBe(200)
  })

  it('refuses an address after 50 failures whatever the accounts, and no other address', async () => {
    const bff = await withAddresses()
    for (let i = 0; i < 50; i++)
      expect(
        (
          await bff.call('/auth/sign-in', {
            method: 'POST',
            json: { email: `ghost${i}@example.com`, password: 'guess-guess' },
            headers: from('203.0.113.9'),
          })
        ).status,
      ).toBe(404)
    expect(
      (await bff.call('/auth/sign-in', { method: 'POST', json: DEMO_ADMIN, headers: from('203.0.113.9') })).status,
    ).toBe(429)
    expect(
      (await bff.call('/auth/sign-in', { method: 'POST', json: DEMO_ADMIN, headers: from('198.51.100.7') })).status,
    ).toBe(200)
  })

  it('counts only failures against an address: a busy office signing in often is never refused', async () => {
    const bff = await withAddresses()
    for (let i = 0; i < 60; i++)
      expect(
        (
          await bff.call('/auth/sign-in', {
            method: 'POST',
            json: i % 2 ? DEMO_ADMIN : DEMO_TECHNICIAN,
            headers: from('192.0.2.10'),
          })
        ).status,
      ).toBe(200)
    for (let i = 0; i < 49; i++)
      await bff.call('/auth/sign-in', {
        method: 'POST',
        json: { email: `ghost${i}@example.com`, password: 'guess-guess' },
        headers: from('192.0.2.10'),
      })
    expect(
      (await bff.call('/auth/sign-in', { method: 'POST', json: DEMO_ADMIN, headers: from('192.0.2.10') })).status,
    ).toBe(200)
  })

  it('limits sign-up, forgot-password and confirmation per address (10 in 15 minutes) before hashing or writing anything, with a true Retry-After', async () => {
    let now = Date.parse('2026-11-21T10:00:00Z')
    const bff = await testBff({ now: () => now, clientAddress: (c) => c.req.header('x-test-address') })
    const signUp = (i: number, address: string) =>
      bff.call('/auth/sign-up', {
        method: 'POST',
        json: signUpInput({ name: `Flood ${i}`, email: `flood${i}@example.com`, password: `flood-password-${i}-x` }),
        headers: from(address),
      })
    const one = await Promise.all(Array.from({ length: 12 }, (_, i) => signUp(i, '203.0.113.50')))
    const refused = one.filter((r) => r.status === 429)
    expect(refused).toHaveLength(2)
    // a link for each one let through, none for the others
    expect(one.filter((r) => r.headers.get('confirmation-link'))).toHaveLength(10)
    expect(await refused[0].json()).toMatchObject({ code: 'too_many_requests' })
    const forgot = () =>
      bff.call('/auth/forgot-password', {
        method: 'POST',
        json: { email: DEMO_ADMIN.email },
        headers: from('203.0.113.50'),
      })
    const locked = await forgot()
    expect(locked.status).toBe(429)
    // Retry-After is when the address may ask again: a second earlier it may not, then it may
    const retryAfter = Number(locked.headers.get('retry-after'))
    expect(retryAfter).toBe(15 * 60)
    now += (retryAfter - 1) * 1000
    expect((await forgot()).status).toBe(429)
    now += 1000
    expect((await forgot()).status).toBe(200)
    expect(
      (
        await bff.call('/auth/confirm-sign-up', {
          method: 'POST',
          json: { token: 'x'.repeat(43) },
          headers: from('203.0.113.51'),
        })
      ).status,
    ).toBe(400)
  })

  // ASVS 6.1.1: a flood from many addresses never switches off sign-up or reset for everyone
  it('lets a reset through after 100 requests from 10 addresses: past the threshold it asks a proof of work, while each flooding address is refused', async () => {
    let now = Date.parse('2026-11-21T10:00:00Z')
    const bff = await testBff({ now: () => now, clientAddress: (c) => c.req.header('x-test-address') })
    const forgot = (email: string, address: string, headers: Record<string, string> = {}) =>
      bff.call('/auth/forgot-password', { method: 'POST', json: { email }, headers: { ...from(address), ...headers } })
    const flooders = Array.from({ length: 10 }, (_, a) => `198.51.100.${a}`)
    const flood = await Promise.all(
      flooders.flatMap((address, a) =>
        Array.from({ length: 10 }, (_, i) => forgot(`ghost${a}-${i}@example.com`, address)),
      ),
    )
    expect(flood.map((r) => r.status)).toEqual(Array(100).fill(200))
    // the flood goes on: each of its addresses is refused on its own, with its own true wait
    for (const address of flooders) {
      const again = await forgot('ghost@example.com', address)
      expect(again.status).toBe(429)
      expect(await again.json()).toMatchObject({ code: 'too_many_requests' })
    }
    // a person at an 11th address: asked to prove some work, not refused
    const asked = await forgot(DEMO_TECHNICIAN.email, '192.0.2.11')
    expect(asked.status).toBe(429)
    const { proof } = (await asked.json()) as { code: string; proof: { challenge: string; difficulty: number } }
    expect(proof.difficulty).toBeGreaterThanOrEqual(18)
    // solved as an integrator would, with any SHA-256 (the pages use solveProof)
    const solved = `${proof.challenge}:${solveWithSha256(proof.challenge, proof.difficulty)}`
    expect(solveProof(proof.challenge, proof.difficulty)).toBe(solved.split(':').pop())
    // a proof holds for its e-mail only, and a made-up one for nothing
    for (const [email, header] of [
      [DEMO_ADMIN.email, solved],
      [DEMO_TECHNICIAN.email, `${proof.challenge}:0`],
      [
        DEMO_TECHNICIAN.email,
        `${proof.challenge.slice(0, -1)}${proof.challenge.endsWith('x') ? 'y' : 'x'}:${solved.split(':')[1]}`,
      ],
    ])
      expect((await forgot(email, '192.0.2.11', { 'proof-of-work': header })).status).toBe(429)
    // ... and for its operation only: the same e-mail's sign-up needs a proof of its own
    const signUpWithIt = await bff.call('/auth/sign-up', {
      method: 'POST',
      json: signUpInput({ name: 'Someone', email: DEMO_TECHNICIAN.email, password: 'another-password-2026' }),
      headers: { ...from('192.0.2.11'), 'proof-of-work': solved },
    })
    expect([signUpWithIt.status, ((await signUpWithIt.json()) as { code: string }).code]).toEqual([
      429,
      'proof_of_work_required',
    ])
    const reset = await forgot(DEMO_TECHNICIAN.email, '192.0.2.11', { 'proof-of-work': solved })
    expect(reset.status).toBe(200)
    expect(bff.logs.some((l) => l.startsWith(`password reset link for ${DEMO_TECHNICIAN.email}: http`))).toBe(true)
    // a proof is spent once: sent again, from anywhere, it proves nothing
    const replayed = await forgot(DEMO_TECHNICIAN.email, '192.0.2.14', { 'proof-of-work': solved })
    expect([replayed.status, ((await replayed.json()) as { code: string }).code]).toEqual([
      429,
      'proof_of_work_required',
    ])
    // the flood's addresses gain nothing from a proof
    expect((await forgot(DEMO_TECHNICIAN.email, flooders[0], { 'proof-of-work': solved })).status).toBe(429)
    // Retry-After tells truly when no proof is asked: then a reset goes straight through
    const next = await forgot(DEMO_ADMIN.email, '192.0.2.12')
    expect(next.status).toBe(429)
    now += Number(next.headers.get('retry-after')) * 1000
    expect((await forgot(DEMO_ADMIN.email, '192.0.2.12')).status).toBe(200)
    // a proof expires after 10 minutes
    now += 11 * 60 * 1000
    const later = await Promise.all(
      Array.from({ length: 100 }, (_, i) => forgot(`late${i}@example.com`, `198.18.0.${i}`)),
    )
    expect(later.every((r) => r.status === 200)).toBe(true)
    expect((await forgot(DEMO_TECHNICIAN.email, '192.0.2.13', { 'proof-of-work': solved })).status).toBe(429)
  })

  it('puts no request whose address is unknown in one bucket with all the others: 15 resets go through', async () => {
    const bff = await testBff({ clientAddress: () => undefined })
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        bff.call('/auth/forgot-password', { method: 'POST', json: { email: `nobody${i}@example.com` } }),
      ),
    )
    expect(answers.map((r) => r.status)).toEqual(Array(15).fill(200))
  })

  it('sends at most 5 e-mails an hour to one address, answering the same, and the links sent still work', async () => {
    let now = Date.parse('2026-11-21T10:00:00Z')
    const bff = await testBff({ now: () => now, clientAddress: (c) => c.req.header('x-test-address') })
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        bff.call('/auth/forgot-password', {
          method: 'POST',
          json: { email: DEMO_TECHNICIAN.email },
          headers: from(`203.0.113.${100 + i}`),
        }),
      ),
    )
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200))
    const links = bff.logs.filter((l) => l.startsWith(`password reset link for ${DEMO_TECHNICIAN.email}: `))
    expect(links).toHaveLength(5)
    const token = new URL(links[0].split(': ').pop()!).searchParams.get('token')!
    expect((await bff.call('/auth/reset-link', { method: 'POST', json: { token } })).status).toBe(200)
    // sign-up's e-mails to the address count too: nothing more is sent
    const signUp = await bff.call('/auth/sign-up', {
      method: 'POST',
      json: signUpInput({ name: 'Someone', email: DEMO_TECHNICIAN.email, password: 'another-password-2026' }),
      headers: from('203.0.113.200'),
    })
    expect(signUp.status).toBe(200)
    expect(bff.logs.some((l) => l.startsWith(`sign-up of an existing account for ${DEMO_TECHNICIAN.email}`))).toBe(
      false,
    )
    now += 61 * 60 * 1000
    await bff.call('/auth/forgot-password', {
      method: 'POST',
      json: { email: DEMO_TECHNICIAN.email },
      headers: from('203.0.113.201'),
    })
    expect(bff.logs.filter((l) => l.startsWith(`password reset link for ${DEMO_TECHNICIAN.email}: `))).toHaveLength(6)
  })

  it('pauses unlock and password change for everyone after 500 failures in all in 15 minutes, but never sign-in', async () => {
    const bff = await withAddresses()
    // 500 failures from 250 addresses, two each (no pair and no address reaches its own limit)
    const wrong = (i: number) =>
      bff.call('/auth/unlock-session', {
        method: 'POST',
        json: { email: `ghost${i}@example.com`, password: 'guess-guess' },
        headers: from(`198.18.${Math.floor(i / 200)}.${i % 200}`),
      })
    for (let i = 0; i < 500; i += 50)
      expect(
        (await Promise.all(Array.from({ length: 50 }, (_, j) => wrong(Math.floor((i + j) / 2))))).every(
          (r) => r.status === 404,
        ),
      ).toBe(true)
    expect(
      (await bff.call('/auth/unlock-session', { method: 'POST', json: DEMO_ADMIN, headers: from('192.0.2.77') }))
        .status,
    ).toBe(429)
    const token = await bff.signIn(DEMO_ADMIN)
    expect(
      (
        await bff.call('/common/user/password', {
          method: 'POST',
          token,
          json: { currentPassword: DEMO_ADMIN.password, newPassword: 'a-new-password-2026' },
          headers: from('192.0.2.78'),
        })
      ).status,
    ).toBe(429)
    expect(
      (await bff.call('/auth/sign-in', { method: 'POST', json: DEMO_ADMIN, headers: from('192.0.2.79') })).status,
    ).toBe(200)
  })
})

describe('tokens and sessions', () => {
  let bff: TestBff
  beforeAll(async () => {
    bff = await testBff()
  })

  it('refuses a call without a token, with a bad one, or with another algorithm', async () => {
    expect((await bff.call('/common/user')).status).toBe(401)
    expect((await bff.call('/common/user', { token: 'abc.def.ghi' })).status).toBe(401)
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"x","sid":"y","iss":"Fuse"}').toString('base64url')}.`
    expect((await bff.call('/common/user', { token: none })).status).toBe(401)
    const otherKey = await new SignJWT({ sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('6d1f0a52-3c1e-4b8e-9a51-0a3e5f1c2b01')
      .setIssuer('Fuse')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-xxxxxxx'))
    const res = await bff.call('/common/user', { token: otherKey })
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: 'Invalid token' })
  })

  it('refuses a genuine token once it has expired', async () => {
    const token = await bff.signIn(DEMO_ADMIN)
    expect((await bff.call('/common/user', { token })).status).toBe(200)
    const { sub, sid } = decodeJwt(token) as { sub: string; sid: string }
    // the same claims, signed with the app's secret, issued eight days ago: a day past their lifetime
    const expired = await signAccessToken({ sub, sid }, bff.deps.secret, Math.floor(Date.now() / 1000) - 8 * 24 * 3600)
    const res = await bff.call('/common/user', { token: expired })
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: 'Invalid token' })
  })

  it('signs in with a token: 200 with a fresh token, 401 "Invalid token" for a bad one', async () => {
    const token = await bff.signIn()
    const ok = await bff.call('/auth/sign-in-with-token', { method: 'POST', json: { accessToken: token } })
    expect(ok.status).toBe(200)
    expect(((await ok.json()) as { user: { email: string } }).user.email).toBe(DEMO_ADMIN.email)
    const bad = await bff.call('/auth/sign-in-with-token', { method: 'POST', json: { accessToken: `${token}x` } })
    expect(bad.status).toBe(401)
    expect(await bad.json()).toEqual({ error: 'Invalid token' })
  })

  it('refreshes a token into the wrapper Dados.Token', async () => {
    const token = await bff.signIn()
    const res = await bff.call('/auth/refresh-access-token', { method: 'POST', token })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { IsSuccess: boolean; Dados: { Token: string } }
    expect(body.IsSuccess).toBe(true)
    expect((await bff.call('/common/user', { token: body.Dados.Token })).status).toBe(200)
  })

  it('revokes the session on sign-out, and only that session', async () => {
    const first = await bff.signIn()
    const second = await bff.signIn()
    expect((await bff.call('/auth/sign-out', { method: 'POST', token: first })).status).toBe(200)
    expect((await bff.call('/common/user', { token: first })).status).toBe(401)
    expect((await bff.call('/common/user', { token: second })).status).toBe(200)
  })

  it('unlocks a session with the right credentials only', async () => {
    expect((await bff.call('/auth/unlock-session', { method: 'POST', json: DEMO_ADMIN })).status).toBe(200)
    const wrong = await bff.call('/auth/unlock-session', {
      method: 'POST',
      json: { ...DEMO_ADMIN, password: 'bad-bad-bad' },
    })
    expect(wrong.status).toBe(404)
    expect(await wrong.text()).toBe('false')
  })
})

describe('sign-up and password reset', () => {
  it('refuses a short password with a field error and creates nothing', async () => {
    const bff = await testBff()
    const person = { name: 'X', email: 'x@example.com', password: 'short' }
    const res = await bff.call('/auth/sign-up', { method: 'POST', json: signUpInput(person) })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { fields: Record<string, string[]> }).fields.password).toEqual([
      'Use at least 8 characters',
    ])
    // no confirmation link: nothing waits to be founded
    expect(res.headers.get('confirmation-link')).toBeNull()
    expect(await signUpLink(bff, signUpInput({ ...person, password: 'a-longer-password-2026' }))).toMatch(
      /^[\w-]{40,}$/,
    )
  })

  it('resets a password through a one-time link written to the log, ending open sessions', async () => {
    const bff = await testBff()
    const oldToken = await bff.signIn(DEMO_TECHNICIAN)
    expect(
      await (
        await bff.call('/auth/forgot-password', { method: 'POST', json: { email: DEMO_TECHNICIAN.email } })
      ).json(),
    ).toBe(true)
    const line = bff.logs.find((l) => l.includes('password reset link'))!
    const resetToken = new URL(line.split(': ').pop()!).searchParams.get('token')!
    const res = await bff.call('/auth/reset-password', {
      method: 'POST',
      json: { token: resetToken, password: 'brand-new-password' },
    })
    expect(res.status).toBe(200)
    expect((await bff.call('/common/user', { token: oldToken })).status).toBe(401)
    expect(
      (
        await bff.call('/auth/sign-in', {
          method: 'POST',
          json: { email: DEMO_TECHNICIAN.email, password: 'brand-new-password' },
        })
      ).status,
    ).toBe(200)
    // the link works once
    const again = await bff.call('/auth/reset-password', {
      method: 'POST',
      json: { token: resetToken, password: 'another-password' },
    })
    expect(again.status).toBe(400)
  })

  it('expires a reset link after an hour and says nothing about unknown e-mails', async () => {
    let now = Date.parse('2026-11-21T10:00:00Z')
    const bff = await testBff({ now: () => now })
    expect(
      await (await bff.call('/auth/forgot-password', { method: 'POST', json: { email: 'ghost@example.com' } })).json(),
    ).toBe(true)
    expect(bff.logs.some((l) => l.includes('password reset link'))).toBe(false)
    await bff.call('/auth/forgot-password', { method: 'POST', json: { email: DEMO_ADMIN.email } })
    const token = new URL(
      bff.logs
        .find((l) => l.includes('password reset link'))!
        .split(': ')
        .pop()!,
    ).searchParams.get('token')!
    now += 61 * 60 * 1000
    expect(
      (await bff.call('/auth/reset-password', { method: 'POST', json: { token, password: 'brand-new-password' } }))
        .status,
    ).toBe(400)
  })
})

describe('passwords and reset links (security issue §6, §7)', () => {
  const linkOf = (line: string) => new URL(line.split(': ').pop()!)

  it('refuses a common, blank or one-character password wherever a password is set, and creates or changes nothing', async () => {
    const bff = await testBff()
    const refused = async (res: Response, field: string) => {
      expect(res.status).toBe(400)
      const body = (await res.json()) as {
        fields?: Record<string, string[]>
        codes?: Record<string, string>
        Msg?: string
      }
      expect(body.codes?.[field]).toBe('password_common')
      expect(body.fields?.[field]).toEqual(['This password is too common: choose one that is harder to guess'])
    }
    for (const password of ['password', '12345678', 'qwertyuiop', 'PASSWORD1', ' '.repeat(8), 'aaaaaaaaaaaa']) {
      await refused(
        await bff.call('/auth/sign-up', {
          method: 'POST',
          json: signUpInput({ name: 'Rita', email: 'rita@example.com', password }),
        }),
        'password',
      )
    }
    expect(
      (await bff.call('/auth/sign-in', { method: 'POST', json: { email: 'rita@example.com', password: 'password' } }))
        .status,
    ).toBe(404)
    const token = await bff.signIn(DEMO_ADMIN)
    await refused(
      await bff.call('/common/user/password', {
        method: 'POST',
        token,
        json: { currentPassword: DEMO_ADMIN.password, newPassword: 'iloveyou123' },
      }),
      'newPassword',
    )
    // an invitation's link: its first password too
    expect(
      (
        await bff.call('/ac_usuarios', {
          method: 'POST',
          token,
          headers: { 'x-empresa': '1', 'x-filial': '2' },
          json: { name: 'Tom', email: 'tom@example.com', role: 'technician', filial: 'all', culture: 'en' },
        })
      ).status,
    ).toBe(200)
    const invitation = linkOf(bff.logs.find((l) => l.includes('for tom@example.com'))!)
    await refused(
      await bff.call('/auth/reset-password', {
        method: 'POST',
        json: { token: invitation.searchParams.get('token')!, password: 'password1234' },
      }),
      'password',
    )
    await bff.call('/auth/forgot-password', { method: 'POST', json: { email: DEMO_ADMIN.email } })
    const link = linkOf(bff.logs.find((l) => l.includes('password reset link'))!)
    await refused(
      await bff.call('/auth/reset-password', {
        method: 'POST',
        json: { token: link.searchParams.get('token')!, password: 'qwerty123456' },
      }),
      'password',
    )
    // the refused attempt did not use up the link
    expect(
      (
        await bff.call('/auth/reset-password', {
          method: 'POST',
          json: { token: link.searchParams.get('token')!, password: 'a-far-better-one-2026' },
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await bff.call('/auth/sign-in', {
          method: 'POST',
          json: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
        })
      ).status,
    ).toBe(404)
  })

  it('judges a new password by its strength (zxcvbn score 3 or more) and says why it is weak, wherever a password is set', async () => {
    const bff = await testBff()
    const token = await bff.signIn(DEMO_ADMIN)
    const invite = await bff.call('/ac_usuarios', {
      method: 'POST',
      token,
      headers: { 'x-empresa': '1', 'x-filial': '2' },
      json: { name: 'Rafael Quixaba', email: 'rafa@example.com', role: 'technician', filial: 'all', culture: 'pt' },
    })
    expect(invite.status).toBe(200)
    const invitation = linkOf(bff.logs.find((l) => l.includes('for rafa@example.com'))!).searchParams.get('token')!
    const code = async (password: string) => {
      const res = await bff.call('/auth/reset-password', { method: 'POST', json: { token: invitation, password } })
      const body = (await res.json()) as { codes?: Record<string, string> }
      return [res.status, body.codes?.password]
    }
    // eight characters, long enough, but a name (his own) and a sequence
    expect(await code('rafa1234')).toEqual([400, expect.stringMatching(/^password_weak_(personal|words)$/)])
    expect(await code('quixaba2026')).toEqual([400, 'password_weak_personal'])
    expect(await code('1987-06-15')).toEqual([400, 'password_weak_dates'])
    expect(await code('asdfghjkl;')).toEqual([400, 'password_weak_pattern'])
    // the refusals spent nothing: a strong one is taken
    expect(await code('harbor-lantern-violet-47')).toEqual([200, undefined])
    // a password change and a sign-up are judged alike
    const change = await bff.call('/common/user/password', {
      method: 'POST',
      token,
      json: { currentPassword: DEMO_ADMIN.password, newPassword: 'tiago1990' },
    })
    expect([change.status, ((await change.json()) as { codes?: Record<string, string> }).codes]).toEqual([
      400,
      { newPassword: expect.stringMatching(/^password_weak_(words|dates)$/) },
    ])
    const signUp = await bff.call('/auth/sign-up', {
      method: 'POST',
      json: signUpInput({ name: 'Rita Bezerril', email: 'rita@example.com', password: 'bezerril2026' }),
    })
    expect([signUp.status, ((await signUp.json()) as { codes?: Record<string, string> }).codes]).toEqual([
      400,
      { password: 'password_weak_personal' },
    ])
  })

  it("voids every older reset link when the password is reset or changed, and never takes the link's address from the Host header", async () => {
    const bff = await testBff({ env: { PUBLIC_URL: 'https://fieldwise.example' } })
    const links = async () => {
      await bff.call('/auth/forgot-password', {
        method: 'POST',
        json: { email: DEMO_TECHNICIAN.email },
        headers: { host: 'evil.example' },
      })
      return linkOf(bff.logs.filter((l) => l.includes('password reset link')).pop()!)
    }
    const [first, second] = [await links(), await links()]
    expect(first.origin).toBe('https://fieldwise.example')
    expect(
      (
        await bff.call('/auth/reset-password', {
          method: 'POST',
          json: { token: first.searchParams.get('token')!, password: 'first-new-password-2026' },
        })
      ).status,
    ).toBe(200)
    // the second link was made before that reset: void
    expect(
      (
        await bff.call('/auth/reset-password', {
          method: 'POST',
          json: { token: second.searchParams.get('token')!, password: 'second-new-password-2026' },
        })
      ).status,
    ).toBe(400)
    const third = await links()
    const token = await bff.signIn({ email: DEMO_TECHNICIAN.email, password: 'first-new-password-2026' })
    expect(
      (
        await bff.call('/common/user/password', {
          method: 'POST',
          token,
          json: { currentPassword: 'first-new-password-2026', newPassword: 'changed-by-the-owner-2026' },
        })
      ).status,
    ).toBe(200)
    // a change by the owner voids it too
    expect(
      (
        await bff.call('/auth/reset-password', {
          method: 'POST',
          json: { token: third.searchParams.get('token')!, password: 'third-new-password-2026' },
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await bff.call('/auth/sign-in', {
          method: 'POST',
          json: { email: DEMO_TECHNICIAN.email, password: 'changed-by-the-owner-2026' },
        })
      ).status,
    ).toBe(200)
  })
})

describe('simulated latency', () => {
  it('keeps the spec delays off by default and turns them on with SIMULATE_LATENCY=1', async () => {
    const fast = await testBff()
    let started = performance.now()
    await fast.call('/auth/forgot-password', { method: 'POST', json: { email: 'x@example.com' } })
    expect(performance.now() - started).toBeLessThan(900)
    const slow = await testBff({ env: { SIMULATE_LATENCY: '1' } })
    started = performance.now()
    await slow.call('/auth/forgot-password', { method: 'POST', json: { email: 'x@example.com' } })
    expect(performance.now() - started).toBeGreaterThanOrEqual(990)
  })
})

describe('password change', () => {
  it('needs the current password, ends the other sessions and keeps the caller signed in', async () => {
    const bff = await testBff()
    const other = await bff.signIn(DEMO_TECHNICIAN)
    const token = await bff.signIn(DEMO_TECHNICIAN)
    const wrong = await bff.call('/common/user/password', {
      method: 'POST',
      token,
      json: { currentPassword: 'nope', newPassword: 'a-new-password' },
    })
    expect(wrong.status).toBe(400)
    expect(((await wrong.json()) as { fields: Record<string, string[]> }).fields.currentPassword).toEqual([
      'The current password is wrong',
    ])
    const short = await bff.call('/common/user/password', {
      method: 'POST',
      token,
      json: { currentPassword: DEMO_TECHNICIAN.password, newPassword: 'x' },
    })
    expect(short.status).toBe(400)
    const ok = await bff.call('/common/user/password', {
      method: 'POST',
      token,
      json: { currentPassword: DEMO_TECHNICIAN.password, newPassword: 'a-new-password' },
    })
    expect(ok.status).toBe(200)
    const { accessToken } = (await ok.json()) as { accessToken: string }
    expect((await bff.call('/common/user', { token: accessToken })).status).toBe(200)
    expect((await bff.call('/common/user', { token: other })).status).toBe(401)
    expect(
      (
        await bff.call('/auth/sign-in', {
          method: 'POST',
          json: { email: DEMO_TECHNICIAN.email, password: 'a-new-password' },
        })
      ).status,
    ).toBe(200)
  })
})
