import { data, redirect } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/quote-link'
import { wrapper } from '../../../domain/schemas/common.ts'
import { callBff } from '../../lib/api.server'
import { requireUser } from '../../lib/session.server'

/** The office opens the client's page of a sent quote: its address is the link to pass on. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(request, context)
  const res = await callBff(request, context, `/cd_cotacao/${encodeURIComponent(params.id)}/link`)
  if (!res.ok) throw data(null, { status: res.status === 403 ? 403 : 404 })
  const { url } = wrapper(z.object({ url: z.string() })).parse(await res.json()).Dados
  throw redirect(new URL(url).pathname)
}
