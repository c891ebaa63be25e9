import { Hono } from 'hono'
import type { AppEnv, Deps } from '../lib/deps.ts'
import { requireAuth } from '../lib/auth.ts'
import { doc, pascal } from '../lib/openapi.ts'
import { iconSetSchema } from '../../domain/schemas/icons.ts'
import names from '../../domain/data/icon-names.json' with { type: 'json' }

/** The seven icon sets (docs/demo-apis.md §3 Icon sets): grid 6, Heroicons Mini 5. */
const SETS = [
  ['feather', 'feather', 'Feather', names.feather],
  ['heroicons-outline', 'heroicons_outline', 'Heroicons Outline', names.heroicons_outline],
  ['heroicons-solid', 'heroicons_solid', 'Heroicons Solid', names.heroicons_solid],
  ['heroicons-mini', 'heroicons_mini', 'Heroicons Mini', names.heroicons_mini],
  ['material-solid', 'mat_solid', 'Material Solid', names.mat_solid],
  ['material-outline', 'mat_outline', 'Material Outline', names.mat_outline],
  ['material-twotone', '', 'Material Twotone', names.mat_twotone],
] as const

export function iconRoutes(deps: Deps) {
  const app = new Hono<AppEnv>().use(requireAuth(deps))
  for (const [path, namespace, name, list] of SETS) {
    const answer = { namespace, name, grid: path === 'heroicons-mini' ? 'icon-size-5' : 'icon-size-6', list }
    app.get(
      `/${path}`,
      doc({
        operationId: `get${pascal(path)}IconSet`,
        description: `The ${name} icons: their names, namespace and grid size.`,
        summary: `The ${name} icon set`,
        tags: ['ui/icons'],
        responses: { 200: iconSetSchema },
      }),
      (c) => c.json(answer),
    )
  }
  return app
}
