import { data } from 'react-router'
import type { Route } from './+types/module'
import { Breadcrumb } from '../../components/breadcrumb'
import { moduleMeta } from '../../kit/module-meta'
import { useT } from '../../lib/i18n'
import { pageInfo } from '../../lib/page-info.server'

/**
 * A page of the company's registry not built yet (/view/<module>): its title and breadcrumb; one of
 * its records is a 404, as is an unknown module; one the user may not view a 403 (docs/domain.md
 * ac_usuariospaginas). The modules with screens have routes of their own (app/features/<module>/page.tsx).
 */
export async function loader(args: Route.LoaderArgs) {
  if (args.params.id !== undefined) throw data(null, { status: 404 })
  return { page: await pageInfo(args.request, args.context, args.params.module) }
}

export const meta: Route.MetaFunction = (args) => moduleMeta(args)

export default function ModulePage({ loaderData }: Route.ComponentProps) {
  const t = useT()
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
