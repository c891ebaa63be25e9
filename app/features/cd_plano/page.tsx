import type { Route } from './+types/page'
import { moduleMeta } from '../../kit/module-meta'
import { ModulePage } from '../../kit/screens'
import { loadPage, savePage } from '../../kit/screens.server'
import { plans } from './module'

/** The maintenance plans (/view/cd_plano[/<id>]): the kit's list and records of ./module.ts, in scripts of their own. */
export const loader = (args: Route.LoaderArgs) => loadPage(args, plans)
export const action = (args: Route.ActionArgs) => savePage(args, plans)
export const meta: Route.MetaFunction = (args) => moduleMeta(args)

export default function PlansPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ModulePage def={plans} data={loaderData} state={actionData} />
}

export { ModuleError as ErrorBoundary } from '../../components/module-error'
