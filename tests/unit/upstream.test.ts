import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testBff, type TestBff } from '../shared/bff.ts'

type Received = { method: string; url: string; headers: IncomingHttpHeaders; bytes: number; body: string }

/** A real HTTP server playing the real backend: it records what it receives and answers by path. */
function fakeUpstream() {
  const received: Received[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      received.push({
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        bytes: body.length,
        body: body.subarray(0, 2000).toString(),
      })
      if (req.url!.startsWith('/api/cd_filial/user-branches')) {
        res.writeHead(200, { 'content-type': 'application/json', etag: '"7"' })
        return res.end(
          JSON.stringify({
            IsSuccess: true,
            Dados: [
              { COD_FILIAL: 10, COD_EMPRESA: 5, NOME_EMPRESA: 'Upstream Co', NOM_FILIAL: 'HQ', FLG_PRINCIPAL: 'S' },
            ],
            Msg: '',
          }),
        )
      }
      if (req.url!.startsWith('/api/ac_slow')) {
        setTimeout(() => res.end('late'), 2_000).unref()
        return
      }
      if (req.url!.startsWith('/api/ac_empresas/refused')) {
        res.writeHead(422, { 'content-type': 'application/json' })
        return res.end(JSON.stringify({ IsSuccess: false, Dados: null, Msg: 'CNPJ já cadastrado' }))
      }
      if (req.url!.startsWith('/api/FileManager/stream')) {
        // a large answer, sent in pieces for longer than the wait for an answer (0.3 s): it comes whole
        res.writeHead(200, { 'content-type': 'application/octet-stream' })
        let left = 40
        const send = (): unknown =>
          left-- > 0 ? res.write(Buffer.alloc(64 * 1024, 7), () => setTimeout(send, 15)) : res.end()
        return send()
      }
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ IsSuccess: true, Dados: { method: req.method, bytes: body.length }, Msg: '' }))
    })
  })
  return { server, received }
}

let upstream: ReturnType<typeof fakeUpstream>
let bff: TestBff
let token: string
/** The same upstream waited for 0.3 s only: what is too slow, and what is not (an answer that streams on). */
let impatient: TestBff
let impatientToken: string

beforeAll(async () => {
  upstream = fakeUpstream()
  await new Promise<void>((resolve) => upstream.server.listen(0, '127.0.0.1', resolve))
  const port = (upstream.server.address() as AddressInfo).port
  bff = await testBff({ env: { UPSTREAM_API_URL: `http://127.0.0.1:${port}/` } })
  token = await bff.signIn()
  impatient = await testBff({ env: { UPSTREAM_API_URL: `http://127.0.0.1:${port}/`, UPSTREAM_TIMEOUT_MS: '300' } })
  impatientToken = await impatient.signIn()
})
afterAll(() => new Promise<void>((resolve) => upstream.server.close(() => resolve())))

describe('upstream mode (UPSTREAM_API_URL)', () => {
  it('forwards ac_*, cd_* and FileManager calls with the headers of docs/shell.md §7 and passes the answer back', async () => {
    const res = await bff.call('/cd_filial/user-branches?x=1', { token, headers: { 'accept-language': 'es' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('etag')).toBe('"7"')
    expect(((await res.json()) as { Dados: Array<{ NOME_EMPRESA: string }> }).Dados[0].NOME_EMPRESA).toBe('Upstream Co')
    const got = upstream.received.at(-1)!
    expect(got.url).toBe('/api/cd_filial/user-branches?x=1')
    expect(got.headers.authorization).toBe(`Bearer ${token}`)
    expect(got.headers['accept-language']).toBe('es-MX')
    expect(got.headers['x-empresa']).toBe('-1')
    expect(got.headers['x-filial']).toBe('-1')
    expect(got.headers['cache-control']).toBe('no-store')

    await bff.call('/ac_empresas/logo', {
      method: 'PUT',
      token,
      json: { ID_ARQUIVO: 'x', URL_LOGO: 'y' },
      headers: { 'x-empresa': '5', 'x-filial': '10', 'accept-language': 'pt-BR' },
    })
    const put = upstream.received.at(-1)!
    expect([
      put.method,
      put.url,
      put.headers['content-type'],
      put.headers['x-empresa'],
      put.headers['x-filial'],
      put.headers['accept-language'],
    ]).toEqual(['PUT', '/api/ac_empresas/logo', 'application/json', '5', '10', 'pt-BR'])
    expect(JSON.parse(put.body)).toEqual({ ID_ARQUIVO: 'x', URL_LOGO: 'y' })
    // a write with an Idempotency-Key (every page form sends one) goes on whole, with its key: the upstream's to run once
    const keyed = await bff.call('/cd_cliente', {
      method: 'POST',
      token,
      json: { kind: 'person', name: 'Keyed' },
      headers: { 'idempotency-key': 'form-abc-1' },
    })
    expect(keyed.status).toBe(200)
    const sent = upstream.received.at(-1)!
    expect([sent.url, sent.headers['idempotency-key'], JSON.parse(sent.body)]).toEqual([
      '/api/cd_cliente',
      'form-abc-1',
      { kind: 'person', name: 'Keyed' },
    ])
  })

  it('streams a form-data upload through with its own content type, and a large answer back, however long it takes', async () => {
    const form = new FormData()
    form.append('files', new File([new Uint8Array(3 * 1024 * 1024).fill(1)], 'big.bin'))
    form.append('getEmpresaProprietario', 'true')
    const res = await bff.call('/FileManager/upload', { method: 'POST', token, body: form })
    expect(res.status).toBe(200)
    const got = upstream.received.at(-1)!
    expect(got.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    expect(got.bytes).toBeGreaterThan(3 * 1024 * 1024)
    expect(((await res.json()) as { Dados: { bytes: number } }).Dados.bytes).toBe(got.bytes)
    // the answer comes at once and streams for longer than the wait for an answer: it comes whole
    const big = await impatient.call('/FileManager/stream', { token: impatientToken })
    expect((await big.arrayBuffer()).byteLength).toBe(40 * 64 * 1024)
  })

  it("passes the upstream's refusals through untouched", async () => {
    const res = await bff.call('/ac_empresas/refused', { method: 'POST', token, json: {} })
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({ IsSuccess: false, Dados: null, Msg: 'CNPJ já cadastrado' })
  })

  it('answers 504 when the upstream is too slow, 502 when it cannot be reached, 401 without a session (nothing sent)', async () => {
    const slow = await impatient.call('/ac_slow', { token: impatientToken })
    expect(slow.status).toBe(504)
    expect(await slow.json()).toEqual({
      IsSuccess: false,
      Dados: null,
      Msg: 'The service did not answer within 0.3 s. Try again in a moment.',
    })

    const before = upstream.received.length
    expect((await bff.call('/ac_empresas')).status).toBe(401)
    expect((await bff.call('/ac_empresas', { token: 'not-a-token' })).status).toBe(401)
    expect(upstream.received.length).toBe(before)

    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const offline = await testBff({ env: { UPSTREAM_API_URL: `http://127.0.0.1:${port}` } })
    const res = await offline.call('/ac_empresas', { token: await offline.signIn() })
    expect(res.status).toBe(502)
    expect(((await res.json()) as { Msg: string }).Msg).toBe('The service cannot be reached. Try again in a moment.')
  })

  it('keeps sign-in, the session and the other APIs local', async () => {
    const count = upstream.received.length
    expect((await bff.call('/common/user', { token })).status).toBe(200)
    expect((await bff.call('/auth/refresh-access-token', { method: 'POST', token })).status).toBe(200)
    expect((await bff.call('/apps/contacts/all', { token })).status).toBe(200)
    expect(upstream.received.length).toBe(count)
  })
})
