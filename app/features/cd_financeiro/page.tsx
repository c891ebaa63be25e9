import type { Route } from './+types/page'
import { moduleMeta } from '../../kit/module-meta'
import { ModulePage } from '../../kit/screens'
import { loadPage, savePage } from '../../kit/screens.server'
import { finance } from './module'

/** The bills to pay (/view/cd_financeiro[/<id>]): the kit's list and records of ./module.ts, in scripts of their own. */
export const loader = (args: Route.LoaderArgs) => loadPage(args, finance)
export const action = (args: Route.ActionArgs) => savePage(args, finance)
export const meta: Route.MetaFunction = (args) => moduleMeta(args)

export default function FinancePage({ loaderData, actionData }: Route.ComponentProps) {
  return <ModulePage def={finance} data={loaderData} state={actionData} />
}

export { ModuleError as ErrorBoundary } from '../../components/module-error'
