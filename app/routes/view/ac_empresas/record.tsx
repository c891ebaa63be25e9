import type { Route } from './+types/record'
import { companies } from '../../../features/ac_empresas/module'
import { moduleMeta, RecordScreen } from '../../../kit/screens'
import { loadRecord, saveRecord } from '../../../kit/screens.server'

export const loader = (args: Route.LoaderArgs) => loadRecord(args, companies)
export const action = (args: Route.ActionArgs) => saveRecord(args, companies)
export const meta: Route.MetaFunction = (args) => moduleMeta(args)

export default function CompaniesRecord({ loaderData, actionData }: Route.ComponentProps) {
  return <RecordScreen def={companies} data={loaderData} state={actionData} />
}

export { ModuleError as ErrorBoundary } from '../../../components/module-error'
