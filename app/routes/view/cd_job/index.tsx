import type { Route } from './+types/index'
import { jobs } from '../../../features/cd_job/module'
import { ListScreen, moduleMeta } from '../../../kit/screens'
import { loadList } from '../../../kit/screens.server'

export const loader = (args: Route.LoaderArgs) => loadList(args, jobs)
export const meta: Route.MetaFunction = (args) => moduleMeta(args)

export default function JobsList({ loaderData }: Route.ComponentProps) {
  return <ListScreen def={jobs} data={loaderData} />
}

export { ModuleError as ErrorBoundary } from '../../../components/module-error'
