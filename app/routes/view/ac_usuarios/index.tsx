import type { Route } from './+types/index'
import { users } from '../../../features/ac_usuarios/module'
import { ListScreen, moduleMeta } from '../../../kit/screens'
import { loadList } from '../../../kit/screens.server'

export const loader = (args: Route.LoaderArgs) => loadList(args, users)
export const meta: Route.MetaFunction = (args) => moduleMeta(args)

export default function UsersList({ loaderData }: Route.ComponentProps) {
  return <ListScreen def={users} data={loaderData} />
}

export { ModuleError as ErrorBoundary } from '../../../components/module-error'
