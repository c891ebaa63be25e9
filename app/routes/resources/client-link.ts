import { redirect } from 'react-router'
import type { Route } from './+types/client-link'
import { clientLink } from '../../lib/client-link.server'

/** The office opens the client's page of a sent document (a quote, an invoice): its address is the link to pass on. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { url } = await clientLink(request, context, params.kind, params.id)
  throw redirect(new URL(url).pathname)
}
