import { data } from 'react-router'
import type { Route } from './+types/quote-pdf'
import { callBff } from '../../lib/api.server'
import { requireUser } from '../../lib/session.server'

/** A quote's PDF, through the page server (the token stays in its cookie). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(request, context)
  const res = await callBff(request, context, `/cd_cotacao/${encodeURIComponent(params.id)}/pdf`)
  if (!res.ok) throw data(null, { status: res.status === 403 ? 403 : 404 })
  return new Response(res.body, {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': res.headers.get('content-disposition') ?? 'inline',
      'cache-control': 'private, no-store',
    },
  })
}
