import type { Route } from './+types/search'
import { apiClient } from '../../lib/api.server'
import { requireUser } from '../../lib/session.server'

/** One group of the header search; `detail` is a result's second line (a client's tax id and city ...). */
export type SearchGroup = {
  id: string
  label: string
  results: Array<{ link: string; value: string; detail?: string; avatar?: string | null; completed?: boolean }>
}

/** The header search: the BFF's grouped search for the query (2 characters or more). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context)
  const query = (new URL(request.url).searchParams.get('q') ?? '').slice(0, 200)
  if (query.trim().length < 2) return { query, groups: [] as SearchGroup[] }
  const res = await apiClient(request, context).common.search.$post({ json: { query } })
  return { query, groups: res.ok ? await res.json() : [] }
}
