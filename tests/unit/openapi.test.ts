import { Validator } from '@seriousme/openapi-schema-validator'
import { beforeAll, describe, expect, it } from 'vitest'
import { operations } from '../../bff/lib/openapi.ts'
import { testBff, type TestBff } from '../shared/bff.ts'

describe('the OpenAPI document', () => {
  let bff: TestBff
  let document: { openapi: string; paths: Record<string, Record<string, { summary: string }>> }
  beforeAll(async () => {
    bff = await testBff()
    const res = await bff.call('/openapi.json')
    expect(res.status).toBe(200)
    document = await res.json()
  })

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0')
    const result = await new Validator().validate(document as never)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
  })

  it('lists every route of the API with a summary', () => {
    const routes = operations(bff.api as never)
    expect(routes.length).toBeGreaterThan(10)
    for (const route of routes) {
      const path = `/api${route.path.replace(/:(\w+)/g, '{$1}')}`
      const entry = document.paths[path]?.[route.method.toLowerCase()]
      expect(entry, `${route.method} ${path}`).toBeDefined()
      expect(route.doc?.summary, `${route.method} ${path} has no doc()`).toBeTruthy()
    }
  })

  it('serves a reference page without scripts from elsewhere', async () => {
    const res = await bff.call('/docs')
    expect(res.headers.get('content-type')).toContain('text/html')
    const page = await res.text()
    expect(page).toContain('/api/auth/sign-in')
    expect(page).not.toMatch(/<script[^>]+src="https?:/)
  })
})
