import { describe, expect, it } from 'vitest'
import { operations } from '../../bff/lib/openapi.ts'
import { testBff } from '../shared/bff.ts'

/** Fills path parameters with a harmless value. */
const concrete = (path: string) => path.replace(/:(\w+)/g, (_, name: string) => (name === 'empresa' ? '1' : name === 'file' ? 'en.json' : '00000000-0000-4000-8000-000000000000'))

describe('every API call', () => {
  it('answers 401 without a token, except the documented public ones', async () => {
    const bff = await testBff()
    const checked: string[] = []
    for (const op of operations(bff.api as never)) {
      if (op.doc?.auth === false) continue
      const res = await bff.call(concrete(op.path), { method: op.method, headers: { 'content-type': 'application/json' }, body: op.method === 'GET' || op.method === 'DELETE' ? undefined : '{}' })
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
      const res = await bff.call(concrete(op.path), { method: op.method, token: tech, headers: { 'x-empresa': '2', 'content-type': 'application/json' }, body: op.method === 'GET' || op.method === 'DELETE' ? undefined : '{}' })
      expect(res.status, `${op.method} ${op.path}`).toBe(403)
    }
  })
})
