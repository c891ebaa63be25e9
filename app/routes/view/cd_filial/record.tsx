import type { Route } from './+types/record'
import { branches } from '../../../features/cd_filial/module'
import { moduleMeta, RecordScreen } from '../../../kit/screens'
import { loadRecord, saveRecord } from '../../../kit/screens.server'

export const loader = (args: Route.LoaderArgs) => loadRecord(args, branches)
export const action = (args: Route.ActionArgs) => saveRecord(args, branches)
export const meta: Route.MetaFunction = (args) => moduleMeta(args)

export default function BranchesRecord({ loaderData, actionData }: Route.ComponentProps) {
  return <RecordScreen def={branches} data={loaderData} state={actionData} />
}

export { ModuleError as ErrorBoundary } from '../../../components/module-error'
