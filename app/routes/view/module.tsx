import { data } from 'react-router'
import type { Route } from './+types/module'
import { Breadcrumb } from '../../components/breadcrumb'
import { featureOf } from '../../features'
import { moduleMeta } from '../../kit/module-meta'
import { ListScreen } from '../../kit/screens'
import { loadList } from '../../kit/screens.server'
import { useT } from '../../lib/i18n'
import { pageInfo } from '../../lib/page-info.server'

/**
 * A page of the company's registry (/view/<module>): the module's list, for a module with
 * screens (app/features/); its title and breadcrumb for one not built yet. An unknown module is a
 * 404; one the user may not view a 403 (docs/domain.md ac_usuariospaginas).
 */
export async function loader(args: Route.LoaderArgs) {
  const def = featureOf(args.params.module)
  if (!def) return { kind: 'soon' as const, page: await pageInfo(args.request, args.context, args.params.module) }
  return { kind: 'list' as const, module: args.params.module, ...(await loadList(args, def)) }
}

export const meta: Route.MetaFunction = (args) => moduleMeta(args)

export default function ModulePage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  if (loaderData.kind === 'list') {
    const def = featureOf(loaderData.module)
    if (!def) throw data(null, { status: 404 })
    return <ListScreen def={def} data={loaderData} />
  }
  const { page } = loaderData
  return (
    <section className="flex flex-col gap-4">
      <Breadcrumb group={page.group} title={page.title} />
      <h1 className="text-3xl font-extrabold tracking-tight">{page.title}</h1>
      <p className="max-w-xl text-ink-soft">{t.module_soon()}</p>
    </section>
  )
}

export { ModuleError as ErrorBoundary } from '../../components/module-error'
