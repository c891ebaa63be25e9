import { z } from 'zod'
import { atLeast } from '../../domain/access.ts'
import { companies as companyModule } from '../../domain/modules/ac-empresas.ts'
import { companyRow } from '../../domain/schemas/admin.ts'
import type { CompanyRecord } from '../../domain/tenancy.ts'
import { companyGrant, levelIn } from '../lib/admin.ts'
import type { Deps } from '../lib/deps.ts'
import { doc } from '../lib/openapi.ts'
import { resourceRoutes, type ResourceServer } from '../lib/resource.ts'
import { requireTenant } from '../lib/tenancy.ts'
import { valid } from '../lib/validate.ts'
import { fileUrl } from './files.ts'

const MODULE = companyModule.id
const logoAnswer = z.object({ IsSuccess: z.boolean(), Msg: z.string() })

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
        await companies.saveBranch({
          COD_EMPRESA: company.COD_EMPRESA,
          COD_FILIAL: await companies.nextBranchNumber(),
          NOM_FILIAL: company.NOME_EMPRESA,
          FLG_PRINCIPAL: 'S',
          PREFIX: 'MAIN',
          TIME_ZONE: company.TIME_ZONE,
          ACTIVE: true,
        })
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
        summary:
          "Set the current company's logo to an uploaded image (ID_ARQUIVO, URL_LOGO); ID_ARQUIVO null with an empty URL_LOGO removes it",
        tags: [MODULE],
        responses: { 200: logoAnswer, 400: logoAnswer, 403: logoAnswer },
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
          return c.json({ IsSuccess: false, Msg: 'You may not change the company logo.' }, 403)
        const { ID_ARQUIVO, URL_LOGO } = c.req.valid('json')
        if (ID_ARQUIVO !== null) {
          const file = await deps.repos.company(empresa).files().find(ID_ARQUIVO)
          if (!file || !file.type.startsWith('image/') || file.type === 'image/svg+xml' || fileUrl(file) !== URL_LOGO) {
            return c.json({ IsSuccess: false, Msg: 'The logo must be an image uploaded to this company.' }, 400)
          }
        }
        const saved = await companies.update(empresa, (cur) => ({ ...cur, ID_ARQUIVO, URL_LOGO: URL_LOGO || null }))
        if (!saved) return c.json({ IsSuccess: false, Msg: 'Company not found.' }, 404)
        return c.json({ IsSuccess: true, Msg: '' })
      },
    ),
  )
}
