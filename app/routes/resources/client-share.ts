import { redirect } from 'react-router'
import type { Route } from './+types/client-share'
import { clientLink } from '../../lib/client-link.server'

/**
 * The office shares a sent document (a quote, an invoice) on WhatsApp (when no e-mail carried it,
 * or besides): WhatsApp opens the chat with the client's WhatsApp (or mobile) number, its message
 * in the client's language with the link in it. A client without one: back to the document, saying so.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { message, whatsapp, record } = await clientLink(request, context, params.kind, params.id)
  if (!whatsapp) throw redirect(`${record}?toast=share_no_whatsapp`)
  // wa.me takes the number in E.164 without its "+"
  throw redirect(`https://wa.me/${whatsapp.slice(1)}?text=${encodeURIComponent(message)}`)
}
