import type { Route } from './+types/record'
import { users } from '../../../features/ac_usuarios/module'
import { moduleMeta, RecordScreen } from '../../../kit/screens'
import { loadRecord, saveRecord } from '../../../kit/screens.server'

export const loader = (args: Route.LoaderArgs) => loadRecord(args, users)
export const action = (args: Route.ActionArgs) => saveRecord(args, users)
export const meta: Route.MetaFunction = (args) => moduleMeta(args)

export default function UsersRecord({ loaderData, actionData }: Route.ComponentProps) {
  return <RecordScreen def={users} data={loaderData} state={actionData} />
}

export { ModuleError as ErrorBoundary } from '../../../components/module-error'
