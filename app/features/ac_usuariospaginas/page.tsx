import type { Route } from './+types/page'
import { moduleMeta } from '../../kit/module-meta'
import { ModulePage } from '../../kit/screens'
import { loadPage, savePage } from '../../kit/screens.server'
import { userPages } from './module'

/** The users, each leading to its page matrix (/view/ac_usuariospaginas): the kit's list and records of ./module.ts (a user's matrix is a page of its own), in scripts of their own. */
export const loader = (args: Route.LoaderArgs) => loadPage(args, userPages)
export const action = (args: Route.ActionArgs) => savePage(args, userPages)
export const meta: Route.MetaFunction = (args) => moduleMeta(args)

export default function UserPagesPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ModulePage def={userPages} data={loaderData} state={actionData} />
}

export { ModuleError as ErrorBoundary } from '../../components/module-error'
