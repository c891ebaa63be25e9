import type { Route } from './+types/record'
import { clients } from '../../../features/cd_cliente/module'
import { moduleMeta, RecordScreen } from '../../../kit/screens'
import { loadRecord, saveRecord } from '../../../kit/screens.server'

export const loader = (args: Route.LoaderArgs) => loadRecord(args, clients)
export const action = (args: Route.ActionArgs) => saveRecord(args, clients)
export const meta: Route.MetaFunction = (args) => moduleMeta(args)

export default function ClientsRecord({ loaderData, actionData }: Route.ComponentProps) {
  return <RecordScreen def={clients} data={loaderData} state={actionData} />
}

export { ModuleError as ErrorBoundary } from '../../../components/module-error'
