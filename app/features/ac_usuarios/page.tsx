import type { Route } from './+types/page'
import { moduleMeta } from '../../kit/module-meta'
import { ModulePage } from '../../kit/screens'
import { loadPage, savePage } from '../../kit/screens.server'
import { users } from './module'

/** The users (/view/ac_usuarios[/<id>]): the kit's list and records of ./module.ts, in scripts of their own. */
export const loader = (args: Route.LoaderArgs) => loadPage(args, users)
export const action = (args: Route.ActionArgs) => savePage(args, users)
export const meta: Route.MetaFunction = (args) => moduleMeta(args)

export default function UsersPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ModulePage def={users} data={loaderData} state={actionData} />
}

export { ModuleError as ErrorBoundary } from '../../components/module-error'
