import { data } from 'react-router'
import type { Route } from './+types/pick'
import { featureOf } from '../../features'
import type { PickOption } from '../../kit/module'
import { callBff } from '../../lib/api.server'
import { requireUser } from '../../lib/session.server'
import { wrapper } from '../../../domain/schemas/common.ts'
import { listAnswer } from '../../../domain/schemas/resource.ts'

export type PickAnswer = { options: PickOption[] }

/**
 * A form's picker (app/kit/picker-input.tsx): the choices for what the user typed (`q`), narrowed
 * by the filters the picker names (`clientId=`: another field's choice), or the one choice of an
 * id (`id`: the form's current value, for what follows it), from the picked module's API — so
 * what the user may not read is not offered.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(request, context)
  const picker = featureOf(params.module)?.pickers?.[params.picker]
  if (!picker) throw data(null, { status: 404 })
  const url = new URL(request.url)
  const id = url.searchParams.get('id')
  const text = (url.searchParams.get('q') ?? '').trim().slice(0, 100)
  // narrowed by another field's choice (an invoice's orders: the client's): nothing until it is made
  const narrow: Record<string, string> = {}
  for (const name of picker.narrow ?? []) {
    const value = url.searchParams.get(name)?.slice(0, 100)
    if (!value && !id) return { options: [] } satisfies PickAnswer
    if (value) narrow[name] = value
  }
  const res = await callBff(request, context, id ? picker.one(id.slice(0, 100)) : picker.search(text, narrow))
  if (!res.ok) return { options: [] } satisfies PickAnswer
  const body = await res.json()
  // the module's answer as any of its reads: one record, or a page of them
  const rows = id ? [wrapper(picker.row).parse(body).Dados] : listAnswer(picker.row).parse(body).Dados.items
  return { options: rows.map(picker.option) } satisfies PickAnswer
}
