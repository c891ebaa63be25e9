import type { Route } from './+types/record'
import { quotes } from '../../../features/cd_cotacao/module'
import { moduleMeta, RecordScreen } from '../../../kit/screens'
import { loadRecord, saveRecord } from '../../../kit/screens.server'

export const loader = (args: Route.LoaderArgs) => loadRecord(args, quotes)
export const action = (args: Route.ActionArgs) => saveRecord(args, quotes)
export const meta: Route.MetaFunction = (args) => moduleMeta(args)

export default function QuotesRecord({ loaderData, actionData }: Route.ComponentProps) {
  return <RecordScreen def={quotes} data={loaderData} state={actionData} />
}

export { ModuleError as ErrorBoundary } from '../../../components/module-error'
