import type { Route } from './+types/module'
import { Breadcrumb } from '../../components/breadcrumb'
import { moduleMeta } from '../../kit/screens'
import { useT } from '../../lib/i18n'
import { pageInfo } from '../../lib/page-info.server'

/**
 * A page of the company's registry that has no screens yet: its title and breadcrumb. An
 * unknown module is a 404; one the user may not view a 403 (DOMAIN.md ac_usuariospaginas).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return { page: await pageInfo(request, context, params.module) }
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
