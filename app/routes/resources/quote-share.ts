import { data, redirect } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/quote-share'
import { wrapper } from '../../../domain/schemas/common.ts'
import { callBff } from '../../lib/api.server'
import { requireUser } from '../../lib/session.server'

/**
 * The office shares a sent quote on WhatsApp (when no e-mail carried it, or besides): WhatsApp's
 * share page opens with the quote's message in the client's language, its link in it.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(request, context)
  const res = await callBff(request, context, `/cd_cotacao/${encodeURIComponent(params.id)}/link`)
  if (!res.ok) throw data(null, { status: res.status === 403 ? 403 : 404 })
  const { message } = wrapper(z.object({ url: z.string(), message: z.string() })).parse(await res.json()).Dados
  throw redirect(`https://wa.me/?text=${encodeURIComponent(message)}`)
}
