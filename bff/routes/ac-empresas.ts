import { z } from 'zod'
import { atLeast } from '../../domain/access.ts'
import { LOGO_IMAGE } from '../../domain/images.ts'
import { companies as companyModule } from '../../domain/modules/ac-empresas.ts'
import { companyRow } from '../../domain/schemas/admin.ts'
import { mainBranch, type CompanyRecord } from '../../domain/tenancy.ts'
import { companyGrant, levelIn } from '../lib/admin.ts'
import type { Deps } from '../lib/deps.ts'
import { apiErrorSchema, doc } from '../lib/openapi.ts'
import { apiError, ruleError } from '../lib/errors.ts'
import { checkImage, refusalCode } from '../lib/image-bounds.ts'
import { resourceRoutes, type ResourceServer } from '../lib/resource.ts'
import { requireTenant } from '../lib/tenancy.ts'
import { valid } from '../lib/validate.ts'
import { fileUrl } from './files.ts'

const MODULE = companyModule.id
const logoAnswer = z.object({ IsSuccess: z.literal(true), Msg: z.string() }).strict()

/** What the API shows of a company: the documented row (absent optional fields as '', the logo file id left out). */
const row = (c: CompanyRecord) => companyRow.parse(c)

/**
 * ac_empresas (docs/domain.md): the companies the caller holds with the page's view level, each
 * checked with the caller's level in that company; create (the creator becomes its admin, with
 * a main branch), edit, deactivate; the logo update of docs/shell.md §7 (ID_ARQUIVO, URL_LOGO → IsSuccess, Msg).
 */
export function companyRoutes(deps: Deps) {
  const { companies, users } = deps.repos
  const held = (user: Parameters<typeof companyGrant>[0]) => [...new Set(user.grants.map((g) => g.empresa))]
  const server = {
    toRow: row,
    idOf: (c) => c.COD_EMPRESA,
    // the caller's level in the company concerned; creating one takes the level in the current company
    level: (who, id) => levelIn(deps, who.user, id ?? who.tenant.empresa, MODULE),
    owner: (_who, id) => id,
    source: {
      async list(who) {
        const visible = await Promise.all(
          held(who.user).map(async (empresa) =>
            (await levelIn(deps, who.user, empresa, MODULE)) === 'none' ? null : companies.find(empresa),
          ),
        )
        return visible.filter((c): c is CompanyRecord => !!c)
      },
      find: async (who, id) => (companyGrant(who.user, id) ? companies.get(id) : null),
      insert: (_who, company) => companies.save(company),
      update: (_who, id, fn, expectVersion) => companies.update(id, fn, { expectVersion }),
    },
    create: {
      make: async (_who, input) => ({
        COD_EMPRESA: await companies.nextNumber(),
        ...input,
        ID_ARQUIVO: null,
        URL_LOGO: null,
        ACTIVE: true,
      }),
      // its main branch, and the creator works in it at once as its admin
      async after(who, saved) {
        const company = saved.value
        await companies.saveBranch(
          mainBranch(company.COD_EMPRESA, await companies.nextBranchNumber(), company.NOME_EMPRESA, company.TIME_ZONE),
        )
        await users.update(who.user.id, (u) => ({
          ...u,
          grants: [...u.grants, { empresa: company.COD_EMPRESA, filial: 'all', role: 'admin' }],
        }))
      },
    },
    edit: { apply: (_who, current, input) => ({ ...current, ...input }) },
    deactivate: { set: (_who, current, ACTIVE) => ({ ...current, ACTIVE }) },
  } satisfies ResourceServer<typeof companyModule, CompanyRecord>

  return resourceRoutes(deps, companyModule, server, (app) =>
    app.put(
      '/logo',
      doc({
        operationId: 'setCompanyLogo',
        summary: 'Set or remove the current company’s logo',
        description: `Sets the logo to an image uploaded to this company (its ID_ARQUIVO and URL_LOGO, as POST /api/FileManager/upload answered them; not SVG); ID_ARQUIVO null with an empty URL_LOGO removes it. 400 for a file that is not such an image. The logo is printed on the company's quotes, invoices and work orders, so it must print, checked from its bytes without decoding it: at most ${LOGO_IMAGE.maxSide} pixels a side and ${LOGO_IMAGE.maxPixels} pixels (1 megapixel: 1024 × 1024, or 2048 × 512) by its header (400 \`logo_too_large\`), not an animated PNG (400 \`image_animated\`), a PNG's data inflating to no more than its header says (400 \`image_data_invalid\`). 403 below the ac_empresas page at edit.`,
        tags: [MODULE],
        responses: { 200: logoAnswer, 404: apiErrorSchema },
        example: { ID_ARQUIVO: null, URL_LOGO: '' },
      }),
      requireTenant(deps),
      valid(
        'json',
        z.union([
          z.object({ ID_ARQUIVO: z.string().uuid(), URL_LOGO: z.string().max(2048) }),
          z.object({ ID_ARQUIVO: z.null(), URL_LOGO: z.literal('') }),
        ]),
      ),
      async (c) => {
        const { empresa } = c.get('tenant')
        if (!atLeast(await levelIn(deps, c.get('auth').user, empresa, MODULE), 'edit'))
          throw apiError(403, 'You may not change the company logo.', undefined, { code: 'forbidden' })
        const { ID_ARQUIVO, URL_LOGO } = c.req.valid('json')
        if (ID_ARQUIVO !== null) {
          const files = deps.repos.company(empresa).files()
          const file = await files.find(ID_ARQUIVO)
          const notAnImage = () =>
            apiError(400, 'The logo must be an image uploaded to this company.', undefined, { code: 'invalid' })
          if (!file || !file.type.startsWith('image/') || file.type === 'image/svg+xml' || fileUrl(file) !== URL_LOGO)
            throw notAnImage()
          const image = await checkImage(await files.bytes(file), LOGO_IMAGE)
          if (!image.ok)
            throw image.reason === 'unreadable'
              ? notAnImage()
              : ruleError(400, refusalCode(image.reason, 'logo_too_large'))
        }
        const saved = await companies.update(empresa, (cur) => ({ ...cur, ID_ARQUIVO, URL_LOGO: URL_LOGO || null }))
        if (!saved) throw apiError(404, 'Company not found.', undefined, { code: 'not_found' })
        return c.json({ IsSuccess: true as const, Msg: '' })
      },
    ),
  )
}
