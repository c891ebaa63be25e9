import type { Route } from './+types/index'
import { quotes } from '../../../features/cd_cotacao/module'
import { ListScreen, moduleMeta } from '../../../kit/screens'
import { loadList } from '../../../kit/screens.server'

export const loader = (args: Route.LoaderArgs) => loadList(args, quotes)
export const meta: Route.MetaFunction = (args) => moduleMeta(args)

export default function QuotesList({ loaderData }: Route.ComponentProps) {
  return <ListScreen def={quotes} data={loaderData} />
}

export { ModuleError as ErrorBoundary } from '../../../components/module-error'
