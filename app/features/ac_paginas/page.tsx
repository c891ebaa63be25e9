import type { Route } from './+types/page'
import { moduleMeta } from '../../kit/module-meta'
import { ModulePage } from '../../kit/screens'
import { loadPage, savePage } from '../../kit/screens.server'
import { pages } from './module'

/** The page registry (/view/ac_paginas[/<id>]): the kit's list and records of ./module.ts, in scripts of their own. */
export const loader = (args: Route.LoaderArgs) => loadPage(args, pages)
export const action = (args: Route.ActionArgs) => savePage(args, pages)
export const meta: Route.MetaFunction = (args) => moduleMeta(args)

export default function PagesPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ModulePage def={pages} data={loaderData} state={actionData} />
}

export { ModuleError as ErrorBoundary } from '../../components/module-error'
