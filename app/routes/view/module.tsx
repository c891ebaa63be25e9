import { data } from 'react-router'
import type { Route } from './+types/module'
import { ADMIN_MODULES } from '../../admin/modules'
import { DataTable, type ListPage, type ListQuery } from '../../admin/data-table'
import { callBff } from '../../lib/api.server'
import { pageInfo } from '../../lib/page-info.server'
import { Breadcrumb } from '../../components/breadcrumb'
import { DEFAULT_LOCALE, translator, useT, type Locale } from '../../lib/i18n'

/**
 * A module of the company's page registry: the administration modules' lists (the data table),
 * the others' title and breadcrumb until they have screens. An unknown module is a 404; one the
 * user may not view a 403 (DOMAIN.md ac_usuariospaginas).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const page = await pageInfo(request, context, params.module)
  const def = ADMIN_MODULES[page.module]
  if (!def) return { ...page, admin: null }
  const url = new URL(request.url)
  const sortable = def.columns.filter((c) => c.sortable).map((c) => c.key)
  const sort = url.searchParams.get('sort') ?? ''
  const query: ListQuery = {
    search: (url.searchParams.get('search') ?? '').slice(0, 200),
    sort: sortable.includes(sort) ? sort : def.defaultSort,
    order: url.searchParams.get('order') === 'desc' ? 'desc' : 'asc',
    page: Math.max(1, Math.min(1_000_000, Number(url.searchParams.get('page')) || 1)),
    all: url.searchParams.get('all') === '1',
  }
  const listApi = def.module === 'ac_usuariospaginas' ? '/ac_usuarios' : def.api
  const apiQuery = new URLSearchParams({ search: query.search, sort: query.sort, order: query.order, page: String(query.page), size: '20', all: query.all ? '1' : '0' })
  const [res, branches] = await Promise.all([callBff(request, context, `${listApi}?${apiQuery}`), def.columns.some((c) => c.show === 'branch') ? callBff(request, context, '/cd_filial/user-branches') : null])
  if (res.status === 403) throw data(null, { status: 403 })
  if (!res.ok) throw data(null, { status: 500 })
  const list = ((await res.json()) as { Dados: ListPage }).Dados
  const branchNames = branches?.ok ? Object.fromEntries(((await branches.json()) as { Dados: Array<{ COD_FILIAL: number; NOM_FILIAL: string }> }).Dados.map((b) => [String(b.COD_FILIAL), b.NOM_FILIAL])) : {}
  return { ...page, admin: { query, list, branchNames } }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { locale?: Locale } | undefined
  const t = translator(root?.locale ?? DEFAULT_LOCALE)
  return [{ title: loaderData ? `${loaderData.title} · ${t.app_name()}` : t.app_name() }]
}

export default function ModulePage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const { admin } = loaderData
  const def = ADMIN_MODULES[loaderData.module]
  return (
    <section className="flex flex-col gap-4">
      <Breadcrumb group={loaderData.group} title={loaderData.title} />
      <h1 className="text-3xl font-extrabold tracking-tight">{loaderData.title}</h1>
      {admin && def ? (
        <>
          {loaderData.level === 'view' && def.canCreate ? <p className="text-sm text-muted">{t.admin_read_only()}</p> : null}
          <DataTable def={def} page={admin.list} query={admin.query} canEdit={loaderData.level !== 'view'} branchNames={admin.branchNames} />
        </>
      ) : (
        <p className="max-w-xl text-ink-soft">{t.module_soon()}</p>
      )}
    </section>
  )
}

export { ModuleError as ErrorBoundary } from '../../components/module-error'
