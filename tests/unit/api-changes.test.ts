import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { RELEASED, refusal } from '../../clients/breaking-changes.ts'

type Doc = {
  info: { version: string }
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>>
}
type Schema = { required?: string[]; properties?: Record<string, unknown> }

// docs/api.md §7: the released document against a changed one, as `npm run lint:api` checks the current one
describe('breaking changes to the API', () => {
  const released = JSON.parse(readFileSync(RELEASED, 'utf8')) as Doc
  const changed = (change: (doc: Doc) => void, version = released.info.version) => {
    const doc = structuredClone(released)
    change(doc)
    doc.info.version = version
    return doc
  }
  const nextMajor = `${Number(released.info.version.split('.')[0]) + 1}.0.0`

  it('lets additions through', () => {
    const added = changed((doc) => {
      doc.paths['/api/extra'] = structuredClone(doc.paths['/api/health'])
    })
    expect(refusal(released, added, '')).toBeNull()
  })

  it('refuses a removed operation or a new required input under the same major version, naming each', () => {
    const removed = changed((doc) => {
      delete doc.paths['/api/health']
    })
    expect(refusal(released, removed, '')).toMatch(/major version stays[\s\S]*GET \/api\/health/)
    const required = changed((doc) => {
      const schema = doc.paths['/api/cd_cliente'].post.requestBody!.content['application/json'].schema
      schema.properties = { ...schema.properties, vatNumber: { type: 'string' } }
      schema.required = [...(schema.required ?? []), 'vatNumber']
    })
    expect(refusal(released, required, '')).toMatch(/vatNumber/)
  })

  it('takes a breaking change with a new major version that CHANGELOG.md names as breaking', () => {
    const removed = (version: string) =>
      changed((doc) => {
        delete doc.paths['/api/health']
      }, version)
    expect(refusal(released, removed(nextMajor), '# Changelog\n')).toMatch(/CHANGELOG\.md has no/)
    expect(
      refusal(released, removed(nextMajor), `# Changelog\n\n## ${nextMajor}\n\nBreaking: GET /api/health is gone.\n`),
    ).toBeNull()
  })
})
