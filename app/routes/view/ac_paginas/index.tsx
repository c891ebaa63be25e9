import type { Route } from './+types/index'
import { pages } from '../../../features/ac_paginas/module'
import { ListScreen, moduleMeta } from '../../../kit/screens'
import { loadList } from '../../../kit/screens.server'

export const loader = (args: Route.LoaderArgs) => loadList(args, pages)
export const meta: Route.MetaFunction = (args) => moduleMeta(args)

export default function PagesList({ loaderData }: Route.ComponentProps) {
  return <ListScreen def={pages} data={loaderData} />
}

export { ModuleError as ErrorBoundary } from '../../../components/module-error'
