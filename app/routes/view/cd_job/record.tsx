import type { Route } from './+types/record'
import { jobs } from '../../../features/cd_job/module'
import { moduleMeta, RecordScreen } from '../../../kit/screens'
import { loadRecord, saveRecord } from '../../../kit/screens.server'

export const loader = (args: Route.LoaderArgs) => loadRecord(args, jobs)
export const action = (args: Route.ActionArgs) => saveRecord(args, jobs)
export const meta: Route.MetaFunction = (args) => moduleMeta(args)

export default function JobsRecord({ loaderData, actionData }: Route.ComponentProps) {
  return <RecordScreen def={jobs} data={loaderData} state={actionData} />
}

export { ModuleError as ErrorBoundary } from '../../../components/module-error'
