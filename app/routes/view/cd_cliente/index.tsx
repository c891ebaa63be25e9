import type { Route } from './+types/index'
import { clients } from '../../../features/cd_cliente/module'
import { ListScreen, moduleMeta } from '../../../kit/screens'
import { loadList } from '../../../kit/screens.server'

export const loader = (args: Route.LoaderArgs) => loadList(args, clients)
export const meta: Route.MetaFunction = (args) => moduleMeta(args)

export default function ClientsList({ loaderData }: Route.ComponentProps) {
  return <ListScreen def={clients} data={loaderData} />
}

export { ModuleError as ErrorBoundary } from '../../../components/module-error'
