import { data } from 'react-router'
import type { Route } from './+types/export'
import { FEATURES } from '../../features'
import { callBff } from '../../lib/api.server'
import { requireUser } from '../../lib/session.server'

/** The data table's Export CSV: the BFF's export of the same list, downloaded through the page server (the token stays in its cookie). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(request, context)
  const def = FEATURES[params.module]
  if (!def) throw data(null, { status: 404 })
  const url = new URL(request.url)
  const query = new URLSearchParams()
  for (const name of ['search', 'sort', 'order', 'all']) {
    const value = url.searchParams.get(name)
    if (value) query.set(name, value.slice(0, 200))
  }
  const res = await callBff(request, context, `${def.api}/export.csv?${query}`)
  if (!res.ok) throw data(null, { status: res.status === 403 ? 403 : 400 })
  return new Response(res.body, { headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${def.module}.csv"`, 'cache-control': 'no-store' } })
}
