// The API against its own document (issue 26, docs/api.md): the built server over real HTTP
// connections with fs storage; every operation gets valid, boundary and hostile requests made
// from the document, and every answer is checked against it — status, media type, headers and
// body, extra fields included. A refusal must leave the connection usable for the next request.
import { Agent, request as httpRequest } from 'node:http'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'
import { bankStatement } from '../shared/ofx.ts'
import { solidPng } from '../shared/png.ts'
import { freePort, startServer, type Running } from './servers.ts'

type Schema = Record<string, unknown>
type Parameter = { name: string; in: string; required?: boolean; schema?: Schema; example?: unknown }
type MediaType = { schema?: Schema; example?: unknown }
type Response = { headers?: Record<string, unknown>; content?: Record<string, MediaType> }
type Operation = {
  operationId: string
  security?: unknown[]
  parameters?: Parameter[]
  requestBody?: { content: Record<string, MediaType> }
  responses: Record<string, Response>
}
type Document = {
  paths: Record<string, Record<string, Operation>>
  components: Record<string, Record<string, unknown>>
}
type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer; reused: boolean }
type Sent = { method: string; path: string; headers?: Record<string, string>; body?: string | Buffer; why: string }

const NODE_SERVER = 'build/node/server.js'
/**
 * Operations whose documented example cannot be taken as it stands, and why: it needs a secret
 * that only a mailbox holds. The test still sends it, and checks the refusal against the document.
 */
const EXAMPLE_NEEDS_A_SECRET = new Set(['resetPassword', 'readResetLink', 'signUpLink', 'confirmSignUp'])
/** The demo contract's own second shape (docs/demo-apis.md §8): wrong credentials answer 404 with the body false. */
const TWO_ERROR_SHAPES = new Set(['signIn', 'unlockSession'])
/** Body fields that name a record of another collection: the example's id is replaced by one that exists. */
const REFERENCES: Record<string, string> = {
  clientId: '/api/cd_cliente',
  jobId: '/api/cd_job',
  // the first machine by its client's name: the first client's (seeds/equipment.ts)
  equipmentId: '/api/cd_equipamento',
  userId: '/api/ac_usuarios',
  productId: '/api/cd_techorders/part-options',
}
/** Body fields that name another record of the collection in the path (a transfer's other account): the second one listed. */
const OTHER_REFERENCES: Record<string, string> = { toId: '/api/cd_contas' }
/** One connection for every request: a refusal that breaks it shows on the next request. */
const agent = new Agent({ keepAlive: true, maxSockets: 1 })

function send(base: URL, sent: Sent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: base.hostname,
        port: base.port,
        method: sent.method,
        path: sent.path,
        agent,
        headers: {
          ...(sent.body !== undefined ? { 'content-length': Buffer.byteLength(sent.body) } : {}),
          ...sent.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            reused: req.reusedSocket,
          }),
        )
        res.on('error', reject)
      },
    )
    req.setTimeout(20_000, () => req.destroy(new Error(`${sent.method} ${sent.path}: no answer in 20 s`)))
    req.on('error', reject)
    req.end(sent.body)
  })
}

/** A JSON Schema with the document's $refs put in place (the components are few and not recursive). */
function resolved(doc: Document, schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map((s) => resolved(doc, s))
  if (!schema || typeof schema !== 'object') return schema
  const ref = (schema as { $ref?: string }).$ref
  if (ref) {
    const [, kind, name] = ref.match(/^#\/components\/(\w+)\/(.+)$/)!
    return resolved(doc, doc.components[kind][name])
  }
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, resolved(doc, v)]))
}

/** A value a schema accepts: its example, default, first enum value or const, else one made by its type. */
function sample(schema: Schema | undefined, boundary = false): unknown {
  if (!schema) return 'x'
  if (schema.example !== undefined && !boundary) return schema.example
  if (Array.isArray(schema.examples) && schema.examples.length && !boundary) return schema.examples[0]
  if (schema.const !== undefined) return schema.const
  if (Array.isArray(schema.enum)) return boundary ? schema.enum.at(-1) : schema.enum[0]
  if (schema.default !== undefined && !boundary) return schema.default
  const options = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined
  if (options) return sample(options.find((o) => o.type !== 'null') ?? options[0], boundary)
  switch (schema.type) {
    case 'integer':
    case 'number': {
      const min =
        typeof schema.minimum === 'number'
          ? schema.minimum
          : typeof schema.exclusiveMinimum === 'number'
            ? schema.exclusiveMinimum + 1
            : 0
      const max = typeof schema.maximum === 'number' ? schema.maximum : min + 1
      return boundary ? max : min
    }
    case 'boolean':
      return true
    case 'array': {
      const n = Math.max(Number(schema.minItems ?? 0), boundary ? Math.min(Number(schema.maxItems ?? 1), 3) : 1)
      return Array.from({ length: n }, () => sample(schema.items as Schema, boundary))
    }
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, Schema>
      const required = (schema.required ?? []) as string[]
      return Object.fromEntries(
        Object.entries(props)
          .filter(([k]) => required.includes(k) || boundary)
          .map(([k, s]) => [k, sample(s, boundary)]),
      )
    }
    case 'null':
      return null
    default: {
      if (schema.format === 'uuid') return crypto.randomUUID()
      if (schema.format === 'email') return 'someone@example.com'
      if (schema.format === 'date') return '2026-12-06'
      if (schema.format === 'date-time') return '2026-12-06T10:00:00.000Z'
      if (schema.format === 'uri') return 'https://example.com/a'
      const min = Number(schema.minLength ?? 1)
      const length =
        boundary && typeof schema.maxLength === 'number' ? Math.min(schema.maxLength, 5000) : Math.max(min, 3)
      if (typeof schema.pattern === 'string' && /\\d/.test(schema.pattern) && !/[a-z]/i.test(schema.pattern)) return '1'
      return 'a'.repeat(length)
    }
  }
}

/** A multipart body of a form's schema: a file of the type each file field names (else a small PNG), a sample for the others. */
function formBody(schema: Schema, headers: Record<string, string>) {
  const boundary = `contract${crypto.randomUUID()}`
  const parts: Buffer[] = []
  const binary = (s: Schema | undefined): boolean =>
    s !== undefined &&
    (s.format === 'binary' ||
      binary(s.items as Schema | undefined) ||
      ((s.anyOf ?? s.oneOf) as Schema[] | undefined)?.some(binary) === true)
  for (const [name, field] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${name}"`
    // a file of the type the field names (a bank statement), else an image
    if (binary(field) && field.contentMediaType === 'application/x-ofx')
      parts.push(
        Buffer.from(`${head}; filename="extrato.ofx"\r\nContent-Type: application/x-ofx\r\n\r\n`),
        Buffer.from(bankStatement([{ date: '2026-01-05', amount: '-12.90', fitId: 'CONTRACT1', memo: 'TARIFA' }])),
        Buffer.from('\r\n'),
      )
    // a price list
    else if (binary(field) && field.contentMediaType === 'text/csv')
      parts.push(
        Buffer.from(`${head}; filename="precos.csv"\r\nContent-Type: text/csv\r\n\r\n`),
        Buffer.from('name;sku;price\r\nContract part;CONTRACT-1;12,50\r\n'),
        Buffer.from('\r\n'),
      )
    else if (binary(field))
      parts.push(
        Buffer.from(`${head}; filename="dot.png"\r\nContent-Type: image/png\r\n\r\n`),
        Buffer.from(solidPng(2, 2, [200, 30, 30])),
        Buffer.from('\r\n'),
      )
    else if (((schema.required ?? []) as string[]).includes(name))
      parts.push(Buffer.from(`${head}\r\n\r\n${String(sample(field))}\r\n`))
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    body: Buffer.concat(parts),
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/** A value of another type than the schema's (a hostile one). */
const wrongType = (schema: Schema | undefined): unknown =>
  schema?.type === 'string' ? 12345 : schema?.type === 'array' ? 'not a list' : schema?.type === 'object' ? [1] : 'x'

describe('the API against its document', () => {
  let server: Running
  let doc: Document
  let token = ''
  /** The signed-in admin's own id: never the target of the user examples (a change of their own role locks them out). */
  let me = ''
  const dataDir = mkdtempSync(join(tmpdir(), 'contract-data-'))
  const contradictions: string[] = []
  /** The shapes each operation refused in (docs/api.md §2: one per operation). */
  const errorShapes = new Map<string, Set<string>>()
  let requests = 0
  const validators = new Map<string, ValidateFunction>()
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true })
  addFormats.default(ajv)

  beforeAll(async () => {
    const port = await freePort()
    server = await startServer(process.execPath, [NODE_SERVER], port, {
      PORT: String(port),
      STORAGE_DRIVER: 'fs',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      JWT_SECRET: '',
    })
    doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as Document
    const signIn = await fetch(`${server.url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
    })
    token = ((await signIn.json()) as { accessToken: string }).accessToken
    const user = await fetch(`${server.url}/api/common/user`, { headers: { authorization: `Bearer ${token}` } })
    me = ((await user.json()) as { id: string }).id
  })
  afterAll(async () => {
    agent.destroy()
    await server?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  /** Sends one request and checks its answer against the operation's; then that the connection still serves. */
  async function check(op: Operation, sent: Sent) {
    const base = new URL(server.url)
    const where = `${sent.method} ${sent.path.slice(0, 120)} (${op.operationId}, ${sent.why})`
    requests++
    let answer: Answer
    try {
      answer = await send(base, sent)
    } catch (error) {
      contradictions.push(`${where}: no answer (${String(error)})`)
      return null
    }
    const said = (what: string) => contradictions.push(`${where}: ${what}`)
    if (answer.status >= 400 && String(answer.headers['content-type']).includes('json')) {
      const body = answer.body.toString()
      const shape =
        body === 'false' ? 'false' : /"IsSuccess"/.test(body) ? 'wrapper' : /"Error"/.test(body) ? 'upload' : 'error'
      errorShapes.set(op.operationId, (errorShapes.get(op.operationId) ?? new Set()).add(shape))
    }
    if (answer.status >= 500) said(`answered ${answer.status}: ${answer.body.toString().slice(0, 200)}`)
    const documented = op.responses[String(answer.status)] ?? op.responses.default
    if (!documented) said(`status ${answer.status} is not documented (${answer.body.toString().slice(0, 200)})`)
    else if (sent.method !== 'HEAD') {
      const type = String(answer.headers['content-type'] ?? '')
        .split(';')[0]
        .trim()
      const media = Object.keys(documented.content ?? {})
      const matching = media.find((m) => m === type || (m.endsWith('/*') && type.startsWith(m.slice(0, -1))))
      if (media.length && !matching)
        said(`${answer.status} answered ${type || 'no type'}, documented ${media.join(', ')}`)
      if (!media.length && answer.body.length && answer.status !== 204 && answer.status !== 302)
        said(`${answer.status} answered a ${type} body, documented none`)
      // every documented header but those it marks `required: false` (Idempotent-Replayed comes only with a repeat)
      for (const [header, spec] of Object.entries(documented.headers ?? {}))
        if (
          (resolved(doc, spec) as { required?: boolean }).required !== false &&
          answer.headers[header.toLowerCase()] === undefined
        )
          said(`${answer.status} without its ${header} header`)
      const schema = matching ? documented.content![matching].schema : undefined
      if (schema && type === 'application/json') {
        const key = `${op.operationId} ${answer.status}`
        let validate = validators.get(key)
        if (!validate) {
          validate = ajv.compile(resolved(doc, schema) as Schema)
          validators.set(key, validate)
        }
        let body: unknown
        try {
          body = JSON.parse(answer.body.toString())
        } catch {
          said(`${answer.status} is not JSON`)
        }
        if (body !== undefined && !validate(body))
          said(
            `${answer.status} body against its schema: ${ajv.errorsText(validate.errors, { separator: '; ' }).slice(0, 400)} — ${answer.body.toString().slice(0, 200)}`,
          )
      }
    }
    if (answer.status >= 400 && answer.headers.connection !== 'close') {
      const next = await send(base, { method: 'GET', path: '/api/health', why: 'follow-up' }).catch(() => null)
      requests++
      if (!next || next.status !== 200 || !next.reused)
        said(
          `the next request on the connection ${next ? `answered ${next.status} on a new connection` : 'got no answer'}`,
        )
    }
    return answer
  }

  it('answers every operation as documented: valid, boundary and hostile requests, on one connection', async () => {
    const auth = { authorization: `Bearer ${token}`, 'x-empresa': '1', 'x-filial': '2' }
    const ids = new Map<string, string>()
    /** A second record of each list, for a body that names another one than the path's. */
    const seconds = new Map<string, string>()
    const validStatus = new Map<string, number>()
    /** What the test works as — the admin, company 1, branch 2 — is never what an example changes or deactivates. */
    const ours = (path: string, id: string) =>
      id === me || (path.endsWith('/ac_empresas') && id === '1') || (path.endsWith('/cd_filial') && id === '2')
    const all = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
    )
    // reads first (they find the ids), then writes, then removals; signing out and password changes last
    const last = /sign-out|password|unlock|refresh-access-token/
    const rank = (o: (typeof all)[number]) =>
      (last.test(o.path) ? 10 : 0) + (o.method === 'GET' ? 0 : o.method === 'DELETE' ? 2 : 1)
    all.sort((a, b) => rank(a) - rank(b) || a.path.length - b.path.length)

    const harvest = (path: string, body: Buffer) => {
      try {
        const text = JSON.stringify(JSON.parse(body.toString()))
        const found = [...text.matchAll(/"(?:id|COD_FILIAL|COD_EMPRESA)":"?([\w-]+)"?/g)].filter(
          (m) => !ours(path, m[1]),
        )
        if (found.length && !ids.has(path)) ids.set(path, found[0][1])
        const other = found.find((m) => m[1] !== found[0][1])
        if (other && !seconds.has(path)) seconds.set(path, other[1])
      } catch {
        // not JSON
      }
    }
    const fill = (path: string, param: Parameter, boundary: boolean) => {
      const parent = path.slice(0, path.indexOf(`{${param.name}}`)).replace(/\/$/, '')
      const known = ids.get(parent)
      return encodeURIComponent(String(!boundary && known ? known : sample(param.schema, boundary)))
    }

    for (const { path, method, op } of all) {
      const isPublic = Array.isArray(op.security) && op.security.length === 0
      const headers: Record<string, string> = isPublic ? {} : { ...auth }
      const params = op.parameters?.map((p) => resolved(doc, p) as Parameter) ?? []
      const url = (boundary: boolean, extraQuery = '') => {
        let filled = path
        for (const p of params.filter((p) => p.in === 'path'))
          filled = filled.replace(`{${p.name}}`, fill(path, p, boundary))
        const query = params
          .filter((p) => p.in === 'query' && (p.required || boundary || p.schema?.examples !== undefined))
          .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(sample(p.schema, boundary)))}`)
        if (extraQuery) query.push(extraQuery)
        return query.length ? `${filled}?${query.join('&')}` : filled
      }
      const json = op.requestBody?.content['application/json']
      const bodySchema = json ? (resolved(doc, json.schema) as Schema) : undefined
      // an example's references to other records point at ones the demo data holds
      const referring = (value: unknown): unknown =>
        Array.isArray(value)
          ? value.map(referring)
          : value && typeof value === 'object'
            ? Object.fromEntries(
                Object.entries(value).map(([k, v]) => [
                  k,
                  typeof v === 'string' && v && REFERENCES[k] && ids.has(REFERENCES[k])
                    ? ids.get(REFERENCES[k])
                    : typeof v === 'string' && v && OTHER_REFERENCES[k] && seconds.has(OTHER_REFERENCES[k])
                      ? seconds.get(OTHER_REFERENCES[k])
                      : referring(v),
                ]),
              )
            : value
      const multipart = op.requestBody?.content['multipart/form-data']
      const formSchema = multipart ? (resolved(doc, multipart.schema) as Schema) : undefined
      const withBody = (value: unknown) =>
        json
          ? { body: JSON.stringify(value), headers: { ...headers, 'content-type': 'application/json' } }
          : formSchema
            ? formBody(formSchema, headers)
            : { headers }
      // valid: the documented example, else one made from the schema
      const valid = await check(op, {
        method,
        path: url(false),
        ...withBody(referring(json?.example ?? sample(bodySchema))),
        why: 'valid',
      })
      if (valid && valid.status < 300 && method === 'GET') harvest(path, valid.body)
      if (valid) validStatus.set(op.operationId, valid.status)
      // the documented example is one the server takes: never refused as invalid input
      if (json && json.example === undefined)
        contradictions.push(`${method} ${path} (${op.operationId}): no request example`)
      if (valid?.status === 400 && !EXAMPLE_NEEDS_A_SECRET.has(op.operationId))
        contradictions.push(
          `${method} ${path} (${op.operationId}): the valid request was refused: ${valid.body.toString().slice(0, 200)}`,
        )
      // boundary: every field at its limit
      await check(op, { method, path: url(true), ...withBody(sample(bodySchema, true)), why: 'boundary' })
      // hostile: an unknown query key, a path id that is no id, no token, wrong types, a body over the limit
      const unknownKey = await check(op, {
        method,
        path: url(false, 'zz_unknown=1'),
        ...withBody(json?.example ?? sample(bodySchema)),
        why: 'unknown query key',
      })
      // a query is closed (docs/api.md §3): every operation refuses a key it does not take
      if (unknownKey && unknownKey.status < 400)
        contradictions.push(`${method} ${path} (${op.operationId}): accepted an unknown query key`)
      if (path.includes('{'))
        await check(op, {
          method,
          path: path.replace(/\{\w+\}/g, '..%2F..%2Fetc'),
          ...withBody(sample(bodySchema)),
          why: 'hostile path',
        })
      if (!isPublic)
        await check(op, {
          method,
          path: url(false),
          body: json ? '{}' : undefined,
          headers: json ? { 'content-type': 'application/json' } : {},
          why: 'no token',
        })
      if (bodySchema) {
        const props = Object.entries((bodySchema.properties ?? {}) as Record<string, Schema>)
        await check(op, {
          method,
          path: url(false),
          ...withBody(Object.fromEntries(props.map(([k, s]) => [k, wrongType(s)]))),
          why: 'wrong types',
        })
        await check(op, { method, path: url(false), ...withBody({}), why: 'empty body' })
        await check(op, { method, path: url(false), ...withBody(['not', 'an', 'object']), why: 'not an object' })
      }
      if (method !== 'GET')
        await check(op, {
          method,
          path: url(false),
          body: Buffer.alloc(1_200_000, 'a'),
          headers: { ...headers, 'content-type': 'application/json' },
          why: 'body over the limit',
        })
    }
    for (const [operationId, shapes] of errorShapes)
      if (shapes.size > 1 && !TWO_ERROR_SHAPES.has(operationId))
        contradictions.push(`${operationId} refused in ${shapes.size} shapes: ${[...shapes].join(', ')}`)
    const operations = all.length
    const shapesPerOperation = Math.max(...[...errorShapes.values()].map((shapes) => shapes.size))
    const summary = `contract: ${operations} operations, ${requests} requests, ${contradictions.length} contradictions, at most ${shapesPerOperation} error shape(s) per operation (${[...TWO_ERROR_SHAPES].join(', ')}: the demo contract's 404 false besides)`
    console.log(summary)
    const refusedValid = [...validStatus].filter(([, status]) => status >= 300)
    console.log(
      `contract: the valid request of ${validStatus.size - refusedValid.length} of ${validStatus.size} operations succeeded; the others: ${refusedValid.map(([id, status]) => `${id} ${status}`).join(', ')}`,
    )
    mkdirSync('tests/artifacts', { recursive: true })
    writeFileSync('tests/artifacts/contract.txt', [summary, ...contradictions].join('\n') + '\n')
    expect(contradictions, contradictions.slice(0, 60).join('\n')).toEqual([])
  }, 600_000)
})
