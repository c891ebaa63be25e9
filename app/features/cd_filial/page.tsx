import type { Route } from './+types/page'
import { moduleMeta } from '../../kit/module-meta'
import { ModulePage } from '../../kit/screens'
import { loadPage, savePage } from '../../kit/screens.server'
import { branches } from './module'

/** The branches (/view/cd_filial[/<id>]): the kit's list and records of ./module.ts, in scripts of their own. */
export const loader = (args: Route.LoaderArgs) => loadPage(args, branches)
export const action = (args: Route.ActionArgs) => savePage(args, branches)
export const meta: Route.MetaFunction = (args) => moduleMeta(args)

export default function BranchesPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ModulePage def={branches} data={loaderData} state={actionData} />
}

export { ModuleError as ErrorBoundary } from '../../components/module-error'
