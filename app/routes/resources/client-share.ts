import { redirect } from 'react-router'
import type { Route } from './+types/client-share'
import { clientLink } from '../../lib/client-link.server'

/**
 * The office shares a sent document (a quote, an invoice) on WhatsApp (when no e-mail carried it,
 * or besides): WhatsApp's share page opens with its message in the client's language, its link in it.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { message } = await clientLink(request, context, params.kind, params.id)
  throw redirect(`https://wa.me/?text=${encodeURIComponent(message)}`)
}
