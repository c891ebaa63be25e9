import type { Route } from './+types/page'
import { moduleMeta } from '../../kit/module-meta'
import { ModulePage } from '../../kit/screens'
import { loadPage, savePage } from '../../kit/screens.server'
import { quotes } from './module'

/** The quotes (/view/cd_cotacao[/<id>]): the kit's list and records of ./module.ts, in scripts of their own. */
export const loader = (args: Route.LoaderArgs) => loadPage(args, quotes)
export const action = (args: Route.ActionArgs) => savePage(args, quotes)
export const meta: Route.MetaFunction = (args) => moduleMeta(args)

export default function QuotesPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ModulePage def={quotes} data={loaderData} state={actionData} />
}

export { ModuleError as ErrorBoundary } from '../../components/module-error'
