import { data } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/export'
import { featureOf } from '../../features'
import { sheetColumns } from '../../kit/data-table'
import { loadLookups } from '../../kit/screens.server'
import { callBff } from '../../lib/api.server'
import { requestLocale } from '../../lib/cookies.server'
import { loadFrame } from '../../lib/frame.server'
import { CULTURES, translator } from '../../lib/i18n'
import { pageInfo } from '../../lib/page-info.server'
import { requireUser } from '../../lib/session.server'
import { dateIn } from '../../../domain/dates.ts'
import { searchable } from '../../../domain/search-text.ts'
import { csvResponse, csvSeparator, toCsv } from '../../../bff/lib/csv.ts'

const PAGE = 100
const listPage = z.object({
  Dados: z.object({
    items: z.array(z.record(z.string(), z.unknown())),
    pagination: z.object({ lastPage: z.number() }),
  }),
})

/**
 * The data table's Export CSV: the same list (search, order, state, inactive ones on request), every
 * page, with the columns and values as the table shows them, in the user's language — headings
 * like "Branch name", "Active", "Yes" — UTF-8 with a BOM, ready for a spreadsheet in the user's
 * culture: ";" between fields where the decimal separator is a comma (pt-BR), amounts and dates as
 * the culture types them (docs/shell.md). (The API's own export.csv keeps "," and the field codes,
 * for programs.)
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(request, context)
  const def = featureOf(params.module)
  if (!def) throw data(null, { status: 404 })
  const url = new URL(request.url)
  const query = new URLSearchParams({ size: String(PAGE) })
  for (const name of ['search', 'sort', 'order', 'all', ...(def.states ? ['state'] : [])]) {
    const value = url.searchParams.get(name)
    if (value) query.set(name, value.slice(0, 200))
  }
  const rows: Array<Record<string, unknown>> = []
  for (let page = 1; ; page++) {
    query.set('page', String(page))
    const res = await callBff(request, context, `${def.api}?${query}`)
    if (!res.ok) throw data(null, { status: res.status === 403 ? 403 : 400 })
    const { Dados } = listPage.parse(await res.json())
    rows.push(...Dados.items)
    if (page >= Dados.pagination.lastPage || Dados.items.length === 0) break
  }
  const locale = requestLocale(request)
  const lookups = await loadLookups({ request, context }, def)
  const columns = sheetColumns(def.columns, rows, lookups, translator(locale), locale)
  // named as the user reads the page, on the day it is where he works: faturas-2026-11-26.csv
  const [page, { frame }] = await Promise.all([pageInfo(request, context, def.module), loadFrame({ request, context })])
  const name = `${fileWords(page.title) || def.module}-${dateIn(frame?.timeZone ?? 'UTC', Date.now())}`
  return csvResponse(name, toCsv(rows, columns, csvSeparator(CULTURES[locale])))
}

/** A title as a file name's words: "Ordens de serviço" → "ordens-de-servico" (letters and digits, no accents). */
const fileWords = (title: string) =>
  searchable(title)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
