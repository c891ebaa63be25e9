import type { Route } from './+types/index'
import { branches } from '../../../features/cd_filial/module'
import { ListScreen, moduleMeta } from '../../../kit/screens'
import { loadList } from '../../../kit/screens.server'

export const loader = (args: Route.LoaderArgs) => loadList(args, branches)
export const meta: Route.MetaFunction = (args) => moduleMeta(args)

export default function BranchesList({ loaderData }: Route.ComponentProps) {
  return <ListScreen def={branches} data={loaderData} />
}

export { ModuleError as ErrorBoundary } from '../../../components/module-error'
