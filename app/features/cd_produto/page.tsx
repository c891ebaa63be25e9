import type { Route } from './+types/page'
import { moduleMeta } from '../../kit/module-meta'
import { ModulePage } from '../../kit/screens'
import { loadPage, savePage } from '../../kit/screens.server'
import { products } from './module'

/** The products (/view/cd_produto[/<id>]): the kit's list and records of ./module.ts, in scripts of their own. */
export const loader = (args: Route.LoaderArgs) => loadPage(args, products)
export const action = (args: Route.ActionArgs) => savePage(args, products)
export const meta: Route.MetaFunction = (args) => moduleMeta(args)

export default function ProductsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ModulePage def={products} data={loaderData} state={actionData} />
}

export { ModuleError as ErrorBoundary } from '../../components/module-error'
