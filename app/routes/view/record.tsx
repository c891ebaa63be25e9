import { data } from 'react-router'
import type { Route } from './+types/record'
import { featureOf as screensOf } from '../../features'
import { moduleMeta } from '../../kit/module-meta'
import { RecordScreen } from '../../kit/screens'
import { loadRecord, saveRecord } from '../../kit/screens.server'

/** One record of a module with screens (/view/<module>/<id>, `new` for an empty form); any other address is a 404. */
const featureOf = (module: string) => {
  const def = screensOf(module)
  if (!def) throw data(null, { status: 404 })
  return def
}

export const loader = async (args: Route.LoaderArgs) => ({
  module: args.params.module,
  ...(await loadRecord(args, featureOf(args.params.module))),
})
export const action = (args: Route.ActionArgs) => saveRecord(args, featureOf(args.params.module))
export const meta: Route.MetaFunction = (args) => moduleMeta(args)

export default function ModuleRecord({ loaderData, actionData }: Route.ComponentProps) {
  return <RecordScreen def={featureOf(loaderData.module)} data={loaderData} state={actionData} />
}

export { ModuleError as ErrorBoundary } from '../../components/module-error'
