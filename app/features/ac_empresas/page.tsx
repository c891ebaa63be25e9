import type { Route } from './+types/page'
import { moduleMeta } from '../../kit/module-meta'
import { ModulePage } from '../../kit/screens'
import { loadPage, savePage } from '../../kit/screens.server'
import { companies } from './module'

/** The companies (/view/ac_empresas[/<id>]): the kit's list and records of ./module.ts, in scripts of their own. */
export const loader = (args: Route.LoaderArgs) => loadPage(args, companies)
export const action = (args: Route.ActionArgs) => savePage(args, companies)
export const meta: Route.MetaFunction = (args) => moduleMeta(args)

export default function CompaniesPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ModulePage def={companies} data={loaderData} state={actionData} />
}

export { ModuleError as ErrorBoundary } from '../../components/module-error'
