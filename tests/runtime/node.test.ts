import { spawnSync } from 'node:child_process'
import { request } from 'node:http'
import { connect, type Socket } from 'node:net'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { roundTrip } from './round-trip.ts'
import { freePort, startServer } from './servers.ts'
import { PUBLIC_LIMITS } from '../../bff/lib/public-throttle.ts'
import { officeOf, overHttp, sentInvoice, sentQuote } from '../shared/sent-documents.ts'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'

// What `npm start` runs: the Node entry as built by `npm run build` (build:node).
const NODE_SERVER = 'build/node/server.js'

/** The built Node server on a port of its own, in memory, in test mode unless `env` says otherwise. */
const startNode = async (env: Record<string, string> = {}) => {
  const port = await freePort()
  const running = await startServer(process.execPath, [NODE_SERVER], port, {
    PORT: String(port),
    STORAGE_DRIVER: 'memory',
    NODE_ENV: 'test',
    ...env,
  })
  return { ...running, port }
}

describe('the Node server (npm start)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'node-data-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  const start = async () => {
    const port = await freePort()
    return startServer(process.execPath, [NODE_SERVER], port, {
      PORT: String(port),
      STORAGE_DRIVER: 'fs',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      JWT_SECRET: '',
    })
  }

  it('seeds the fs storage once, prints the demo sign-in, and keeps data and sessions across a restart', async () => {
    const first = await start()
    let token: string
    try {
      expect(first.output()).toContain('Demo data loaded')
      expect(first.output()).toMatch(/Demo sign-in: admin@demo\.fieldservice\.app \/ demo-admin-2026/)
      token = await roundTrip(first.url, 'Ana on Node')
    } finally {
      await first.stop()
    }
    const second = await start()
    try {
      expect(second.output()).not.toContain('Demo data loaded')
      // the generated signing key was kept in the data dir, so the old token still works
      const user = await fetch(`${second.url}/api/common/user`, { headers: { authorization: `Bearer ${token}` } })
      expect(user.status).toBe(200)
      expect(((await user.json()) as { name: string }).name).toBe('Ana on Node')
      // pages go out gzip-compressed to a client that accepts it (fetch decodes it), plain to one that does not
      const zipped = await fetch(`${second.url}/sign-in`, { headers: { 'accept-encoding': 'gzip' } })
      expect(zipped.headers.get('content-encoding')).toBe('gzip')
      expect(await zipped.text()).toContain('</html>')
      // and so do the scripts, whole (a stale Content-Length would cut them short)
      const html = await (await fetch(`${second.url}/sign-in`)).text()
      // the first paint waits for the stylesheet alone: it comes first in the head, and no script module is announced there
      const head = html.slice(0, html.indexOf('</head>'))
      expect(head).toMatch(
        /^<!DOCTYPE html><html[^>]*><head><meta charSet="utf-8"\/><meta name="viewport"[^>]*\/><link rel="stylesheet" href="\/assets\/app-[\w-]+\.css"/,
      )
      expect(head).not.toContain('modulepreload')
      const script = html.match(/\/assets\/entry\.client-[\w-]+\.js/)![0]
      const asset = await fetch(`${second.url}${script}`, { headers: { 'accept-encoding': 'gzip' } })
      expect([asset.headers.get('content-encoding'), asset.headers.get('content-length')]).toEqual(['gzip', null])
      expect((await asset.arrayBuffer()).byteLength).toBe(statSync(join('build/client', script)).size)
      const plain = await fetch(`${second.url}/sign-in`, { headers: { 'accept-encoding': 'identity' } })
      expect(plain.headers.get('content-encoding')).toBeNull()
      expect(await plain.text()).toContain('</html>')
    } finally {
      await second.stop()
    }
  })

  it('holds no demo account in production: an empty store starts empty, create-admin makes its first company and admin, whose page forms need the __Host- cookie and the site’s origin', async () => {
    const prodDir = mkdtempSync(join(tmpdir(), 'node-prod-'))
    const env = {
      STORAGE_DRIVER: 'fs',
      DATA_DIR: prodDir,
      NODE_ENV: 'production',
      JWT_SECRET: 'production-test-secret-0123456789abcdef',
      PUBLIC_URL: 'https://fieldwise.example',
    }
    const signIn = (url: string, credentials: { email: string; password: string }) =>
      fetch(`${url}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(credentials),
      })
    try {
      let port = await freePort()
      const empty = await startServer(process.execPath, [NODE_SERVER], port, { ...env, PORT: String(port) })
      try {
        expect(empty.output()).not.toContain('Demo')
        // in production the CSRF cookie is __Host- prefixed and Secure
        expect((await fetch(`${empty.url}/sign-in`)).headers.getSetCookie().find((c) => c.includes('csrf='))).toMatch(
          /^__Host-csrf=[\w-]{20,}; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
        )
        expect(
          (await signIn(empty.url, { email: 'admin@demo.fieldservice.app', password: 'demo-admin-2026' })).status,
        ).toBe(404)
        // HTTPS only, on pages and API alike
        for (const path of ['/sign-in', '/api/health'])
          expect((await fetch(`${empty.url}${path}`)).headers.get('strict-transport-security'), path).toBe(
            'max-age=31536000; includeSubDomains',
          )
      } finally {
        await empty.stop()
      }
      const create = (args: string[]) =>
        spawnSync(process.execPath, ['bff/runtime/create-admin.ts', ...args], {
          env: { ...process.env, ...env },
          encoding: 'utf8',
          timeout: 60_000,
        })
      expect(
        create([
          '--company',
          'Globex',
          '--cnpj',
          '11.222.333/0001-82',
          '--name',
          'Gloria',
          '--email',
          'gloria@globex.example',
        ]).stderr.trim(),
      ).toBe('Invalid --cnpj: Enter a valid CNPJ (14 digits with correct check digits)')
      const made = create([
        '--company',
        'Globex',
        '--cnpj',
        '11.222.333/0001-81',
        '--name',
        'Gloria',
        '--email',
        'gloria@globex.example',
      ])
      expect(made.status).toBe(0)
      const password = made.stdout.match(/with the password (\S+)/)![1]
      // a second run finds companies and does nothing
      expect(
        create(['--company', 'Other', '--cnpj', '11.222.333/0001-81', '--name', 'Eve', '--email', 'eve@example.com'])
          .status,
      ).toBe(1)
      port = await freePort()
      const server = await startServer(process.execPath, [NODE_SERVER], port, { ...env, PORT: String(port) })
      try {
        const res = await signIn(server.url, { email: 'gloria@globex.example', password })
        expect(res.status).toBe(200)
        const token = ((await res.json()) as { accessToken: string }).accessToken
        const branches = await fetch(`${server.url}/api/cd_filial/user-branches`, {
          headers: { authorization: `Bearer ${token}` },
        })
        expect(
          ((await branches.json()) as { Dados: Array<{ NOME_EMPRESA: string; FLG_PRINCIPAL: string }> }).Dados,
        ).toEqual([expect.objectContaining({ NOME_EMPRESA: 'Globex', FLG_PRINCIPAL: 'S' })])

        // a page form in production: its token, the __Host- cookie and PUBLIC_URL's origin, nothing less
        const page = await fetch(`${server.url}/sign-in`)
        const csrf = page.headers
          .getSetCookie()
          .find((c) => c.startsWith('__Host-csrf='))!
          .split(';')[0]
        const formToken = (await page.text()).match(/name="csrf" value="([^"]+)"/)![1]
        const post = (cookie: string, origin: string, csrfField = formToken) =>
          fetch(`${server.url}/sign-in`, {
            method: 'POST',
            redirect: 'manual',
            headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, origin },
            body: new URLSearchParams({ email: 'gloria@globex.example', password, csrf: csrfField }),
          })
        const site = 'https://fieldwise.example'
        // the socket's own http address is not the site's; nor is another site; nor a cookie without its prefix
        expect((await post(csrf, server.url)).status).toBe(403)
        expect((await post(csrf, 'https://evil.example')).status).toBe(403)
        expect((await post(csrf.replace('__Host-csrf=', 'csrf='), site)).status).toBe(403)
        expect((await post(csrf, site, 'x'.repeat(32))).status).toBe(403)
        const ok = await post(csrf, site)
        expect(ok.status).toBe(302)
        // every cookie the session brings is Secure (and the CSRF token is a new one)
        const cookies = ok.headers.getSetCookie()
        expect(cookies.map((c) => c.split('=')[0])).toEqual(expect.arrayContaining(['token', '__Host-csrf']))
        for (const c of cookies) expect(c).toMatch(/; Secure(;|$)/)
        expect(cookies.find((c) => c.startsWith('__Host-csrf='))!.split(';')[0]).not.toBe(csrf)
      } finally {
        await server.stop()
      }
    } finally {
      rmSync(prodDir, { recursive: true, force: true })
    }
  })

  it('refuses to start in production without JWT_SECRET or with a plain-http PUBLIC_URL, naming the setting', () => {
    const run = spawnSync(process.execPath, [NODE_SERVER], {
      env: { ...process.env, NODE_ENV: 'production', JWT_SECRET: '', STORAGE_DRIVER: 'memory' },
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(run.status).toBe(1)
    expect(run.stderr.trim()).toBe('Invalid setting JWT_SECRET: is required in production (at least 32 bytes)')
    // links sent to people go out over https only
    const plain = spawnSync(process.execPath, [NODE_SERVER], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        JWT_SECRET: 'production-test-secret-0123456789abcdef',
        PUBLIC_URL: 'http://fieldwise.example',
        STORAGE_DRIVER: 'memory',
      },
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(plain.status).toBe(1)
    expect(plain.stderr.trim()).toBe(
      'Invalid setting PUBLIC_URL: must be an https:// address in production (links sent to people, cookies that are Secure)',
    )
  })

  it('refuses to start in production with SIGNUP=open and no mail server, naming the setting', () => {
    const settings = {
      ...process.env,
      NODE_ENV: 'production',
      JWT_SECRET: 'production-test-secret-0123456789abcdef',
      PUBLIC_URL: 'https://fieldwise.example',
      STORAGE_DRIVER: 'memory',
      SIGNUP: 'open',
      SMTP_URL: '',
    }
    const run = spawnSync(process.execPath, [NODE_SERVER], { env: settings, encoding: 'utf8', timeout: 30_000 })
    expect(run.status).toBe(1)
    expect(run.stderr.trim()).toBe(
      'Invalid setting SIGNUP: cannot be open in production without a mail server (SMTP_URL): the confirmation links are e-mailed, never logged',
    )
  })

  it('refuses a bad setting with one line', () => {
    const run = spawnSync(process.execPath, [NODE_SERVER], {
      env: { ...process.env, PORT: 'eighty', STORAGE_DRIVER: 'memory' },
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(run.status).toBe(1)
    expect(run.stderr.trim()).toBe('Invalid setting PORT: must be a port number')
    // a card provider's public key without its secrets: no pay button that would fail
    const card = spawnSync(process.execPath, [NODE_SERVER], {
      env: { ...process.env, CARD_PROVIDER_PUBLIC_KEY: 'pk_live_1', STORAGE_DRIVER: 'memory' },
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(card.status).toBe(1)
    expect(card.stderr.trim()).toBe('Invalid setting CARD_PROVIDER_URL: needed with CARD_PROVIDER_PUBLIC_KEY')
  })
})

describe('security headers and the API namespace', () => {
  it('sends a nonce-based Content-Security-Policy with pages, a closed one with the API, and JSON 404 for any unknown API path', async () => {
    const server = await startNode()
    try {
      const page = await fetch(`${server.url}/sign-in`)
      const policy = page.headers.get('content-security-policy')!
      const nonce = policy.match(/script-src 'self' 'nonce-([\w-]+)'/)?.[1]
      expect(nonce).toBeDefined()
      expect(policy).toContain("frame-ancestors 'none'")
      expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/)
      expect(page.headers.get('permissions-policy')).toContain('camera=()')
      // every inline script of the page carries the nonce; a second page gets another
      const html = await page.text()
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1])
      expect(inline.length).toBeGreaterThan(0)
      for (const attributes of inline) expect(attributes).toContain(`nonce="${nonce}"`)
      expect((await fetch(`${server.url}/sign-in`)).headers.get('content-security-policy')).not.toContain(nonce)
      // outside production there is no HSTS (a developer's http://localhost)
      expect(page.headers.get('strict-transport-security')).toBeNull()

      for (const [method, path] of [
        ['GET', '/api/nope'],
        ['POST', '/api/nope'],
        ['DELETE', '/api/nope/deeper/still'],
        ['GET', '/api/'],
      ] as const) {
        const res = await fetch(`${server.url}${path}`, { method })
        expect(res.status, `${method} ${path}`).toBe(404)
        expect(res.headers.get('content-type'), `${method} ${path}`).toContain('application/json')
        expect(await res.json()).toEqual({ error: 'Not found', code: 'not_found' })
        expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
      }
      // a known path with a method it does not take: 405 with the ones it does
      const wrongMethod = await fetch(`${server.url}/api/health`, { method: 'DELETE' })
      expect(wrongMethod.status).toBe(405)
      expect(wrongMethod.headers.get('allow')).toBe('GET, HEAD')
      expect(await wrongMethod.json()).toEqual({ error: 'Method not allowed', code: 'method_not_allowed' })
    } finally {
      await server.stop()
    }
  })

  it('lets no cache keep a page: client links, reset and confirmation links, signed-in pages all say no-store', async () => {
    const server = await startNode()
    try {
      const office = await officeOf(overHttp(server.url))
      const [invoice, quote] = [await sentInvoice(office, 2), await sentQuote(office)]
      const signIn = await fetch(`${server.url}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(DEMO_ADMIN),
      })
      const { accessToken } = (await signIn.json()) as { accessToken: string }
      const signedIn = { cookie: `token=${accessToken}` }
      for (const [path, headers] of [
        [`/i/${invoice.token}`, {}],
        [`/q/${quote.token}`, {}],
        ['/reset-password?token=abcdefghijklmnopqrstuvwxyz012345', {}],
        ['/confirm-email?token=abcdefghijklmnopqrstuvwxyz012345', {}],
        ['/sign-in', {}],
        ['/view/home', signedIn],
        ['/view/cd_cliente', signedIn],
        [`/view/cd_invoice/${invoice.id}`, signedIn],
      ] as const) {
        const page = await fetch(`${server.url}${path}`, { headers, redirect: 'manual' })
        expect(page.status, `${path} ${page.headers.get('location')}`).toBe(200)
        expect(page.headers.get('cache-control'), path).toBe('no-store')
        await page.body?.cancel()
      }
    } finally {
      await server.stop()
    }
  })

  it('answers the next request on a connection after refusing a body it did not read', async () => {
    const server = await startNode()
    const { port } = server
    try {
      // a bad token (refused before the body is read) and bodies over the JSON limit, each followed on the same connection
      for (const [size, token, status] of [
        [400_000, 'bad', 401],
        [2_000_000, 'bad', 413],
        [3_000_000, null, 413],
      ] as const) {
        const statuses = await twoOnOneConnection(port, size, token)
        expect(statuses, `${size} bytes, token ${token}`).toEqual([status, 200])
      }
    } finally {
      await server.stop()
    }
  })
})

describe('connection limits (docs/api.md §6)', () => {
  it('closes a connection whose headers do not come in time, and one address’s connections over the cap', async () => {
    const server = await startNode({
      HEADERS_TIMEOUT_MS: '1500',
      CONNECTIONS_PER_ADDRESS: '3',
    })
    const { port } = server
    try {
      // a client that starts its headers and never finishes them: answered 408 and closed, well within the bound
      const began = Date.now()
      const slow = await new Promise<string>((resolve) => {
        const socket = connect(port, '127.0.0.1')
        let got = ''
        socket.on('data', (d) => (got += d.toString('latin1')))
        socket.on('close', () => resolve(got))
        socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n')
      })
      expect(Date.now() - began).toBeLessThan(5000)
      expect(slow).toMatch(/^HTTP\/1\.1 408|^$/)
      // three connections held open; a fourth from the same address is closed without an answer
      const held = await Promise.all(
        Array.from(
          { length: 3 },
          () =>
            new Promise<Socket>((resolve) => {
              const socket = connect(port, '127.0.0.1', () => resolve(socket))
            }),
        ),
      )
      const fourth = await new Promise<string>((resolve) => {
        const socket = connect(port, '127.0.0.1', () =>
          socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n'),
        )
        let got = ''
        socket.on('data', (d) => (got += d.toString('latin1')))
        socket.on('error', () => resolve(got))
        socket.on('close', () => resolve(got))
      })
      expect(fourth).toBe('')
      for (const socket of held) socket.destroy()
      // once they are closed, the address is served again
      await expect
        .poll(
          () =>
            fetch(`${server.url}/api/health`).then(
              (res) => res.status,
              () => 0,
            ),
          { timeout: 5000 },
        )
        .toBe(200)
    } finally {
      await server.stop()
    }
  })
})

/** A POST of `size` bytes to the API, then a GET of /api/health on the same connection: the statuses answered. */
function twoOnOneConnection(port: number, size: number, token: string | null): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let answers = ''
    const statuses = () => [...answers.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]))
    const timer = setTimeout(() => {
      socket.destroy()
      resolve(statuses())
    }, 10_000)
    socket.on('error', reject)
    socket.on('data', (chunk) => {
      answers += chunk.toString('latin1')
      if (statuses().length === 2) {
        clearTimeout(timer)
        socket.destroy()
        resolve(statuses())
      }
    })
    socket.on('close', () => {
      clearTimeout(timer)
      resolve(statuses())
    })
    const auth = token ? `Authorization: Bearer ${token}\r\n` : ''
    socket.write(
      `POST /api/cd_cliente HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n${auth}\r\n`,
    )
    socket.write(Buffer.alloc(size, 'a'), () => socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n'))
  })
}

describe('form actions and cross-site request forgery', () => {
  it('refuses a form post without the CSRF token, with a wrong one, or from another origin', async () => {
    const server = await startNode()
    try {
      const page = await fetch(`${server.url}/sign-in`)
      const cookie = page.headers.get('set-cookie')!.split(';')[0]
      expect(cookie).toMatch(/^csrf=/)
      expect(page.headers.get('set-cookie')).toContain('HttpOnly')
      expect(page.headers.get('set-cookie')).toContain('SameSite=Lax')
      const token = (await page.text()).match(/name="csrf" value="([^"]+)"/)![1]
      const post = (body: Record<string, string>, headers: Record<string, string> = {}) =>
        fetch(`${server.url}/sign-in`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
          body: new URLSearchParams(body),
        })
      const credentials = { email: 'admin@demo.fieldservice.app', password: 'demo-admin-2026' }
      expect((await post(credentials, { cookie })).status).toBe(403)
      expect((await post({ ...credentials, csrf: 'x'.repeat(32) }, { cookie })).status).toBe(403)
      expect((await post({ ...credentials, csrf: token })).status).toBe(403)
      expect((await post({ ...credentials, csrf: token }, { cookie, origin: 'http://evil.example' })).status).toBe(403)
      const ok = await post({ ...credentials, csrf: token }, { cookie, origin: server.url })
      expect(ok.status).toBe(302)
      const cookies = ok.headers.getSetCookie()
      // signing in rotates the CSRF token: the one from before sign-in is worth nothing after
      const rotated = cookies.find((c) => c.startsWith('csrf='))!
      expect(rotated).toMatch(/^csrf=[\w-]{20,}; Path=\/; HttpOnly; SameSite=Lax$/)
      expect(rotated.split(';')[0]).not.toBe(cookie)
      expect(cookies.find((c) => c.startsWith('token='))).toMatch(
        /^token=[\w.-]+; Path=\/; SameSite=Lax; HttpOnly; Max-Age=604800$/,
      )
      // a new session starts from the user's own default company and branch
      expect(cookies).toContain('currentEmpresa=; Path=/; SameSite=Lax; HttpOnly; Max-Age=0')
    } finally {
      await server.stop()
    }
  })
})

describe('page form bodies', () => {
  // A stream of `total` bytes of form data, made as it is read (the test never holds it).
  const hugeForm = (total: number) => {
    let sent = 0
    const chunk = new TextEncoder().encode('a='.padEnd(64 * 1024, 'x'))
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= total) return controller.close()
        sent += chunk.length
        controller.enqueue(chunk)
      },
    })
  }
  const peakKb = (pid: number) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmHWM:\s+(\d+) kB/)![1])

  it('refuses a form over the limit with 413 before reading it, and ten concurrent 300 MB posts leave the memory flat', async () => {
    const server = await startNode()
    try {
      const form = (body: BodyInit, headers: Record<string, string> = {}) =>
        fetch(`${server.url}/sign-in`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
          body,
          duplex: 'half',
        } as RequestInit)
      // declared too large: refused on the header alone
      expect(
        (await form('a=1', { 'content-length': String(300 * 1024 * 1024) }).catch(() => null))?.status ?? 413,
      ).toBe(413)
      // 100 KB of form: over the 64 KB of a page form
      expect((await form(`a=${'x'.repeat(100 * 1024)}`)).status).toBe(413)
      // a normal form still reaches the CSRF check (403 without the token)
      expect((await form('a=1')).status).toBe(403)
      // the routes whose forms carry a file take a phone's photo (their modules declare it), at every
      // path React Router posts to; the others do not
      const photo = `--x\r\ncontent-disposition: form-data; name="photo"; filename="p.jpg"\r\n\r\n${'x'.repeat(3_500_000)}\r\n--x--\r\n`
      const multipart = { 'content-type': 'multipart/form-data; boundary=x' }
      for (const [path, status] of [
        ['/resources/visit-files/some-visit.data', 403],
        ['/resources/visit-files/some-visit', 403],
        ['/resources/upload.data', 403],
        ['/resources/upload', 403],
        ['/view/cd_techorders/some-visit.data', 413],
        ['/resources/language', 413],
      ] as const) {
        const res = await fetch(`${server.url}${path}`, { method: 'POST', headers: multipart, body: photo })
        expect(res.status, path).toBe(status)
      }
      // a photo far over the limit: a script's request reads 413, a form sent without scripts goes back to its visit
      const huge = photo.replace('x'.repeat(3_500_000), 'x'.repeat(12_000_000))
      const [byScript, byForm] = await Promise.all(
        ['/resources/visit-files/some-visit.data', '/resources/visit-files/some-visit'].map((path) =>
          fetch(`${server.url}${path}`, { method: 'POST', headers: multipart, body: huge, redirect: 'manual' }),
        ),
      )
      expect(byScript.status).toBe(413)
      expect([byForm.status, byForm.headers.get('location')]).toEqual([
        303,
        '/view/cd_techorders/some-visit?photo_error=upload_too_big',
      ])
      const before = peakKb(server.pid)
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          form(hugeForm(300 * 1024 * 1024)).then(
            (r) => r.status,
            () => 'closed',
          ),
        ),
      )
      // each is answered 413 as soon as the limit is passed (or the socket is closed under the sender)
      expect(answers.every((a) => a === 413 || a === 'closed')).toBe(true)
      expect(answers).toContain(413)
      const after = peakKb(server.pid)
      console.log(
        `server peak memory: ${Math.round(before / 1024)} MB before, ${Math.round(after / 1024)} MB after ten concurrent 300 MB form posts (${answers.join(', ')})`,
      )
      expect(after - before).toBeLessThan(64 * 1024)
    } finally {
      await server.stop()
    }
  })
})

describe('a refused body', () => {
  const SIZE = 30 * 1024 * 1024
  const chunk = Buffer.alloc(256 * 1024, 'x')
  // Node's http client: the whole body written, the answer read
  const postWithHttp = (port: number, path: string, type: string) =>
    new Promise<number>((resolve, reject) => {
      const headers = { 'content-type': type, 'content-length': SIZE }
      // its own connection, which it asks to close (Connection: close): the server closes it once the body is in
      const req = request({ port, path, method: 'POST', agent: false, headers }, (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      })
      req.on('error', reject)
      let left = SIZE
      const write = () => {
        for (; left > 0; left -= chunk.length) if (!req.write(chunk)) return void req.once('drain', write)
        req.end()
      }
      write()
    })
  // a client that reads nothing until it has sent everything (curl without Expect, a script): its status line, or its socket's error
  const postThenRead = (port: number, path: string, chunked: boolean, pauseMs = 0) =>
    new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1')
      socket.pause()
      let got = ''
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'))
      socket.on('data', (data: Buffer) => {
        got += data.toString('latin1')
        if (!got.includes('\r\n')) return
        resolve(got.slice(0, got.indexOf('\r\n')))
        socket.destroy()
      })
      socket.on('connect', async () => {
        const length = chunked ? 'transfer-encoding: chunked' : `content-length: ${SIZE}`
        socket.write(
          `POST ${path} HTTP/1.1\r\nhost: x\r\ncontent-type: multipart/form-data; boundary=x\r\n${length}\r\n\r\n`,
        )
        const part = chunked
          ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')])
          : chunk
        for (let left = SIZE; left > 0 && !socket.destroyed; left -= chunk.length) {
          if (!socket.write(part)) await new Promise((drained) => socket.once('drain', drained))
          // a phone's uplink: the body takes seconds to arrive
          if (pauseMs) await new Promise((paused) => setTimeout(paused, pauseMs))
        }
        if (chunked) socket.write('0\r\n\r\n')
        socket.resume()
      })
    })

  it('is read after its 413: 30 MB posts written whole read their answer', async () => {
    const server = await startNode()
    const { port } = server
    try {
      // a page form (64 KB at most), a page's file form (10 MB) and an upload to the API (5 MB), one after another
      const statuses: number[] = []
      for (const [path, type] of [
        ['/sign-in', 'application/x-www-form-urlencoded'],
        ['/resources/upload.data', 'multipart/form-data; boundary=x'],
        ['/api/FileManager/upload', 'multipart/form-data; boundary=x'],
      ])
        statuses.push(await postWithHttp(port, path, type))
      expect(statuses).toEqual([413, 413, 413])
      // a client that reads only after sending everything, its length declared or chunked
      for (const chunked of [false, true])
        for (const path of ['/sign-in', '/resources/upload.data', '/api/FileManager/upload'])
          expect(await postThenRead(port, path, chunked), `${path}${chunked ? ', chunked' : ''}`).toBe(
            'HTTP/1.1 413 Payload Too Large',
          )
      // and one whose body takes some 3 s to arrive
      expect(await postThenRead(port, '/resources/upload.data', false, 25)).toBe('HTTP/1.1 413 Payload Too Large')
    } finally {
      await server.stop()
    }
  })
})

describe('errors', () => {
  it('answers no stack trace or install path in development mode (the default of npm start)', async () => {
    const server = await startNode({
      NODE_ENV: 'development',
      JWT_SECRET: 'development-test-secret-0123456789abcdef',
    })
    try {
      for (const path of ['/resources/switch-branch', '/resources/upload', '/resources/language']) {
        const res = await fetch(`${server.url}${path}`)
        const body = await res.text()
        expect(res.status, path).toBeGreaterThanOrEqual(400)
        expect(body, path).not.toMatch(/stack|node_modules|\/work\/|at [\w.]+ \(/)
      }
      // the translation files' address reaches nothing else
      expect((await fetch(`${server.url}/i18n/pt.json`)).status).toBe(200)
      const escaped = await fetch(`${server.url}/i18n/..%2Fhealth`)
      expect([escaped.status, await escaped.text()]).not.toContain('{"status":"ok","storage":"memory"}')
      expect(escaped.status).toBe(400)
    } finally {
      await server.stop()
    }
  })
})

describe('behind a proxy (TRUSTED_PROXY_HEADER)', () => {
  it("throttles by the address the trusted proxy adds last, not by the proxy's own", async () => {
    const server = await startNode({
      TRUSTED_PROXY_HEADER: 'x-forwarded-for',
    })
    try {
      const signIn = (password: string, forwarded: string) =>
        fetch(`${server.url}/api/auth/sign-in`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': forwarded },
          body: JSON.stringify({ email: 'tech@demo.fieldservice.app', password }),
        })
      // the client may forge the first values; the last one is the proxy's
      for (let i = 0; i < 5; i++)
        expect((await signIn('a-stranger-guess', `198.51.100.7, 203.0.113.1`)).status).toBe(404)
      expect((await signIn('demo-tech-2026', '203.0.113.1')).status).toBe(429)
      expect((await signIn('demo-tech-2026', '203.0.113.1, 198.51.100.7')).status).toBe(200)
    } finally {
      await server.stop()
    }
  })

  it("counts a client's page against its visitor's address: past the limit, 429 in the visitor's language with Retry-After", async () => {
    const server = await startNode({
      TRUSTED_PROXY_HEADER: 'x-forwarded-for',
    })
    try {
      const { token } = await sentInvoice(await officeOf(overHttp(server.url, '192.0.2.1')), 3)
      const view = (address: string) =>
        fetch(`${server.url}/i/${token}`, { headers: { 'x-forwarded-for': address, 'accept-language': 'pt-BR' } })
      // the page's own call to the API counts for its visitor, not for the server itself
      for (let i = 0; i < PUBLIC_LIMITS.page; i++) expect((await view('203.0.113.5')).status).toBe(200)
      const refused = await view('203.0.113.5')
      // one more view is allowed once one view's share of the ten minutes has passed since the first
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(600 / PUBLIC_LIMITS.page)
      expect(await refused.text()).toContain('Muitas solicitações')
      expect((await view('203.0.113.6')).status).toBe(200)
    } finally {
      await server.stop()
    }
  })
})

describe('a page form sent again', () => {
  it('writes once: a double click and the browser posting the form again make one client', async () => {
    const server = await startNode()
    try {
      const jar = new Map<string, string>()
      const keep = (res: Response) => {
        for (const cookie of res.headers.getSetCookie()) {
          const [pair] = cookie.split(';')
          const at = pair.indexOf('=')
          jar.set(pair.slice(0, at), pair.slice(at + 1))
        }
        return res
      }
      const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
      const fields = (html: string) => ({
        csrf: html.match(/name="csrf" value="([^"]+)"/)![1],
        idempotency: html.match(/name="idempotency" value="([^"]+)"/)![1],
      })
      const post = (path: string, body: Record<string, string>) =>
        fetch(`${server.url}${path}`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookie(), origin: server.url },
          body: new URLSearchParams(body),
        }).then(keep)
      const signInPage = keep(await fetch(`${server.url}/sign-in`))
      const signedIn = await post('/sign-in', {
        ...fields(await signInPage.text()),
        email: 'admin@demo.fieldservice.app',
        password: 'demo-admin-2026',
      })
      expect(signedIn.status).toBe(302)
      const form = keep(await fetch(`${server.url}/view/cd_cliente/new`, { headers: { cookie: cookie() } }))
      const sent = { ...fields(await form.text()), intent: 'save', kind: 'business', name: 'Double Click Ltda' }
      // a double click: two posts of one form at once; then the browser posts it again
      const answers = [...(await Promise.all([post('/view/cd_cliente/new', sent), post('/view/cd_cliente/new', sent)]))]
      answers.push(await post('/view/cd_cliente/new', sent))
      expect(answers.map((a) => a.status)).toEqual([302, 302, 302])
      expect(new Set(answers.map((a) => a.headers.get('location'))).size).toBe(1)
      const written = async () => {
        const clients = await fetch(`${server.url}/api/cd_cliente?search=double%20click`, {
          headers: { authorization: `Bearer ${jar.get('token')}` },
        })
        return ((await clients.json()) as { Dados: { items: unknown[] } }).Dados.items.length
      }
      expect(await written()).toBe(1)
      // the next form the page gives has a key of its own: a second client is written
      const next = await fetch(`${server.url}/view/cd_cliente/new`, { headers: { cookie: cookie() } })
      const again = { ...sent, ...fields(await next.text()) }
      expect(again.idempotency).not.toBe(sent.idempotency)
      expect((await post('/view/cd_cliente/new', again)).status).toBe(302)
      expect(await written()).toBe(2)
    } finally {
      await server.stop()
    }
  })
})
