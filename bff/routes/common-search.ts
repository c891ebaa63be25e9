import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv, Deps } from '../lib/deps.ts'
import { requireAuth } from '../lib/auth.ts'
import { doc } from '../lib/openapi.ts'
import { valid } from '../lib/validate.ts'
import { navigationSchema, searchResultSchema } from '../schemas/common-panels.ts'
import { navigation } from '../../seeds/common.ts'

/** api/common/navigation and api/common/search (demo-backend.md §7 Common). */
export function navigationRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use(requireAuth(deps))
    .get('/', doc({ summary: 'The four navigation layouts', tags: ['common/navigation'], responses: { 200: navigationSchema } }), (c) => c.json(navigation()))
}

export function searchRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use(requireAuth(deps))
    .post('/', doc({ summary: 'Search navigation titles; an empty query answers an empty result', tags: ['common/search'], responses: { 200: z.array(searchResultSchema) } }), valid('json', z.object({ query: z.string().max(200) })), (c) => {
      const query = c.req.valid('json').query.trim().toLowerCase()
      if (!query) return c.json([])
      const pages = navigation()
        .default.filter((item) => item.title.toLowerCase().includes(query))
        .map((item) => ({ ...item, value: item.title, link: item.link }))
      return c.json(pages.length ? [{ id: 'pages', label: 'Pages', results: pages }] : [])
    })
}
