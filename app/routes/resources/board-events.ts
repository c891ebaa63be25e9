import { data } from 'react-router'
import type { Route } from './+types/board-events'
import { callBff } from '../../lib/api.server'
import { requireUser } from '../../lib/session.server'

/**
 * The dispatch board's live changes for the page (docs/domain.md cd_ordemagendamento): the API's
 * server-sent events of the user's company, passed through as they come (never compressed, which
 * would hold them back).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context)
  const res = await callBff(request, context, '/cd_ordemagendamento/events', {
    headers: { Accept: 'text/event-stream' },
  })
  if (!res.ok || !res.body) throw data(null, { status: res.status === 403 ? 403 : 502 })
  return new Response(res.body, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store, no-transform',
      'X-Accel-Buffering': 'no',
    },
  })
}
