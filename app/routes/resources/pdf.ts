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
}

/** A document's PDF (a quote, an order's work order), through the page server (the token stays in its cookie). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(request, context)
  const path = DOCUMENTS[params.kind]
  if (!path) throw data(null, { status: 404 })
  const res = await callBff(request, context, path(encodeURIComponent(params.id)))
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
