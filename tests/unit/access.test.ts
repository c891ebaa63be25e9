import { describe, expect, it } from 'vitest'
import type { Access } from '../../bff/access.ts'
import { hashPassword } from '../../bff/lib/passwords.ts'
import { neededLevel } from '../../bff/lib/page-access.ts'
import { atLeast } from '../../domain/access.ts'
import { presetLevel } from '../../domain/modules/index.ts'
import { newUser, ROLES, type Role } from '../../domain/tenancy.ts'
import { testBff } from '../shared/bff.ts'
import { solidPng } from '../shared/png.ts'

type Operation = { method: string; path: string; access?: Access }

async function documented() {
  const bff = await testBff()
  const document = (await (await bff.call('/openapi.json')).json()) as {
    paths: Record<string, Record<string, { 'x-access'?: Access }>>
  }
  const ops: Operation[] = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path: path.replace(/^\/api/, ''),
      access: op['x-access'],
    })),
  )
  return { bff, ops }
}

// A path of the document with its parameters filled with ids that exist nowhere.
const concrete = (path: string) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) =>
    /^(id|module)$/.test(name) ? (name === 'module' ? 'cd_nothing' : '00000000-0000-4000-8000-000000000000') : '999999',
  )

describe('access declarations (security issue §2)', () => {
  it('declares who may call every operation of the OpenAPI document', async () => {
    const { ops } = await documented()
    expect(ops.length).toBeGreaterThan(100)
    expect(ops.filter((op) => !op.access).map((op) => `${op.method} ${op.path}`)).toEqual([])
  })

  it('answers every role on every operation as its declaration says (generated role × operation matrix)', async () => {
    const { bff, ops } = await documented()
    const tokens = {} as Record<Role, string>
    const password = await hashPassword('matrix-password-2026', 1000)
    for (const role of ROLES) {
      const email = `${role}@matrix.example`
      await bff.deps.repos.users.create(
        newUser(
          { name: role, email, culture: 'en', password, grants: [{ empresa: 1, filial: 'all', role }] },
          Date.now(),
        ),
      )
      tokens[role] = await bff.signIn({ email, password: 'matrix-password-2026' })
    }
    let cells = 0
    const wrong: string[] = []
    for (const op of ops) {
      const access = op.access!
      // public calls are the sign-in family and reference data; per-record checks are their module's own tests
      // (and the session's own calls: signing out would end the role's token)
      if (access.kind === 'public' || (access.kind === 'page' && access.perRecord) || op.path.startsWith('/auth/'))
        continue
      for (const role of ROLES) {
        const needed = access.kind === 'page' ? (access.level ?? neededLevel(op.method)) : null
        const allowed = access.kind !== 'page' || atLeast(presetLevel(role, access.page), needed!)
        const res = await bff.call(concrete(op.path), {
          method: op.method,
          token: tokens[role],
          headers: { 'x-empresa': '1', 'x-filial': '2' },
          ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { json: {} }),
        })
        cells++
        if ((res.status === 403) === allowed)
          wrong.push(`${role} ${op.method} ${op.path} → ${res.status} (declared ${JSON.stringify(access)})`)
      }
    }
    console.log(`access matrix: ${cells} role × operation cells, ${ops.length} operations declared`)
    expect(wrong).toEqual([])
    expect(cells).toBeGreaterThan(400)
  })

  it('keeps a technician out of the company mail, the finance dashboard, contact deletion, prices and the company files', async () => {
    const { bff } = await documented()
    const { DEMO_TECHNICIAN } = await import('../../seeds/tenancy.ts')
    const token = await bff.signIn(DEMO_TECHNICIAN)
    const call = (path: string, init: { method?: string; json?: unknown } = {}) =>
      bff.call(path, { ...init, token, headers: { 'x-empresa': '1', 'x-filial': '1' } })
    expect((await call('/apps/mailbox/mails?folder=inbox')).status).toBe(403)
    expect((await call('/dashboards/finance')).status).toBe(403)
    const contacts = (await (await call('/apps/contacts/all')).json()) as Array<{ id: string }>
    expect(contacts.length).toBeGreaterThan(0)
    expect((await call(`/apps/contacts/contact?id=${contacts[0].id}`, { method: 'DELETE' })).status).toBe(403)
    const products = (await (
      await bff.call('/apps/ecommerce/inventory/products', {
        token: await bff.signIn(),
        headers: { 'x-empresa': '1', 'x-filial': '1' },
      })
    ).json()) as { products: Array<{ id: string }> }
    expect(
      (
        await call('/apps/ecommerce/inventory/product', {
          method: 'PATCH',
          json: { id: products.products[0].id, product: { price: 0.01 } },
        })
      ).status,
    ).toBe(403)
    // a company file (the logo, uploaded by the admin) is not the technician's to delete
    const admin = await bff.signIn()
    const form = new FormData()
    form.append('files', new File([solidPng(64, 32, [20, 60, 200])], 'logo.png', { type: 'image/png' }))
    form.append('getEmpresaProprietario', 'true')
    const uploaded = (await (
      await bff.call('/FileManager/upload', {
        method: 'POST',
        token: admin,
        headers: { 'x-empresa': '1', 'x-filial': '2' },
        body: form,
      })
    ).json()) as { ListFiles: Array<{ Url: string }> }
    const url = uploaded.ListFiles[0].Url
    const refused = await call(`/FileManager/delete-by-url?url=${encodeURIComponent(url)}`, { method: 'DELETE' })
    expect(refused.status).toBe(403)
    expect((await bff.call(url.replace(/^.*\/api/, ''), { token: admin })).status).toBe(200)
    // the one who uploaded it may delete it
    expect(
      (
        await bff.call(`/FileManager/delete-by-url?url=${encodeURIComponent(url)}`, {
          method: 'DELETE',
          token: admin,
          headers: { 'x-empresa': '1', 'x-filial': '2' },
        })
      ).status,
    ).toBe(200)
  })
})
