import type { Route } from './+types/page'
import { moduleMeta } from '../../kit/module-meta'
import { ModulePage } from '../../kit/screens'
import { loadPage, savePage } from '../../kit/screens.server'
import { invoices } from './module'

/** The invoices (/view/cd_invoice[/<id>]): the kit's list and records of ./module.ts, in scripts of their own. */
export const loader = (args: Route.LoaderArgs) => loadPage(args, invoices)
export const action = (args: Route.ActionArgs) => savePage(args, invoices)
export const meta: Route.MetaFunction = (args) => moduleMeta(args)

export default function InvoicesPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ModulePage def={invoices} data={loaderData} state={actionData} />
}

export { ModuleError as ErrorBoundary } from '../../components/module-error'
