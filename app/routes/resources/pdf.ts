import { data } from 'react-router'
import type { Route } from './+types/pdf'
import { callBff } from '../../lib/api.server'
import { refusedPage } from '../../lib/answer.server'
import { requireUser } from '../../lib/session.server'

/** The documents printed as PDF, by kind: the module's API path of one record's. */
const DOCUMENTS: Record<string, (id: string) => string> = {
  quote: (id) => `/cd_cotacao/${id}/pdf`,
  'work-order': (id) => `/cd_ordem/${id}/work-order`,
  invoice: (id) => `/cd_invoice/${id}/pdf`,
  plan: (id) => `/cd_plano/${id}/pdf`,
}

/** A document's PDF (a quote, an order's work order, a maintenance plan of a year), through the page server (the token stays in its cookie). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(request, context)
  const path = DOCUMENTS[params.kind]
  if (!path) throw data(null, { status: 404 })
  // a plan's: the year of its execution record (its API refuses a year that is none: 404 here)
  const year = params.kind === 'plan' ? new URL(request.url).searchParams.get('year') : null
  const query = year ? `?${new URLSearchParams({ year: year.slice(0, 10) })}` : ''
  const res = await callBff(request, context, path(encodeURIComponent(params.id)) + query)
  if (res.status === 404 || res.status === 400) throw data(null, { status: 404 })
  if (!res.ok) throw refusedPage(res)
  return new Response(res.body, {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': res.headers.get('content-disposition') ?? 'inline',
      'cache-control': 'private, no-store',
    },
  })
}
