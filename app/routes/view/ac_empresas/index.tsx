import type { Route } from './+types/index'
import { companies } from '../../../features/ac_empresas/module'
import { ListScreen, moduleMeta } from '../../../kit/screens'
import { loadList } from '../../../kit/screens.server'

export const loader = (args: Route.LoaderArgs) => loadList(args, companies)
export const meta: Route.MetaFunction = (args) => moduleMeta(args)

export default function CompaniesList({ loaderData }: Route.ComponentProps) {
  return <ListScreen def={companies} data={loaderData} />
}

export { ModuleError as ErrorBoundary } from '../../../components/module-error'
