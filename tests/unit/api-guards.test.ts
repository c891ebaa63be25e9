import { describe, expect, it } from 'vitest'
import { operations } from '../../bff/lib/openapi.ts'
import { testBff } from '../shared/bff.ts'

/** Fills path parameters with a harmless value. */
const concrete = (path: string) =>
  path.replace(/:(\w+)/g, (_, name: string) =>
    name === 'empresa' ? '1' : name === 'file' ? 'en.json' : '00000000-0000-4000-8000-000000000000',
  )

describe('every API call', () => {
  it('answers 401 without a token, except the documented public ones', async () => {
    const bff = await testBff()
    const checked: string[] = []
    for (const op of operations(bff.api as never)) {
      if (op.doc?.auth === false) continue
      const res = await bff.call(concrete(op.path), {
        method: op.method,
        headers: { 'content-type': 'application/json' },
        body: op.method === 'GET' || op.method === 'DELETE' ? undefined : '{}',
      })
      expect(res.status, `${op.method} ${op.path}`).toBe(401)
      checked.push(`${op.method} ${op.path}`)
    }
    expect(checked.length).toBeGreaterThan(80)
  })

  it('takes the session from the Authorization header only: the session cookie a cross-site request carries opens nothing but a file', async () => {
    const bff = await testBff()
    const cookie = `token=${await bff.signIn()}`
    const checked: string[] = []
    for (const op of operations(bff.api as never)) {
      // a stored file (an <img src>) is the one GET the cookie opens (bff/routes/files.ts)
      if (op.doc?.auth === false || op.path.startsWith('/files/')) continue
      const res = await bff.call(concrete(op.path), {
        method: op.method,
        headers: { 'content-type': 'application/json', cookie, 'x-empresa': '1', 'x-filial': '1' },
        body: op.method === 'GET' || op.method === 'DELETE' ? undefined : '{}',
      })
      expect(res.status, `${op.method} ${op.path}`).toBe(401)
      checked.push(`${op.method} ${op.path}`)
    }
    expect(checked.length).toBeGreaterThan(80)
  })

  it('answers 403 for a company the caller does not hold, and changes nothing', async () => {
    const bff = await testBff()
    const tech = await bff.signIn({ email: 'tech@demo.fieldservice.app', password: 'demo-tech-2026' })
    for (const op of operations(bff.api as never)) {
      if (op.doc?.auth === false || op.path.startsWith('/auth/') || op.path.startsWith('/files/')) continue
      const res = await bff.call(concrete(op.path), {
        method: op.method,
        token: tech,
        headers: { 'x-empresa': '2', 'content-type': 'application/json' },
        body: op.method === 'GET' || op.method === 'DELETE' ? undefined : '{}',
      })
      expect(res.status, `${op.method} ${op.path}`).toBe(403)
    }
  })
})

describe('deleting what is not there', () => {
  it('answers 404 with the code not_found for an unknown id, and for an id of another company, changing nothing', async () => {
    const bff = await testBff()
    const token = await bff.signIn()
    const acme = { 'x-empresa': '1', 'x-filial': '2' }
    const northwind = { 'x-empresa': '2', 'x-filial': '4' }
    // every demo service's delete by ?id= (the panels' own deletes answer null or false by the spec)
    const deletes = operations(bff.api as never).filter(
      (op) => op.method === 'DELETE' && op.path.startsWith('/apps/') && op.doc?.responses?.[404],
    )
    expect(deletes.map((op) => op.path).sort()).toEqual([
      '/apps/contacts/contact',
      '/apps/contacts/tag',
      '/apps/ecommerce/inventory/product',
      '/apps/ecommerce/inventory/tag',
      '/apps/mailbox/label',
      '/apps/notes',
      '/apps/notes/labels',
      '/apps/scrumboard/board/card',
      '/apps/scrumboard/board/label',
      '/apps/scrumboard/board/list',
      '/apps/tasks/tag',
      '/apps/tasks/task',
    ])
    for (const op of deletes) {
      const res = await bff.call(`${op.path}?id=no-such-id`, { method: 'DELETE', token, headers: acme })
      expect(res.status, op.path).toBe(404)
      expect(await res.json(), op.path).toMatchObject({ code: 'not_found' })
    }
    const contact = (await (await bff.call('/apps/contacts/all', { token, headers: acme })).json())[0] as { id: string }
    expect(
      (await bff.call(`/apps/contacts/contact?id=${contact.id}`, { method: 'DELETE', token, headers: northwind }))
        .status,
    ).toBe(404)
    expect(
      await (await bff.call(`/apps/contacts/contact?id=${contact.id}`, { token, headers: acme })).json(),
    ).toMatchObject({ id: contact.id })
  })
})
