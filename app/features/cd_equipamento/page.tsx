import type { Route } from './+types/page'
import { moduleMeta } from '../../kit/module-meta'
import { ModulePage } from '../../kit/screens'
import { loadPage, savePage } from '../../kit/screens.server'
import { equipment } from './module'

/** The equipment (/view/cd_equipamento[/<id>]): the kit's list and records of ./module.ts, in scripts of their own. */
export const loader = (args: Route.LoaderArgs) => loadPage(args, equipment)
export const action = (args: Route.ActionArgs) => savePage(args, equipment)
export const meta: Route.MetaFunction = (args) => moduleMeta(args)

export default function EquipmentPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ModulePage def={equipment} data={loaderData} state={actionData} />
}

export { ModuleError as ErrorBoundary } from '../../components/module-error'
