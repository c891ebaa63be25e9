import { data, type RouterContextProvider } from 'react-router'
import { clientLinkSchema, wrapper } from '../../domain/schemas/common.ts'
import { callBff } from './api.server'
import { requireUser } from './session.server'

/** The documents a client receives a link to, by kind: the module whose API answers the link. */
const LINKED: Record<string, string> = { quote: 'cd_cotacao', invoice: 'cd_invoice' }

/** A sent document's client link and message (a quote's, an invoice's), as the office may read it, and the document's page. */
export async function clientLink(request: Request, context: Readonly<RouterContextProvider>, kind: string, id: string) {
  await requireUser(request, context)
  const module = Object.hasOwn(LINKED, kind) ? LINKED[kind] : null
  if (!module) throw data(null, { status: 404 })
  const res = await callBff(request, context, `/${module}/${encodeURIComponent(id)}/link`)
  if (!res.ok) throw data(null, { status: res.status === 403 ? 403 : 404 })
  const link = wrapper(clientLinkSchema).parse(await res.json()).Dados
  return { ...link, record: `/view/${module}/${encodeURIComponent(id)}` }
}
