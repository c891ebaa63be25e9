import fc from 'fast-check'
import { ZodObject } from 'zod'
import { describe, expect, it } from 'vitest'
import { hashPassword } from '../../bff/lib/passwords.ts'
import { operations } from '../../bff/lib/openapi.ts'
import { memoryAdapter } from '../../storage/drivers/memory.ts'
import { keys } from '../../storage/keys.ts'
import { createRepositories } from '../../storage/repositories/index.ts'
import { ROLES, type Grant, type Role, type UserRecord } from '../../domain/tenancy.ts'
import { createStore } from '../../storage/store.ts'
import { testBff } from '../shared/bff.ts'

/**
 * Issue 5 §3: generated companies, branches, users and grants; generated requests to every
 * company-scoped API route with every combination of token, X-Empresa and X-Filial, path and
 * query ids taken from every company. No answer may show another company's data, and no request
 * may write outside the company it resolved to (the storage driver records every key written).
 */
const WORLDS = 5
const REQUESTS_PER_WORLD = 600
let sent = 0
/** The generated worlds and requests are the same on every run (a floor on what they write must not depend on luck). */
const WORLDS_SEED = 20261127
const answered = { ok: 0, okWrites: 0, refused: 0 }

type World = {
  companies: Array<{ branches: number }>
  users: Array<{ grants: Array<{ company: number; branch: number | null; role: Role; active: boolean }> }>
}

const worldArb: fc.Arbitrary<World> = fc.record({
  companies: fc.array(fc.record({ branches: fc.integer({ min: 1, max: 3 }) }), { minLength: 1, maxLength: 3 }),
  users: fc.array(
    fc.record({
      grants: fc.array(
        fc.record({
          company: fc.nat(4),
          branch: fc.option(fc.nat(2)),
          role: fc.constantFrom(...ROLES),
          active: fc.boolean(),
        }),
        { maxLength: 3 },
      ),
    }),
    { minLength: 2, maxLength: 5 },
  ),
})

const requestArb = fc.record({
  user: fc.nat(99),
  empresa: fc.nat(99),
  filial: fc.nat(99),
  op: fc.nat(999),
  pick: fc.nat(999),
  headerKind: fc.constantFrom('both', 'empresa', 'filial', 'none', 'default'),
})

// Routes that are not company data: sign-in calls, translation files, the docs, the icon sets.
const OUTSIDE = /^\/(auth|i18n|openapi\.json|docs|ui\/icons)/

async function buildWorld(world: World) {
  const written: string[] = []
  const adapter = memoryAdapter()
  const store = createStore({
    ...adapter,
    name: adapter.name,
    read: adapter.read.bind(adapter),
    readMany: adapter.readMany?.bind(adapter),
    children: adapter.children.bind(adapter),
    exclusive: adapter.exclusive?.bind(adapter),
    dispose: adapter.dispose.bind(adapter),
    swap: (key, expected, next, writeId) => (written.push(key), adapter.swap(key, expected, next, writeId)),
  })
  const bff = await testBff({ store })
  const repos = createRepositories(store)
  // the demo's companies 1 and 2, and generated ones from 3
  const companyIds = [1, 2]
  const branchIds: Record<number, number[]> = { 1: [1, 2, 3], 2: [4] }
  let nextBranch = 100
  for (const [i, spec] of world.companies.entries()) {
    const id = 3 + i
    companyIds.push(id)
    await repos.companies.save({
      COD_EMPRESA: id,
      NOME_EMPRESA: `NAME${id}X`,
      RAZAO_SOCIAL: `NAME${id}X Ltda`,
      CNPJ: '11.222.333/0001-81',
      CURRENCY: 'BRL',
      CULTURE: 'pt',
      TIME_ZONE: 'UTC',
      ID_ARQUIVO: null,
      URL_LOGO: null,
      ACTIVE: true,
    })
    branchIds[id] = []
    for (let b = 0; b < spec.branches; b++) {
      const filial = nextBranch++
      branchIds[id].push(filial)
      await repos.companies.saveBranch({
        COD_EMPRESA: id,
        COD_FILIAL: filial,
        NOM_FILIAL: `NAME${id}X-${b}`,
        FLG_PRINCIPAL: b === 0 ? 'S' : 'N',
        PREFIX: `B${b}`,
        TIME_ZONE: 'UTC',
        ACTIVE: true,
      })
    }
  }
  // the demo companies' names carry markers too
  for (const id of [1, 2])
    await store.update<{ NOME_EMPRESA: string }>(keys.company(id), (cur) => ({
      ...cur!.value,
      NOME_EMPRESA: `NAME${id}X`,
    }))

  const password = await hashPassword('isolation-password', 1000)
  const users: Array<{ id: string; token: string; email: string }> = []
  const make = async (n: number, grants: Grant[]) => {
    const user: UserRecord = {
      id: crypto.randomUUID(),
      name: `User ${n}`,
      email: `user${n}@isolation.example`,
      avatar: null,
      status: 'online',
      culture: 'en',
      active: true,
      password,
      grants,
      current: null,
      sessionEpoch: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
    }
    await repos.users.create(user)
    users.push({
      id: user.id,
      email: user.email,
      token: await bff.signIn({ email: user.email, password: 'isolation-password' }),
    })
  }
  // a root admin of every company puts the data in, then takes part as one more caller
  await make(
    0,
    companyIds.map((empresa) => ({ empresa, filial: 'all', role: 'admin' })),
  )
  for (const [n, spec] of world.users.entries()) {
    await make(
      n + 1,
      spec.grants.map((g) => {
        const empresa = companyIds[g.company % companyIds.length]
        return {
          empresa,
          filial: g.branch === null ? 'all' : branchIds[empresa][g.branch % branchIds[empresa].length],
          role: g.role,
          ...(g.active ? {} : { active: false }),
        }
      }),
    )
  }

  // marked records in every company: a contact, a product, a task, a client, a job, a quote, a file, a renamed page
  const root = users[0].token
  const ids: Array<{ empresa: number; id: string }> = []
  const files: Array<{ empresa: number; id: string; url: string }> = []
  for (const empresa of companyIds) {
    const h = { 'x-empresa': String(empresa), 'x-filial': String(branchIds[empresa][0]) }
    const call = async (path: string, method: string, json?: unknown) =>
      (await bff.call(path, { method, token: root, headers: h, json })).json() as Promise<Record<string, unknown>>
    const contact = await call('/apps/contacts/contact', 'POST')
    await call('/apps/contacts/contact', 'PATCH', { id: contact.id, contact: { name: `DATA${empresa}X contact` } })
    const product = await call('/apps/ecommerce/inventory/product', 'POST')
    await call('/apps/ecommerce/inventory/product', 'PATCH', {
      id: product.id,
      product: { name: `DATA${empresa}X product` },
    })
    const task = await call('/apps/tasks/task', 'POST', { type: 'task' })
    await call('/apps/tasks/task', 'PATCH', { id: task.id, task: { title: `DATA${empresa}X task` } })
    const page = (await call('/ac_paginas/cd_job', 'GET')).Dados as Record<string, unknown>
    await call('/ac_paginas/cd_job', 'PUT', { ...page, title_en: `DATA${empresa}X jobs` })
    const form = new FormData()
    form.append('files', new File([`DATA${empresa}X file`], `DATA${empresa}X.txt`, { type: 'text/plain' }))
    form.append('getEmpresaProprietario', 'true')
    const upload = (await (
      await bff.call('/FileManager/upload', { method: 'POST', token: root, headers: h, body: form })
    ).json()) as { ListFiles: Array<{ Id: string; Url: string }> }
    const client = (await call('/cd_cliente', 'POST', { kind: 'business', name: `DATA${empresa}X client` })).Dados as {
      id: string
    }
    const job = (
      await call('/cd_job', 'POST', {
        code: `J${empresa}`,
        name: `DATA${empresa}X job`,
        unit: 'unit',
        unitPrice: 100,
        taxPercent: 0,
        durationMinutes: 0,
      })
    ).Dados as { id: string }
    const quote = (
      await call('/cd_cotacao', 'POST', {
        clientId: client?.id,
        validUntil: '2099-12-31',
        lines: [{ description: `DATA${empresa}X line`, quantity: 1, unitPrice: 100 }],
      })
    ).Dados as { id: string }
    if (!client?.id || !job?.id || !quote?.id) throw new Error('the marked client, job or quote was not created')
    for (const id of [contact.id, product.id, task.id, client.id, job.id, quote.id] as string[])
      ids.push({ empresa, id })
    ids.push({ empresa, id: upload.ListFiles[0].Id })
    files.push({ empresa, id: upload.ListFiles[0].Id, url: upload.ListFiles[0].Url })
  }
  return { bff, store, written, companyIds, branchIds, users, ids, files }
}

describe('company isolation, property-based', () => {
  it(
    `no answer reveals or changes another company's records (${WORLDS} generated worlds × ${REQUESTS_PER_WORLD} generated requests)`,
    { timeout: 240_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(
          worldArb,
          fc.array(requestArb, { minLength: REQUESTS_PER_WORLD, maxLength: REQUESTS_PER_WORLD }),
          async (spec, requests) => {
            const w = await buildWorld(spec)
            const ops = operations(w.bff.api as never).filter((op) => !OUTSIDE.test(op.path) && op.doc?.auth !== false)
            const allBranches = Object.values(w.branchIds).flat()
            for (const r of requests) {
              const caller = w.users[r.user % w.users.length]
              const op = ops[r.op % ops.length]
              const target = w.ids[r.pick % w.ids.length]
              const file = w.files[r.pick % w.files.length]
              const otherUser = w.users[r.pick % w.users.length]
              const empresa = [...w.companyIds, 999, -1][r.empresa % (w.companyIds.length + 2)]
              const filial = [...allBranches, 999, -1][r.filial % (allBranches.length + 2)]
              const headers: Record<string, string> = {}
              if (r.headerKind === 'both' || r.headerKind === 'empresa') headers['x-empresa'] = String(empresa)
              if (r.headerKind === 'both' || r.headerKind === 'filial') headers['x-filial'] = String(filial)
              if (r.headerKind === 'default') Object.assign(headers, { 'x-empresa': '-1', 'x-filial': '-1' })

              // what the caller holds, and the company this request resolves to (before it runs)
              const me = (await w.store.get<UserRecord>(keys.user(caller.id)))!.value
              const held = new Set(me.active ? me.grants.filter((g) => g.active !== false).map((g) => g.empresa) : [])
              const resolved = await w.bff.call('/cd_filial/current', { token: caller.token, headers })
              let tenant = resolved.ok
                ? ((await resolved.json()) as { Dados: { COD_EMPRESA: number } }).Dados.COD_EMPRESA
                : null
              let path = op.path
                .replace(':empresa', String(file.empresa))
                .replace(
                  ':id',
                  op.path.startsWith('/files/')
                    ? file.id
                    : op.path.startsWith('/ac_usuarios/')
                      ? otherUser.id
                      : op.path.startsWith('/ac_empresas/')
                        ? String(empresa)
                        : op.path.startsWith('/cd_filial/')
                          ? String(filial)
                          : target.id,
                )
                .replace(':name', encodeURIComponent(file.url.split('/').pop()!))
                .replace(':module', 'cd_job')
              // the file address names its company: that is the one it may show, when held
              if (op.path.startsWith('/files/')) tenant = held.has(file.empresa) ? file.empresa : null
              // a company's own record is addressed by its number: any company the caller holds (their level there decides)
              if (op.path === '/ac_empresas/:id') tenant = held.has(empresa) ? empresa : null
              // the query names the target wherever the operation takes it (a key it does not take is refused: docs/api.md §3)
              const takes = new Set(
                op.requests.flatMap((r) =>
                  r.target === 'query' && r.schema instanceof ZodObject ? Object.keys(r.schema.shape) : [],
                ),
              )
              const sink = {
                id: target.id,
                userId: otherUser.id,
                idImagem: file.id,
                url: file.url,
                module: 'cd_job',
                idGuid: target.id,
                getEmpresaProprietario: 'true',
              }
              const query = Object.entries(sink).filter(([key]) => takes.has(key))
              if (query.length) path += `?${new URLSearchParams(query)}`
              const body = op.method === 'GET' ? undefined : kitchenSink(target.id, otherUser.id)
              const companiesBefore = new Set((await w.store.children(keys.companies())).map(Number))

              w.written.length = 0
              const res = await w.bff.call(path, { method: op.method, token: caller.token, headers, json: body })
              const text = await res.text()
              sent++
              const where = `${op.method} ${path} as user ${caller.email} with ${JSON.stringify(headers)} → ${res.status}`

              for (const empresa of w.companyIds) {
                if (empresa !== tenant) {
                  expect(text.includes(`DATA${empresa}X`), `${where}: shows company ${empresa}'s data`).toBe(false)
                  // an id the request itself named may be echoed ('not found: <id>'); any other is a leak
                  for (const id of w.ids)
                    if (id.empresa === empresa && !path.includes(id.id))
                      expect(text.includes(id.id), `${where}: shows company ${empresa}'s record ${id.id}`).toBe(false)
                }
                if (!held.has(empresa))
                  expect(text.includes(`NAME${empresa}X`), `${where}: names company ${empresa}, not held`).toBe(false)
              }
              const writes = [...w.written]
              if (res.ok) answered.ok++
              else answered.refused++
              if (res.ok && writes.length) answered.okWrites++
              if (res.status >= 400) expect(writes, `${where}: a refused request wrote`).toEqual([])
              for (const key of writes) {
                const company = key.match(/^compan(?:y|ies):(\d+)/)
                if (company) {
                  const id = Number(company[1])
                  expect(id === tenant || !companiesBefore.has(id), `${where}: wrote ${key} of company ${id}`).toBe(
                    true,
                  )
                } else if (key.startsWith('owed:')) {
                  // a write's debt to what follows from it (bff/lib/derived.ts), named by its company
                  const id = Number(key.slice('owed:'.length).split('.')[0])
                  expect(id, `${where}: owed ${key} of company ${id}`).toBe(tenant)
                } else if (key.startsWith('user:')) {
                  const written = (await w.store.get<UserRecord>(key))?.value
                  expect(
                    key === keys.user(caller.id) ||
                      (tenant !== null && !!written?.grants.some((g) => g.empresa === tenant)),
                    `${where}: wrote user ${key} outside company ${tenant}`,
                  ).toBe(true)
                } else {
                  expect(
                    /^(user-data:|user-email:|system:|session:)/.test(key) &&
                      (!key.startsWith('user-data:') || key.startsWith(`user-data:${caller.id}`)),
                    `${where}: wrote ${key}`,
                  ).toBe(true)
                }
              }
            }
            await w.store.dispose()
          },
        ),
        { numRuns: WORLDS, endOnFailure: true, seed: WORLDS_SEED },
      )
      expect(sent).toBeGreaterThanOrEqual(2000)
      // not a vacuous pass: many requests got through, and many of them wrote
      expect(answered.ok).toBeGreaterThan(300)
      // (deletes of an id that is not there answer 404 and write nothing: 40–60 writes a run)
      expect(answered.okWrites).toBeGreaterThan(25)
      console.log(
        `isolation: ${sent} generated requests over ${WORLDS} generated worlds (${answered.ok} answered 2xx, ${answered.okWrites} of them wrote; ${answered.refused} refused), no leak`,
      )
    },
  )
})

/** One body that passes many routes' schemas at once (unknown fields are dropped): writes get through to the checks. */
function kitchenSink(id: string, userId: string) {
  return {
    id,
    contact: { name: 'WRITE' },
    product: { name: 'WRITE' },
    task: { title: 'WRITE' },
    note: { id, title: 'WRITE', content: 'WRITE' },
    label: { id, title: 'WRITE' },
    tag: { id, title: 'WRITE' },
    mail: { id, unread: false },
    NOME_EMPRESA: 'WRITE',
    RAZAO_SOCIAL: 'WRITE',
    CNPJ: '11.222.333/0001-81',
    CURRENCY: 'BRL',
    CULTURE: 'en',
    TIME_ZONE: 'UTC',
    NOM_FILIAL: 'WRITE',
    PREFIX: 'W',
    FLG_PRINCIPAL: 'N',
    name: 'WRITE',
    culture: 'en',
    role: 'technician',
    filial: 'all',
    active: true,
    userId,
    levels: { cd_job: 'edit' },
    title_en: 'WRITE',
    title_es: 'WRITE',
    title_pt: 'WRITE',
    icon: 'M0 0',
    group: 'field',
    order: 1,
    COD_EMPRESA: 1,
    COD_FILIAL: 1,
  }
}
