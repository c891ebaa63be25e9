import type { Route } from './+types/page'
import { moduleMeta } from '../../kit/module-meta'
import { ModulePage } from '../../kit/screens'
import { loadPage, savePage } from '../../kit/screens.server'
import { accounts } from './module'

/** The accounts (/view/cd_contas[/<id>]): the kit's list and records of ./module.ts, in scripts of their own. */
export const loader = (args: Route.LoaderArgs) => loadPage(args, accounts)
export const action = (args: Route.ActionArgs) => savePage(args, accounts)
export const meta: Route.MetaFunction = (args) => moduleMeta(args)

export default function AccountsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ModulePage def={accounts} data={loaderData} state={actionData} />
}

export { ModuleError as ErrorBoundary } from '../../components/module-error'
