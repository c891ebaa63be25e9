import { Validator } from '@seriousme/openapi-schema-validator'
import { beforeAll, describe, expect, it } from 'vitest'
import { operations } from '../../bff/lib/openapi.ts'
import { REFERENCE_SCRIPT } from '../../bff/lib/reference-script.ts'
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

  it('names every operation once, in camelCase, with a summary and a description', () => {
    const ids = new Map<string, string>()
    for (const [path, methods] of Object.entries(document.paths))
      for (const [method, op] of Object.entries(
        methods as Record<string, { operationId?: string; description?: string }>,
      )) {
        const where = `${method.toUpperCase()} ${path}`
        expect(op.operationId, where).toMatch(/^[a-z][a-zA-Z0-9]*$/)
        expect(
          ids.get(op.operationId!),
          `${where} and ${ids.get(op.operationId!)} share ${op.operationId}`,
        ).toBeUndefined()
        ids.set(op.operationId!, where)
        expect(op.description?.length ?? 0, `${where} has no description`).toBeGreaterThan(20)
      }
  })

  it('serves a reference page whose scripts are the app’s own and its nonce’s', async () => {
    const res = await bff.call('/docs')
    expect(res.headers.get('content-type')).toContain('text/html')
    const nonce = res.headers.get('content-security-policy')?.match(/script-src 'self' 'nonce-([\w-]+)'/)?.[1]
    expect(nonce).toBeDefined()
    const page = await res.text()
    expect(page).toContain('/api/openapi.json')
    const scripts = [...page.matchAll(/<script([^>]*)>/g)].map((m) => m[1])
    expect(scripts.length).toBeGreaterThan(0)
    for (const attributes of scripts) {
      expect(attributes).not.toMatch(/src="(https?:)?\/\//)
      expect(attributes).toContain(`nonce="${nonce}"`)
    }
    expect(page).toContain(`src="${REFERENCE_SCRIPT}"`)
  })
})
