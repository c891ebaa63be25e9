import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Hono } from 'hono'
import { afterAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { collectionSource } from '../../bff/lib/collection-source.ts'
import type { AppEnv } from '../../bff/lib/deps.ts'
import { onApiError } from '../../bff/lib/errors.ts'
import { resourceRoutes, type ResourceServer } from '../../bff/lib/resource.ts'
import { declareModule } from '../../domain/module.ts'
import { openStore } from '../../storage/open.ts'
import { DEMO_ADMIN, DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { testBff } from '../shared/bff.ts'

/**
 * The resource factory, through a module declared the way every business module is: a schema,
 * a source, list columns, CSV, an access page and a lifecycle. Nothing else is written for it.
 */
const visit = z.object({
  id: z.string(),
  filial: z.number(),
  title: z.string(),
  hours: z.number(),
  status: z.enum(['draft', 'sent', 'approved', 'rejected']),
  active: z.boolean(),
})
type Visit = z.output<typeof visit>
const visitInput = z.object({ title: z.string().trim().min(1).max(80), hours: z.coerce.number().min(0).max(100) })

/** A module declared as every module is (domain/modules/): its page is the quotes' (its access), its API of its own. */
const visits = declareModule({
  id: 'cd_cotacao',
  page: { titles: { en: 'Visits', es: 'Visitas', pt: 'Visitas' }, icon: 'M4 4h16v16H4z', group: 'field', order: 1 },
  roles: { admin: 'delete' },
  api: {
    noun: 'Visit',
    nouns: 'Visits',
    row: visit,
    id: z.string().uuid(),
    idKey: 'id',
    nameKey: 'title',
    input: { create: visitInput, edit: visitInput },
    list: {
      sortable: ['title', 'hours', 'status'],
      defaultSort: 'title',
      search: (v) => v.title,
      active: (v) => v.active,
    },
    csv: [
      ['title', (v) => v.title],
      ['hours', (v) => v.hours],
      ['status', (v) => v.status],
    ],
    deactivatable: true,
    actions: {
      send: { from: ['draft'], to: 'sent' },
      approve: { from: ['sent'], to: 'approved' },
      reject: { from: ['sent'], to: 'rejected' },
    },
  },
})

const server = {
  toRow: (v) => v,
  idOf: (v) => v.id,
  source: collectionSource<Visit>('test-visits', 'branch'),
  create: {
    make: (who, input) => ({
      id: crypto.randomUUID(),
      filial: who.tenant.filial,
      ...input,
      status: 'draft' as const,
      active: true,
    }),
  },
  edit: { apply: (_who, current, input) => ({ ...current, ...input }) },
  deactivate: { set: (_who, current, active) => ({ ...current, active }) },
  lifecycle: { status: (v) => v.status, set: (v, status) => ({ ...v, status: status as Visit['status'] }) },
} satisfies ResourceServer<typeof visits, Visit>

type Answer<T = unknown> = {
  IsSuccess: boolean
  Dados: T
  Msg: string
  code?: string
  allowed?: string[]
  fields?: Record<string, string[]>
  codes?: Record<string, string>
}
const dirs: string[] = []
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

async function setUp(driver: 'memory' | 'fs') {
  const dataDir = mkdtempSync(join(tmpdir(), 'resource-'))
  dirs.push(dataDir)
  const store = await openStore(driver === 'fs' ? { driver, dataDir } : { driver })
  const bff = await testBff({ store })
  const app = new Hono<AppEnv>()
    .route('/cd_visits', resourceRoutes(bff.deps, visits, server))
    .onError((error, c) => onApiError(error, c, bff.deps.log.error))
  const as = async (credentials: typeof DEMO_ADMIN, tenant: Record<string, string>) => {
    const token = await bff.signIn(credentials)
    return async <T = unknown>(
      path: string,
      init: { method?: string; json?: unknown; headers?: Record<string, string> } = {},
    ) => {
      const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...tenant, ...init.headers }
      if (init.json !== undefined) headers['content-type'] = 'application/json'
      const res = await app.request(`/cd_visits${path}`, {
        method: init.method ?? 'GET',
        headers,
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
      })
      const text = await res.text()
      return {
        status: res.status,
        etag: res.headers.get('etag'),
        type: res.headers.get('content-type'),
        text,
        body: (res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null) as Answer<T>,
      }
    }
  }
  return {
    admin: await as(DEMO_ADMIN, { 'x-empresa': '1', 'x-filial': '1' }),
    tech: await as(DEMO_TECHNICIAN, { 'x-empresa': '1', 'x-filial': '1' }),
    otherCompany: await as(DEMO_ADMIN, { 'x-empresa': '2', 'x-filial': '4' }),
    otherBranch: await as(DEMO_ADMIN, { 'x-empresa': '1', 'x-filial': '2' }),
  }
}

describe.each(['memory', 'fs'] as const)('a module declared on the resource factory (%s storage)', (driver) => {
  it('creates, lists (search, sort, pages, CSV), reads with an ETag and patches one field', async () => {
    const { admin, otherBranch } = await setUp(driver)
    for (const [title, hours] of [
      ['Roof inspection', 2],
      ['Boiler repair', 5],
      ['Air filter', 1],
    ] as const) {
      const created = await admin<Visit>('', { method: 'POST', json: { title, hours } })
      expect(created.status).toBe(200)
      expect(created.body.Dados).toMatchObject({ title, hours, status: 'draft', filial: 1 })
      expect(created.etag).toBe('"1"')
    }
    const list = await admin<{ items: Visit[]; pagination: { length: number; lastPage: number } }>(
      '?sort=hours&order=desc&size=2',
    )
    expect(list.body.Dados.items.map((v) => v.title)).toEqual(['Boiler repair', 'Roof inspection'])
    expect(list.body.Dados.pagination).toMatchObject({ length: 3, lastPage: 2 })
    expect((await admin<{ items: Visit[] }>('?search=boiler')).body.Dados.items.map((v) => v.title)).toEqual([
      'Boiler repair',
    ])
    // another branch of the same company lists its own records
    expect((await otherBranch<{ items: Visit[] }>('')).body.Dados.items).toEqual([])

    const csv = await admin('/export.csv?sort=title')
    expect(csv.type).toBe('text/csv; charset=utf-8')
    expect(csv.text.trim().split('\r\n')).toEqual([
      'title,hours,status',
      'Air filter,1,draft',
      'Boiler repair,5,draft',
      'Roof inspection,2,draft',
    ])

    const id = list.body.Dados.items[0].id
    const one = await admin<Visit>(`/${id}`)
    expect(one.etag).toBe('"1"')
    const patched = await admin<Visit>(`/${id}`, {
      method: 'PATCH',
      json: { hours: 6 },
      headers: { 'if-match': one.etag! },
    })
    expect(patched.status).toBe(200)
    expect(patched.body.Dados).toMatchObject({ title: 'Boiler repair', hours: 6 })
    expect(patched.etag).toBe('"2"')
  })

  it('refuses a stale write (412), bad input (400 with field codes), an unknown id (404), and changes nothing', async () => {
    const { admin, otherCompany } = await setUp(driver)
    const id = (await admin<Visit>('', { method: 'POST', json: { title: 'Gutter cleaning', hours: 3 } })).body.Dados.id
    await admin(`/${id}`, { method: 'PATCH', json: { hours: 4 }, headers: { 'if-match': '"1"' } })
    const stale = await admin(`/${id}`, {
      method: 'PUT',
      json: { title: 'Overwritten', hours: 9 },
      headers: { 'if-match': '"1"' },
    })
    expect(stale.status).toBe(412)
    expect(stale.body).toMatchObject({ IsSuccess: false, code: 'stale' })
    const bad = await admin(`/${id}`, { method: 'PATCH', json: { title: '' } })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ IsSuccess: false, code: 'invalid', codes: { title: 'field_required' } })
    expect((await admin<Visit>(`/${id}`)).body.Dados).toMatchObject({ title: 'Gutter cleaning', hours: 4 })
    expect((await admin(`/${crypto.randomUUID()}`)).status).toBe(404)
    // another company never sees it: 404, as if it did not exist
    const foreign = await otherCompany(`/${id}`)
    expect(foreign.status).toBe(404)
    expect(foreign.body.code).toBe('not_found')
    expect((await otherCompany(`/${id}`, { method: 'PATCH', json: { hours: 1 } })).status).toBe(404)
  })

  it('moves along its transitions only, answering 409 with the actions allowed, and logs every change', async () => {
    const { admin } = await setUp(driver)
    const id = (await admin<Visit>('', { method: 'POST', json: { title: 'Chiller service', hours: 8 } })).body.Dados.id
    const early = await admin(`/${id}/approve`, { method: 'POST' })
    expect(early.status).toBe(409)
    expect(early.body).toMatchObject({ IsSuccess: false, code: 'transition_not_allowed', allowed: ['send'] })
    expect((await admin<Visit>(`/${id}/send`, { method: 'POST' })).body.Dados.status).toBe('sent')
    const twice = await admin(`/${id}/send`, { method: 'POST' })
    expect(twice.status).toBe(409)
    expect(twice.body.allowed).toEqual(['approve', 'reject'])
    expect((await admin<Visit>(`/${id}/approve`, { method: 'POST' })).body.Dados.status).toBe('approved')
    await admin(`/${id}`, { method: 'PATCH', json: { hours: 9 } })
    const activity = await admin<Array<{ action: string; userName: string; fields?: string[] }>>(`/${id}/activity`)
    expect(activity.body.Dados.map((a) => a.action)).toEqual(['updated', 'approve', 'send', 'created'])
    expect(activity.body.Dados[0]).toMatchObject({ userName: 'Ana Costa', fields: ['hours'] })
  })

  it('deactivates and restores with the delete level; hides deactivated records unless asked', async () => {
    const { admin } = await setUp(driver)
    const id = (await admin<Visit>('', { method: 'POST', json: { title: 'Drain unblock', hours: 1 } })).body.Dados.id
    expect((await admin<Visit>(`/${id}`, { method: 'DELETE' })).body.Dados.active).toBe(false)
    expect((await admin<{ items: Visit[] }>('')).body.Dados.items).toEqual([])
    expect((await admin<{ items: Visit[] }>('?all=1')).body.Dados.items).toHaveLength(1)
    expect((await admin<Visit>(`/${id}?restore=1`, { method: 'DELETE' })).body.Dados.active).toBe(true)
  })

  it("refuses every call the caller's page level does not allow (403), whatever the client sends", async () => {
    const { admin, tech } = await setUp(driver)
    const id = (await admin<Visit>('', { method: 'POST', json: { title: 'Pump check', hours: 2 } })).body.Dados.id
    // the technician's role has no access to this page
    for (const [path, method] of [
      ['', 'GET'],
      ['/export.csv', 'GET'],
      ['', 'POST'],
      [`/${id}`, 'GET'],
      [`/${id}`, 'PATCH'],
      [`/${id}`, 'DELETE'],
      [`/${id}/send`, 'POST'],
      [`/${id}/activity`, 'GET'],
    ] as const) {
      const res = await tech(path, {
        method,
        json: method === 'POST' || method === 'PATCH' ? { title: 'Hijacked', hours: 1 } : undefined,
      })
      expect(res.status, `${method} ${path}`).toBe(403)
      expect(res.body.code).toBe('forbidden')
    }
    expect((await admin<Visit>(`/${id}`)).body.Dados).toMatchObject({
      title: 'Pump check',
      status: 'draft',
      active: true,
    })
  })
})
