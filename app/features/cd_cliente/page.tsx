import type { Route } from './+types/page'
import { moduleMeta } from '../../kit/module-meta'
import { ModulePage } from '../../kit/screens'
import { loadPage, savePage } from '../../kit/screens.server'
import { clients } from './module'

/** The clients (/view/cd_cliente[/<id>]): the kit's list and records of ./module.ts, in scripts of their own. */
export const loader = (args: Route.LoaderArgs) => loadPage(args, clients)
export const action = (args: Route.ActionArgs) => savePage(args, clients)
export const meta: Route.MetaFunction = (args) => moduleMeta(args)

export default function ClientsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ModulePage def={clients} data={loaderData} state={actionData} />
}

export { ModuleError as ErrorBoundary } from '../../components/module-error'
