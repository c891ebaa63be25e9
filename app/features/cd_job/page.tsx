import type { Route } from './+types/page'
import { moduleMeta } from '../../kit/module-meta'
import { ModulePage } from '../../kit/screens'
import { loadPage, savePage } from '../../kit/screens.server'
import { jobs } from './module'

/** The services (/view/cd_job[/<id>]): the kit's list and records of ./module.ts, in scripts of their own. */
export const loader = (args: Route.LoaderArgs) => loadPage(args, jobs)
export const action = (args: Route.ActionArgs) => savePage(args, jobs)
export const meta: Route.MetaFunction = (args) => moduleMeta(args)

export default function JobsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ModulePage def={jobs} data={loaderData} state={actionData} />
}

export { ModuleError as ErrorBoundary } from '../../components/module-error'
