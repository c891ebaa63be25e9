import type { Route } from './+types/record'
import { pages } from '../../../features/ac_paginas/module'
import { moduleMeta, RecordScreen } from '../../../kit/screens'
import { loadRecord, saveRecord } from '../../../kit/screens.server'

export const loader = (args: Route.LoaderArgs) => loadRecord(args, pages)
export const action = (args: Route.ActionArgs) => saveRecord(args, pages)
export const meta: Route.MetaFunction = (args) => moduleMeta(args)

export default function PagesRecord({ loaderData, actionData }: Route.ComponentProps) {
  return <RecordScreen def={pages} data={loaderData} state={actionData} />
}

export { ModuleError as ErrorBoundary } from '../../../components/module-error'
