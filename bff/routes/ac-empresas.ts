import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv, Deps } from '../lib/deps.ts'
import { requireAuth } from '../lib/auth.ts'
import { doc } from '../lib/openapi.ts'
import { requireTenant } from '../lib/tenancy.ts'
import { valid } from '../lib/validate.ts'
import { filesRepository } from '../../storage/repositories/files.ts'
import { keys } from '../../storage/keys.ts'
import type { CompanyRecord } from '../../storage/repositories/companies.ts'
import { fileUrl } from './files.ts'

const logoAnswer = z.object({ IsSuccess: z.boolean(), Msg: z.string() })
const LOGO_ROLES = new Set(['admin', 'manager'])

/** The company logo update of product-shell.md §7 (ID_ARQUIVO, URL_LOGO → IsSuccess, Msg). */
export function companyLogoRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use(requireAuth(deps), requireTenant(deps))
    .put(
      '/logo',
      doc({ summary: "Set the current company's logo to an uploaded image (ID_ARQUIVO, URL_LOGO)", tags: ['ac_empresas'], responses: { 200: logoAnswer, 400: logoAnswer, 403: logoAnswer } }),
      // ID_ARQUIVO null with an empty URL_LOGO takes the logo away (the default logo shows again)
      valid('json', z.union([z.object({ ID_ARQUIVO: z.string().uuid(), URL_LOGO: z.string().max(2048) }), z.object({ ID_ARQUIVO: z.null(), URL_LOGO: z.literal('') })])),
      async (c) => {
        const { empresa, grant } = c.get('tenant')
        if (!LOGO_ROLES.has(grant.role)) return c.json({ IsSuccess: false, Msg: 'You may not change the company logo.' }, 403)
        const { ID_ARQUIVO, URL_LOGO } = c.req.valid('json')
        if (ID_ARQUIVO !== null) {
          const file = await filesRepository(deps.store, empresa).find(ID_ARQUIVO)
          if (!file || !file.type.startsWith('image/') || file.type === 'image/svg+xml' || fileUrl(file) !== URL_LOGO) {
            return c.json({ IsSuccess: false, Msg: 'The logo must be an image uploaded to this company.' }, 400)
          }
        }
        const saved = await deps.store.update<CompanyRecord>(keys.company(empresa), (cur) => (cur ? { ...cur.value, ID_ARQUIVO, URL_LOGO: URL_LOGO || null } : undefined))
        if (!saved) return c.json({ IsSuccess: false, Msg: 'Company not found.' }, 404)
        return c.json({ IsSuccess: true, Msg: '' })
      },
    )
}
