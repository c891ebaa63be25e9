import { redirect } from 'react-router'
import type { Route } from './+types/price-list-import'
import { FILE_FORM_MAX_BYTES } from '../../../domain/upload-limits.ts'
import type { PageRouteHandle } from '../../../domain/server-context.ts'
import { wrapper } from '../../../domain/schemas/common.ts'
import { priceListAnswer } from '../../../domain/schemas/products.ts'
import { fileSender } from '../../lib/file-sender.server'
import { submittedForm } from '../../lib/forms.server'
import { requireUser } from '../../lib/session.server'
import { ROWS_SHOWN } from '../../features/cd_produto/price-list-import'

const LIST = '/view/cd_produto'

/** Its form carries a file (bff/server.ts reads this): one far over the limit goes back to the list, which says so. */
export const handle = {
  bodyLimit: FILE_FORM_MAX_BYTES,
  tooLarge: () => `${LIST}?import_error=upload_too_big`,
} satisfies PageRouteHandle

/**
 * A price list imported (docs/domain.md cd_produto): sent on to the products' API; done, back to
 * the list with what it did; refused, back with what was wrong — a wrong row by its line, field
 * and code (`import_rows=3:unitPrice:invalid_money,…`, the first ROWS_SHOWN), which the list's
 * panel puts in words.
 */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context)
  const form = await submittedForm(request, context)
  const sender = fileSender(request, context, LIST, 'import_error')
  const mode = form.get('mode') === 'valid' ? 'valid' : 'all'
  const res = await sender.send(form, '/cd_produto/import', 'POST', 'price_list_choose', { mode }, 'raw')
  if (res.status === 400) {
    const refused = (await res
      .clone()
      .json()
      .catch(() => null)) as { code?: string; codes?: Record<string, string> } | null
    if (refused?.code === 'price_list_rows') {
      const rows = Object.entries(refused.codes ?? {}).flatMap(([path, code]) => {
        const [, line, field] = path.split('.')
        return line && field ? [`${line}:${field}:${code}`] : []
      })
      const address = new URLSearchParams({
        import_error: 'price_list_rows',
        import_rows: rows.slice(0, ROWS_SHOWN).join(','),
      })
      if (rows.length > ROWS_SHOWN) address.set('import_more', String(rows.length - ROWS_SHOWN))
      throw redirect(`${LIST}?${address}`)
    }
  }
  const done = wrapper(priceListAnswer).parse(await (await sender.answered(res)).json()).Dados
  const address = new URLSearchParams({ imported: `${done.created}:${done.updated}` })
  if (done.skipped.length) address.set('skipped', done.skipped.map((s) => s.line).join(','))
  throw redirect(`${LIST}?${address}`)
}
