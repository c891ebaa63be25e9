// Regenerates domain/data/icon-names.json from the icon packages (dev dependencies):
// `node seeds/build-icon-names.ts`. The JSON is committed so every runtime (Workers too)
// has the real icon names without reading node_modules at run time.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')
const svgNames = (dir: string) =>
  readdirSync(join(root, 'node_modules', dir))
    .filter((f) => f.endsWith('.svg'))
    .map((f) => f.slice(0, -4))
    .sort()
const feather = Object.keys(
  JSON.parse(readFileSync(join(root, 'node_modules/feather-icons/dist/icons.json'), 'utf8')) as Record<string, string>,
).sort()

const names = {
  feather,
  heroicons_outline: svgNames('heroicons/24/outline'),
  heroicons_solid: svgNames('heroicons/24/solid'),
  heroicons_mini: svgNames('heroicons/20/solid'),
  mat_solid: svgNames('@material-design-icons/svg/filled'),
  mat_outline: svgNames('@material-design-icons/svg/outlined'),
  mat_twotone: svgNames('@material-design-icons/svg/two-tone'),
}
writeFileSync(join(root, 'domain/data/icon-names.json'), `${JSON.stringify(names)}\n`)
console.log(
  Object.entries(names)
    .map(([k, v]) => `${k}: ${v.length}`)
    .join(', '),
)
