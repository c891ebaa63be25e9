import type { Route } from './+types/page'
import { moduleMeta } from '../../kit/module-meta'
import { ModulePage } from '../../kit/screens'
import { loadPage, savePage } from '../../kit/screens.server'
import { orders } from './module'

/** The service orders (/view/cd_ordem[/<id>]): the kit's list and records of ./module.ts, in scripts of their own. */
export const loader = (args: Route.LoaderArgs) => loadPage(args, orders)
export const action = (args: Route.ActionArgs) => savePage(args, orders)
export const meta: Route.MetaFunction = (args) => moduleMeta(args)

export default function OrdersPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ModulePage def={orders} data={loaderData} state={actionData} />
}

export { ModuleError as ErrorBoundary } from '../../components/module-error'
