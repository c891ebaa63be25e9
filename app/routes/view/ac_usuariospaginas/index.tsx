import type { Route } from './+types/index'
import { userPages } from '../../../features/ac_usuariospaginas/module'
import { ListScreen, moduleMeta } from '../../../kit/screens'
import { loadList } from '../../../kit/screens.server'

export const loader = (args: Route.LoaderArgs) => loadList(args, userPages)
export const meta: Route.MetaFunction = (args) => moduleMeta(args)

export default function UserPagesList({ loaderData }: Route.ComponentProps) {
  return <ListScreen def={userPages} data={loaderData} />
}

export { ModuleError as ErrorBoundary } from '../../../components/module-error'
