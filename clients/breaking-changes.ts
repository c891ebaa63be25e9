// The API's breaking changes (docs/api.md §7): the document the code makes now against the one
// released (clients/openapi.json), compared by api-smart-diff. A removed operation, a new required
// input or a narrowed answer is breaking; it is allowed only when info.version's major part moved
// and CHANGELOG.md names the version under a "Breaking" heading.
// `node clients/breaking-changes.ts` checks; `node clients/breaking-changes.ts --release` makes
// the current document the released one (after a release).
import { readFileSync, writeFileSync } from 'node:fs'
import { apiCompare } from 'api-smart-diff'

export const RELEASED = new URL('./openapi.json', import.meta.url)
const CHANGELOG = new URL('../CHANGELOG.md', import.meta.url)

type Doc = { info: { version: string } }
const major = (version: string) => Number(version.split('.')[0])

/** The breaking changes from `released` to `current`, each described ("[Removed] operation GET /api/health"). */
export function breakingChanges(released: object, current: object): string[] {
  return apiCompare(released, current)
    .diffs.filter((d) => d.type === 'breaking')
    .map((d) => d.description ?? `${d.action} ${d.path.join('.')}`)
}

/** Why the current document may not ship, or null: breaking changes without a major version and a changelog entry. */
export function refusal(released: Doc, current: Doc, changelog: string): string | null {
  const breaking = breakingChanges(released, current)
  if (!breaking.length) return null
  const list = breaking.map((b) => `  - ${b}`).join('\n')
  if (major(current.info.version) <= major(released.info.version))
    return `Breaking changes to the API while its major version stays ${major(released.info.version)} (bff/lib/api-version.ts):\n${list}`
  const section = changelog.split(/^## /m).find((s) => s.startsWith(current.info.version))
  if (!section || !/breaking/i.test(section))
    return `Version ${current.info.version} breaks the API but CHANGELOG.md has no "## ${current.info.version}" section saying so:\n${list}`
  return null
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { currentDocument } = await import('./current-document.ts')
  const current = (await currentDocument()) as Doc
  if (process.argv.includes('--release')) {
    writeFileSync(RELEASED, `${JSON.stringify(current, null, 2)}\n`)
    console.log(`clients/openapi.json is now ${current.info.version}`)
  } else {
    const released = JSON.parse(readFileSync(RELEASED, 'utf8')) as Doc
    const why = refusal(released, current, readFileSync(CHANGELOG, 'utf8'))
    if (why) {
      console.error(why)
      process.exit(1)
    }
    console.log(`No breaking change against the released API ${released.info.version}`)
  }
}
